import { randomBytes } from 'node:crypto';
import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { invoices } from '../../db/schema.ts';
import { applyStatusChange } from '../invoice-lifecycle/invoice-changes.ts';
import { closeProviderAttempt } from '../invoice-lifecycle/provider-attempts.ts';
import type { BackgroundJob } from '../jobs/background-jobs.ts';

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
    const due = await tx
      .select()
      .from(invoices)
      .where(
        and(
          eq(invoices.status, 'IN_PROGRESS'),
          eq(invoices.isTestProcessing, true),
          lte(invoices.statusDate, sql`now() - make_interval(secs => ${delaySeconds})`),
        ),
      )
      .orderBy(asc(invoices.statusDate))
      .limit(batchSize)
      .for('update', { skipLocked: true });

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
        { personId: null },
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
