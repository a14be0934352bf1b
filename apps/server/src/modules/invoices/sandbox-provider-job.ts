import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/database.ts';
import type { BackgroundJob } from '../jobs/jobs-entry.ts';
import { claimDueSandboxPayments } from './invoice-repository.ts';
import { applyStatusChange, closeProviderAttempt } from './invoice-status-service.ts';

const BATCH_SIZE = 50;

/**
 * The sandbox provider of test-processing terminals: it settles every payment in progress a few
 * seconds after it started, so the whole flow can be watched without a bank. It declines when the
 * customer's external id starts with "decline" (a merchant can test failures on purpose) and
 * confirms everything else.
 */
export const SANDBOX_DECLINE_PREFIX = 'decline';
export const SANDBOX_DECLINE_REASON = 'Declined by the sandbox provider';

export const settleSandboxPayments = async (
  db: Database,
  { delaySeconds, batchSize = BATCH_SIZE }: { delaySeconds: number; batchSize?: number },
): Promise<number> =>
  db.transaction(async (tx) => {
    const due = await claimDueSandboxPayments(tx, delaySeconds, batchSize);
    for (const invoice of due) {
      const declined = invoice.customerExternalId.toLowerCase().startsWith(SANDBOX_DECLINE_PREFIX);
      await closeProviderAttempt(tx, invoice, {
        succeeded: !declined,
        providerInvoiceId: `sandbox_${randomBytes(8).toString('hex')}`,
        failureReason: SANDBOX_DECLINE_REASON,
      });
      await applyStatusChange(
        tx,
        invoice,
        declined ? 'DECLINED' : 'DONE',
        { kind: 'sandbox', personId: null },
        'sandbox provider',
      );
    }
    return due.length;
  });

export const sandboxProviderJob = (
  db: Database,
  { delaySeconds, idleDelayMs = 1_000 }: { delaySeconds: number; idleDelayMs?: number },
): BackgroundJob => ({
  name: 'sandbox-provider',
  idleDelayMs,
  runOnce: async () => (await settleSandboxPayments(db, { delaySeconds })) === BATCH_SIZE,
});
