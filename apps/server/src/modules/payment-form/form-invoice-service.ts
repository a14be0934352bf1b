import { isPaymentExpired } from '@paygate/domain';
import { type Database, databaseNow } from '../../db/database.ts';
import { goneError, notFoundError, stateConflict } from '../../service-errors.ts';
import {
  findInvoiceByFormId,
  type InvoiceRecord,
  lockInvoice,
} from '../invoices/invoices-entry.ts';
import { isTerminalEnabled } from '../terminals/terminals-entry.ts';

/** The invoice behind a payment form, found by the form's public id. */
export type FormInvoice = InvoiceRecord;

export const PAYMENT_FORM_MESSAGES = {
  notFound: 'Payment not found',
  expired: 'The payment has expired',
  canceled: 'The payment was cancelled',
  finished: 'The payment is already finished',
  tooLateToPay: 'Too little time is left to pay: ask the shop for a new payment',
} as const;

const MINUTE_MS = 60_000;

export const findFormInvoice = async (db: Database, formId: string): Promise<FormInvoice> => {
  const invoice = await findInvoiceByFormId(db, formId);
  if (!invoice) throw notFoundError(PAYMENT_FORM_MESSAGES.notFound);
  return invoice;
};

/** Whether a cancelled payment was cancelled at or after its deadline. */
const wasCancelledOnExpiry = ({ expiresAt, statusDate }: FormInvoice): boolean =>
  statusDate !== null && expiresAt !== null && expiresAt.getTime() <= statusDate.getTime();

/**
 * A form the customer can still act on: 410 once expired or cancelled, 409 once it has another
 * outcome. An open invoice past its expiry (at `now`) is treated as expired before the worker
 * cancels it.
 */
export const requireActionableForm = (invoice: FormInvoice, now = new Date()): FormInvoice => {
  if (invoice.status === 'CANCELED') {
    // Cancelled once its time was up (the expiry job, or anyone after the deadline): the
    // customer is told it expired, as before the job ran; earlier, that it was cancelled.
    throw wasCancelledOnExpiry(invoice)
      ? goneError(PAYMENT_FORM_MESSAGES.expired, 'payment_expired')
      : goneError(PAYMENT_FORM_MESSAGES.canceled, 'payment_canceled');
  }
  if (invoice.status === 'DONE' || invoice.status === 'DECLINED') {
    throw stateConflict(PAYMENT_FORM_MESSAGES.finished, 'payment_finished');
  }
  // What the expiry job cancels (packages/domain paymentExpiryOf): a deposit the provider has
  // reported (PAYED) never expires, the money is in; one the customer says they paid has a grace.
  if (isPaymentExpired(invoice, now)) {
    throw goneError(PAYMENT_FORM_MESSAGES.expired, 'payment_expired');
  }
  return invoice;
};

/**
 * A payment not started yet (NEW) on a terminal its merchant has switched off is cancelled for the
 * customer (410), before any requisites are handed out or any payout is requested: the switch is
 * the merchant's kill switch (decision 0004). A started payment goes on: a customer given
 * requisites may already have paid to them.
 */
export const requireTerminalTakingPayments = async (
  db: Database,
  invoice: FormInvoice,
): Promise<FormInvoice> => {
  if (invoice.status === 'NEW' && !(await isTerminalEnabled(db, invoice.terminalId))) {
    throw goneError(PAYMENT_FORM_MESSAGES.canceled, 'payment_canceled');
  }
  return invoice;
};

/**
 * requireActionableForm for an invoice locked by the caller's transaction, against the database's
 * clock, the one the expiry job cancels by: nothing the customer does is applied once the job
 * would have cancelled the payment, however late the request got its lock or the app's clock is.
 * With `minutesToPay`, also 410 when less than that is left before the deadline.
 */
export const requireActionableWhileLocked = async (
  tx: Database,
  locked: FormInvoice,
  { minutesToPay = 0 }: { minutesToPay?: number } = {},
): Promise<FormInvoice> => {
  const now = await databaseNow(tx);
  requireActionableForm(locked, now);
  // Requisites shown with seconds left: the payment is cancelled before the money arrives, and
  // its account and amount go to the next customer (decision 0008).
  if (minutesToPay > 0 && locked.expiresAt.getTime() - now.getTime() < minutesToPay * MINUTE_MS) {
    throw goneError(PAYMENT_FORM_MESSAGES.tooLateToPay, 'payment_expired');
  }
  return locked;
};

/**
 * Locks the form's invoice for a change (see lockInvoice) after finding it by form id, and
 * requires it to be actionable (requireActionableWhileLocked).
 */
export const lockActionableFormInvoice = async (
  tx: Database,
  formId: string,
): Promise<FormInvoice> => {
  const { id } = await findFormInvoice(tx, formId);
  return requireActionableWhileLocked(tx, await lockInvoice(tx, id));
};
