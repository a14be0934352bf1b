import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { invoices } from '../../db/schema.ts';
import { conflict, HttpError, notFound } from '../../http/http-errors.ts';
import { lockInvoice } from '../invoices/invoice-status-service.ts';

export type FormInvoice = typeof invoices.$inferSelect;

/** Form ids are base64url of at least 128 random bits; anything else is not a form. */
export const formIdParams = {
  type: 'object',
  required: ['formId'],
  properties: { formId: { type: 'string', pattern: '^[A-Za-z0-9_-]{22,64}$' } },
} as const;

export type FormIdParams = { formId: string };

export const PAYMENT_FORM_MESSAGES = {
  notFound: 'Payment not found',
  expired: 'The payment has expired',
  canceled: 'The payment was cancelled',
  finished: 'The payment is already finished',
} as const;

const gone = (message: string) => new HttpError(410, message);

/** Whether the form's time is up, whatever the expiry worker has done so far. */
export const isPastExpiry = (invoice: FormInvoice, now = new Date()) =>
  invoice.expiresAt.getTime() <= now.getTime();

export const findFormInvoice = async (db: Database, formId: string): Promise<FormInvoice> => {
  const [invoice] = await db.select().from(invoices).where(eq(invoices.formId, formId));
  if (!invoice) throw notFound(PAYMENT_FORM_MESSAGES.notFound);
  return invoice;
};

/**
 * A form the customer can still act on: 410 once expired or cancelled, 409 once it has another
 * outcome. An open invoice past its expiry is treated as expired before the worker cancels it.
 */
export const requireActionableForm = (invoice: FormInvoice): FormInvoice => {
  if (invoice.status === 'CANCELED') throw gone(PAYMENT_FORM_MESSAGES.canceled);
  if (invoice.status === 'DONE' || invoice.status === 'DECLINED') {
    throw conflict(PAYMENT_FORM_MESSAGES.finished);
  }
  if (isPastExpiry(invoice) && (invoice.status === 'NEW' || invoice.flowType === 'DEPOSIT')) {
    throw gone(PAYMENT_FORM_MESSAGES.expired);
  }
  return invoice;
};

/** Locks the form's invoice for a change (see lockInvoice) after finding it by form id. */
export const lockFormInvoice = async (tx: Database, formId: string): Promise<FormInvoice> => {
  const { id } = await findFormInvoice(tx, formId);
  return lockInvoice(tx, id);
};
