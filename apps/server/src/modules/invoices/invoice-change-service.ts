import {
  amountAboveMaximumMessage,
  canChangeInvoiceStatus,
  isAboveCurrencyMaximum,
  isInvoiceStatusCode,
  mayChangeStatus,
  mayRetryInvoice,
  REFERENCE_HEADER_IDS,
  type SimulatedStatus,
} from '@paygate/domain';
import type { Database } from '../../db/database.ts';
import { invalid, notAllowed, stateConflict } from '../../service-errors.ts';
import { recordEvent } from '../audit/audit-entry.ts';
import type { AuthenticatedPerson } from '../auth/auth-entry.ts';
import { enqueueCallback } from './invoice-outbox.ts';
import { lockVisibleInvoice } from './invoice-read-service.ts';
import {
  currencyLimitsOf,
  findOpenProviderAttempt,
  openProviderAttempt,
  referenceItemCode,
} from './invoice-repository.ts';
import {
  applyAmountChange,
  applyStatusChange,
  retryWithdrawal,
  wasPaidOut,
} from './invoice-status-service.ts';
import { settleSandboxPayment } from './sandbox-provider-job.ts';

/** The back office's changes to one invoice (SPEC §4, §7), each in its own transaction. */

export const CALLBACK_EVENT_CODES = { manualCallbackQueued: 'CALLBACK_REQUESTED' } as const;

interface Request {
  person: AuthenticatedPerson;
  invoiceId: string;
  sourceIp: string;
}

/** Sets a status chosen from the payment status list (reference 201) by hand. */
export const changeStatusByHand = async (
  db: Database,
  { person, invoiceId, sourceIp }: Request,
  statusId: number,
): Promise<void> => {
  const target = await referenceItemCode(db, REFERENCE_HEADER_IDS.paymentStatus, statusId);
  if (!target || !isInvoiceStatusCode(target)) throw invalid('Unknown status');
  await db.transaction(async (tx) => {
    const invoice = await lockVisibleInvoice(tx, person, invoiceId);
    if (!canChangeInvoiceStatus(person, invoice)) throw notAllowed();
    await applyStatusChange(
      tx,
      invoice,
      target,
      { kind: 'staff', personId: person.id, sourceIp },
      'manual change',
    );
    // A payout put in the provider's queue by hand, the way a retry would (from NEW or DECLINED),
    // goes to the provider as a retry does: its money is reserved from now on (decision 0017),
    // and nothing else would ever send it. Only with somewhere to pay to; never one that was
    // paid already (PAYED or DONE back to IN_PROGRESS is a correction, not a second payout, and
    // so is a paid one declined by hand and queued again: wasPaidOut).
    if (
      invoice.flowType === 'WITHDRAWAL' &&
      target === 'IN_PROGRESS' &&
      mayChangeStatus('retry', invoice.status, 'IN_PROGRESS') &&
      invoice.credentialValue !== null &&
      !(await findOpenProviderAttempt(tx, invoice.id)) &&
      !(await wasPaidOut(tx, invoice))
    ) {
      await openProviderAttempt(tx, invoice.id);
    }
  });
};

/** Corrects an invoice's amount (minor units), within its currency's maximum. */
export const correctAmount = async (
  db: Database,
  { person, invoiceId, sourceIp }: Request,
  amount: bigint,
): Promise<void> => {
  await db.transaction(async (tx) => {
    const invoice = await lockVisibleInvoice(tx, person, invoiceId);
    if (invoice.amount === amount) throw stateConflict('The invoice already has this amount');
    const currency = await currencyLimitsOf(tx, invoice.currencyId);
    if (currency && isAboveCurrencyMaximum(amount, currency.maxValue)) {
      throw invalid(amountAboveMaximumMessage(currency.maxValue, currency));
    }
    await applyAmountChange(tx, invoice, amount, { kind: 'staff', personId: person.id, sourceIp });
  });
};

/** Sends a withdrawal to the provider again, for its merchant's users or staff (decision 0006). */
export const retryByRequest = async (
  db: Database,
  { person, invoiceId, sourceIp }: Request,
): Promise<void> => {
  await db.transaction(async (tx) => {
    const invoice = await lockVisibleInvoice(tx, person, invoiceId);
    if (!mayRetryInvoice(person, invoice)) throw notAllowed();
    await retryWithdrawal(tx, invoice, { personId: person.id, sourceIp });
  });
};

/** Queues a callback with the invoice as it stands now (409 without a callback URL). */
export const queueManualCallback = async (db: Database, { person, invoiceId, sourceIp }: Request) =>
  db.transaction(async (tx) => {
    const invoice = await lockVisibleInvoice(tx, person, invoiceId);
    const queued = await enqueueCallback(tx, invoice, { isManual: true });
    if (!queued) throw stateConflict('The invoice has no callback URL');
    await recordEvent(tx, {
      eventCode: CALLBACK_EVENT_CODES.manualCallbackQueued,
      description: `Manual callback queued with status ${invoice.status}`,
      personId: person.id,
      merchantId: invoice.merchantId,
      invoiceId: invoice.id,
      entityType: 'callback',
      entityId: queued.id,
      sourceIp,
    });
    return queued;
  });

/**
 * Simulate (issue 23 item 5): settles a test invoice at once as the sandbox provider would, paid
 * or declined, so an integrator drives every callback without a bank or a wait. A NEW one is
 * started first, as the customer would. Only test-processing invoices; the status history names
 * the person.
 */
export const simulateOutcome = async (
  db: Database,
  { person, invoiceId, sourceIp }: Request,
  status: SimulatedStatus,
): Promise<void> => {
  await db.transaction(async (tx) => {
    let invoice = await lockVisibleInvoice(tx, person, invoiceId);
    if (!invoice.isTestProcessing) throw stateConflict('Only test invoices can be simulated');
    const actor = { personId: person.id, sourceIp };
    if (invoice.status === 'NEW') {
      invoice = await applyStatusChange(
        tx,
        invoice,
        'IN_PROGRESS',
        { kind: 'customer', ...actor },
        'simulated',
      );
    }
    if (invoice.status !== 'IN_PROGRESS') {
      throw stateConflict(`A ${invoice.status} invoice cannot be simulated`);
    }
    await settleSandboxPayment(tx, invoice, status === 'DONE' ? 'succeed' : 'decline', {
      reason: 'simulated',
      ...actor,
    });
  });
};
