import { randomBytes } from 'node:crypto';
import {
  SANDBOX_CUSTOMER_PREFIXES,
  SANDBOX_PHONE_SUFFIXES,
  type SandboxOutcome,
  sandboxOutcomeOf,
} from '@paygate/domain';
import type { Database } from '../../db/database.ts';
import type { BackgroundJob } from '../jobs/jobs-entry.ts';
import { claimDueSandboxPayments, type InvoiceRecord } from './invoice-repository.ts';
import { applyStatusChange, closeProviderAttempt } from './invoice-status-service.ts';

const BATCH_SIZE = 50;

/**
 * The sandbox provider of test-processing terminals: it settles every payment in progress a few
 * seconds after it started, so the whole flow can be watched without a bank. The customer's
 * external id or a payout's phone number chooses the outcome (packages/domain sandboxOutcomeOf:
 * succeed, decline, stay pending, or time out when the form expires), so a merchant tests every
 * callback on purpose; Simulate in the back office settles a test payment at once.
 */
export const SANDBOX_DECLINE_PREFIX = SANDBOX_CUSTOMER_PREFIXES.decline;
export const SANDBOX_DECLINE_REASON = 'Declined by the sandbox provider';
export const SANDBOX_TIMEOUT_REASON = 'The sandbox provider never answered (timeout)';

/** Settles one locked test payment in progress the way the sandbox provider does. */
export const settleSandboxPayment = async (
  tx: Database,
  invoice: InvoiceRecord,
  outcome: Exclude<SandboxOutcome, 'pending'>,
  {
    reason = 'sandbox provider',
    personId = null,
    sourceIp = null,
  }: {
    reason?: string;
    /** Who asked, for a simulated outcome. */
    personId?: number | null;
    sourceIp?: string | null;
  } = {},
) => {
  const succeeded = outcome === 'succeed';
  await closeProviderAttempt(tx, invoice, {
    succeeded,
    providerInvoiceId: `sandbox_${randomBytes(8).toString('hex')}`,
    failureReason: outcome === 'timeout' ? SANDBOX_TIMEOUT_REASON : SANDBOX_DECLINE_REASON,
  });
  return applyStatusChange(
    tx,
    invoice,
    succeeded ? 'DONE' : outcome === 'timeout' ? 'CANCELED' : 'DECLINED',
    { kind: outcome === 'timeout' ? 'expiry' : 'sandbox', personId, sourceIp },
    reason,
  );
};

export const settleSandboxPayments = async (
  db: Database,
  { delaySeconds, batchSize = BATCH_SIZE }: { delaySeconds: number; batchSize?: number },
): Promise<number> =>
  db.transaction(async (tx) => {
    const due = await claimDueSandboxPayments(tx, delaySeconds, batchSize, {
      customerPrefixes: SANDBOX_CUSTOMER_PREFIXES,
      phoneSuffixes: SANDBOX_PHONE_SUFFIXES,
    });
    for (const invoice of due) {
      const outcome = sandboxOutcomeOf(invoice);
      // The claim leaves these out; the rule in packages/domain has the last word.
      if (outcome === 'pending') continue;
      await settleSandboxPayment(tx, invoice, outcome);
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
