import type { Database } from '../../db/database.ts';
import { type AuthenticatedPerson, singleMerchantOf } from '../auth/auth-entry.ts';
import {
  type BalanceMovementPageRow,
  findBalanceMovementPage,
} from '../balances/balances-entry.ts';
import { requireCurrency } from './report-service.ts';

/** The query of GET /api/v1/balance/movements, as its schema gives it. */
export interface BalanceMovementQuery {
  merchantId?: number;
  currencyId: number;
  invoiceId?: string;
  beforeId?: number;
  limit: number;
}

export interface BalanceMovementPage {
  currency: { code: string; dimension: number };
  rows: BalanceMovementPageRow[];
  hasMore: boolean;
}

/**
 * A page of one balance's movements, newest first (decision 0029): the balance statement's rows
 * on screen. One balance is one merchant's money in one currency, so a person who sees every
 * merchant names one (the header's choice) and everyone else reads their own; another
 * merchant's id answers 404 like a missing one, as the statement's does (singleMerchantOf). The
 * cursor is a plain bound on the ledger id: the page holds only the merchant's own rows whatever
 * it names, so it needs no check of its own.
 */
export const balanceMovementPage = async (
  db: Database,
  person: AuthenticatedPerson,
  { merchantId, currencyId, invoiceId, beforeId, limit }: BalanceMovementQuery,
): Promise<BalanceMovementPage> => {
  const balanceMerchantId = singleMerchantOf(person, merchantId);
  const currency = await requireCurrency(db, currencyId);
  const page = await findBalanceMovementPage(
    db,
    {
      merchantId: balanceMerchantId,
      currencyId,
      ...(invoiceId === undefined ? {} : { invoiceId }),
      ...(beforeId === undefined ? {} : { beforeId }),
    },
    limit,
  );
  return { currency: { code: currency.code.trim(), dimension: currency.dimension }, ...page };
};
