import { PAID_WITHDRAWAL_STATUSES } from '@paygate/domain';
import { type AnyColumn, and, eq, inArray, or, type SQL } from 'drizzle-orm';
import { invoices } from '../../db/schema.ts';

/**
 * Whether money moved for an invoice of flow `flow` in status `status` (columns of any table that
 * keeps them, such as the balance ledger's before and after), for figures and reports: a deposit
 * once confirmed (DONE), a payout as soon as the provider paid it (DONE or PAYED) — credit late,
 * debit early (decision 0006). Null status: false. The rule of hasMovedMoney in packages/domain.
 */
export const movedMoneyIn = (flow: AnyColumn, status: AnyColumn): SQL =>
  or(
    and(eq(flow, 'DEPOSIT'), eq(status, 'DONE')),
    and(eq(flow, 'WITHDRAWAL'), inArray(status, [...PAID_WITHDRAWAL_STATUSES])),
  ) as SQL;

/** Invoices whose money moved, in their current status (movedMoneyIn). */
export const movedMoney = movedMoneyIn(invoices.flowType, invoices.status);
