import type { Database } from '../../db/database.ts';
import { goneError, notFoundError, stateConflict } from '../../service-errors.ts';
import {
  findInvoiceByFormId,
  type InvoiceRecord,
  lockInvoice,
} from '../invoices/invoices-entry.ts';

/** The invoice behind a payment form, found by the form's public id. */
export type FormInvoice = InvoiceRecord;

export const PAYMENT_FORM_MESSAGES = {
  notFound: 'Payment not found',
  expired: 'The payment has expired',
  canceled: 'The payment was cancelled',
  finished: 'The payment is already finished',
} as const;

/** Whether the form's time is up, whatever the expiry worker has done so far. */
export const isPastExpiry = (invoice: FormInvoice, now = new Date()) =>
  invoice.expiresAt.getTime() <= now.getTime();

export const findFormInvoice = async (db: Database, formId: string): Promise<FormInvoice> => {
  const invoice = await findInvoiceByFormId(db, formId);
  if (!invoice) throw notFoundError(PAYMENT_FORM_MESSAGES.notFound);
  return invoice;
};

/**
 * A form the customer can still act on: 410 once expired or cancelled, 409 once it has another
 * outcome. An open invoice past its expiry is treated as expired before the worker cancels it.
 */
export const requireActionableForm = (invoice: FormInvoice): FormInvoice => {
  if (invoice.status === 'CANCELED')
    throw goneError(PAYMENT_FORM_MESSAGES.canceled, 'payment_canceled');
  if (invoice.status === 'DONE' || invoice.status === 'DECLINED') {
    throw stateConflict(PAYMENT_FORM_MESSAGES.finished, 'payment_finished');
  }
  if (isPastExpiry(invoice) && (invoice.status === 'NEW' || invoice.flowType === 'DEPOSIT')) {
    throw goneError(PAYMENT_FORM_MESSAGES.expired, 'payment_expired');
  }
  return invoice;
};

/** Locks the form's invoice for a change (see lockInvoice) after finding it by form id. */
export const lockFormInvoice = async (tx: Database, formId: string): Promise<FormInvoice> => {
  const { id } = await findFormInvoice(tx, formId);
  return lockInvoice(tx, id);
};
