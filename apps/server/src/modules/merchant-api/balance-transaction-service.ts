import { balanceTransactionIdOf } from '@paygate/domain';
import type { Database } from '../../db/database.ts';
import { invalid } from '../../service-errors.ts';
import {
  type BalanceMovementPageRow,
  findBalanceMovementPage,
} from '../balances/balances-entry.ts';
import { isMerchantBalanceTransaction } from './balance-transaction-repository.ts';
import type { ApiMerchant } from './merchant-auth.ts';
import { findCurrencyByCode } from './merchant-invoice-repository.ts';

export interface BalanceTransactionListQuery {
  currency?: string;
  invoiceId?: string;
  limit: number;
  starting_after?: string;
}

/**
 * The same answer for an unknown id and another merchant's: a cursor cannot tell whether a
 * transaction exists.
 */
export const UNKNOWN_BALANCE_TRANSACTION_CURSOR =
  'starting_after must be the id of one of your balance transactions (btx_…): the last one of the previous page';

/**
 * A page of the merchant's balance transactions (its balance ledger rows, decision 0029), newest
 * first; only its own, whatever the filters say.
 */
export const listBalanceTransactions = async (
  db: Database,
  merchant: ApiMerchant,
  query: BalanceTransactionListQuery,
): Promise<{ rows: BalanceMovementPageRow[]; hasMore: boolean }> => {
  let currencyId: number | undefined;
  if (query.currency !== undefined) {
    currencyId = (await findCurrencyByCode(db, query.currency))?.id;
    // A currency no balance can hold matches nothing, as a filter should.
    if (currencyId === undefined) return { rows: [], hasMore: false };
  }
  let beforeId: number | undefined;
  if (query.starting_after !== undefined) {
    const id = balanceTransactionIdOf(query.starting_after);
    if (id === null || !(await isMerchantBalanceTransaction(db, merchant.id, id))) {
      throw invalid(UNKNOWN_BALANCE_TRANSACTION_CURSOR);
    }
    beforeId = id;
  }
  return findBalanceMovementPage(
    db,
    {
      merchantId: merchant.id,
      ...(currencyId === undefined ? {} : { currencyId }),
      ...(query.invoiceId === undefined ? {} : { invoiceId: query.invoiceId }),
      ...(beforeId === undefined ? {} : { beforeId }),
    },
    query.limit,
  );
};
