import type { Database } from '../../db/database.ts';
import type { BackgroundJob } from '../jobs/jobs-entry.ts';
import { claimExpiredInvoices } from './invoice-repository.ts';
import { applyStatusChange } from './invoice-status-service.ts';

const BATCH_SIZE = 100;

/**
 * Cancels forms past their expiry: NEW invoices of both flows and deposits waiting for the
 * customer's transfer. A withdrawal in progress is with the provider and is never expired.
 * Rows are claimed with SKIP LOCKED, so several instances never expire one invoice twice.
 */
export const expireDueInvoices = async (db: Database, batchSize = BATCH_SIZE): Promise<number> =>
  db.transaction(async (tx) => {
    const due = await claimExpiredInvoices(tx, batchSize);
    for (const invoice of due) {
      await applyStatusChange(
        tx,
        invoice,
        'CANCELED',
        { kind: 'expiry', personId: null },
        'expired',
      );
    }
    return due.length;
  });

export const invoiceExpiryJob = (db: Database, idleDelayMs = 5_000): BackgroundJob => ({
  name: 'invoice-expiry',
  idleDelayMs,
  runOnce: async () => (await expireDueInvoices(db)) === BATCH_SIZE,
});
