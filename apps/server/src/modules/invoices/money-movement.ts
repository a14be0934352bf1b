import { and, eq, inArray, or } from 'drizzle-orm';
import { invoices } from '../../db/schema.ts';

/**
 * Invoices whose money moved, for figures and reports: a deposit once confirmed (DONE), a payout
 * as soon as the provider paid it (DONE or PAYED) — credit late, debit early (decision 0006).
 */
export const movedMoney = or(
  and(eq(invoices.flowType, 'DEPOSIT'), eq(invoices.status, 'DONE')),
  and(eq(invoices.flowType, 'WITHDRAWAL'), inArray(invoices.status, ['DONE', 'PAYED'])),
);
