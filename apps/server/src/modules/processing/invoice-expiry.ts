import { and, asc, eq, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { invoices } from '../../db/schema.ts';
import { applyStatusChange } from '../invoice-lifecycle/invoice-changes.ts';
import type { BackgroundJob } from '../jobs/background-jobs.ts';

const BATCH_SIZE = 100;

/**
 * Cancels forms past their expiry: NEW invoices of both flows and deposits waiting for the
 * customer's transfer. A withdrawal in progress is with the provider and is never expired.
 * Rows are claimed with SKIP LOCKED, so several instances never expire one invoice twice.
 */
export const expireDueInvoices = async (db: Database, batchSize = BATCH_SIZE): Promise<number> =>
  db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(invoices)
      .where(
        and(
          lte(invoices.expiresAt, sql`now()`),
          or(
            eq(invoices.status, 'NEW'),
            and(eq(invoices.status, 'IN_PROGRESS'), eq(invoices.flowType, 'DEPOSIT')),
          ),
        ),
      )
      .orderBy(asc(invoices.expiresAt))
      .limit(batchSize)
      .for('update', { skipLocked: true });
    for (const invoice of due) {
      await applyStatusChange(tx, invoice, 'CANCELED', { personId: null }, 'expired');
    }
    return due.length;
  });

export const invoiceExpiryJob = (db: Database, idleDelayMs = 5_000): BackgroundJob => ({
  name: 'invoice-expiry',
  idleDelayMs,
  runOnce: async () => (await expireDueInvoices(db)) === BATCH_SIZE,
});
