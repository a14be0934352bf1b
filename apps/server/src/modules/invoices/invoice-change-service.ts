import {
  canChangeInvoiceStatus,
  isInvoiceStatusCode,
  mayRetryInvoice,
  REFERENCE_HEADER_IDS,
} from '@paygate/domain';
import type { Database } from '../../db/database.ts';
import { invalid, notAllowed, stateConflict } from '../../service-errors.ts';
import { recordEvent } from '../audit/audit-entry.ts';
import type { AuthenticatedPerson } from '../auth/auth-entry.ts';
import { enqueueCallback } from './invoice-outbox.ts';
import { lockVisibleInvoice } from './invoice-read-service.ts';
import { currencyLimitsOf, referenceItemCode } from './invoice-repository.ts';
import { applyAmountChange, applyStatusChange, retryWithdrawal } from './invoice-status-service.ts';

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
    if (currency && amount > currency.maxValue) {
      throw invalid(`Amount must not exceed ${currency.maxValue} (${currency.code} minor units)`);
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
