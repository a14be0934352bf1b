import type { Database } from '../../db/database.ts';
import { describeError } from '../../diagnostics/error-text.ts';
import { type BackgroundJob, BatchPartlyFailed } from '../jobs/jobs-entry.ts';
import {
  claimExpiredInvoices,
  type InvoiceRecord,
  recordExpiryFailure,
} from './invoice-repository.ts';
import { applyStatusChange } from './invoice-status-service.ts';

const BATCH_SIZE = 100;

/**
 * The order a claimed batch is cancelled in: by the people account whose limit each cancel
 * releases (none first), then by id. Every instance then takes account rows in one order, so two
 * batches cancelling deposits of the same accounts never wait for each other in a circle, which
 * PostgreSQL would end by aborting one whole batch.
 */
export const inAccountOrder = <Invoice extends Pick<InvoiceRecord, 'id' | 'peopleAccountId'>>(
  due: readonly Invoice[],
): Invoice[] =>
  [...due].sort(
    (a, b) =>
      (a.peopleAccountId ?? -1) - (b.peopleAccountId ?? -1) ||
      (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );

/**
 * Cancels forms past their expiry: NEW invoices of both flows and deposits waiting for the
 * customer's transfer. A withdrawal in progress is with the provider and is never expired.
 * Rows are claimed with SKIP LOCKED, so several instances never expire one invoice twice.
 * Each cancel is a savepoint of its own: one invoice that cannot be cancelled does not hold up
 * every expiry behind it, and it waits before it is claimed again (recordExpiryFailure), so
 * invoices that fail every time never fill the batch either; the failures are thrown once the
 * rest are committed (BatchPartlyFailed, so a full batch still runs again at once).
 */
export const expireDueInvoices = async (db: Database, batchSize = BATCH_SIZE): Promise<number> => {
  const failures: unknown[] = [];
  const claimed = await db.transaction(async (tx) => {
    const due = await claimExpiredInvoices(tx, batchSize);
    for (const invoice of inAccountOrder(due)) {
      try {
        await tx.transaction((savepoint) =>
          applyStatusChange(
            savepoint,
            invoice,
            'CANCELED',
            { kind: 'expiry', personId: null },
            'expired',
          ),
        );
      } catch (error) {
        failures.push(error);
        // In a savepoint of its own: failing to record the failure must not undo the batch.
        await tx
          .transaction((savepoint) =>
            recordExpiryFailure(savepoint, invoice.id, describeError(error).slice(0, 2_000)),
          )
          .catch((recordError: unknown) => failures.push(recordError));
      }
    }
    return due.length;
  });
  if (failures.length > 0) {
    throw new BatchPartlyFailed(
      failures,
      `invoice expiry: ${failures.length} of ${claimed} invoices could not be cancelled`,
      claimed === batchSize && failures.length < claimed,
    );
  }
  return claimed;
};

export const invoiceExpiryJob = (db: Database, idleDelayMs = 5_000): BackgroundJob => ({
  name: 'invoice-expiry',
  idleDelayMs,
  runOnce: async () => (await expireDueInvoices(db)) === BATCH_SIZE,
});
