import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { invoices } from '../../db/schema.ts';
import { notFound } from '../../http/http-errors.ts';
import type { AuthenticatedPerson } from '../auth/authenticated-person.ts';
import { lockInvoice } from '../invoice-lifecycle/invoice-changes.ts';
import {
  invoiceRowSelection,
  presentInvoice,
  selectInvoiceRows,
} from '../invoices/invoice-presenter.ts';
import { merchantScopeOf, scopeAllows } from '../merchants/merchant-scope.ts';

/** Query of the per-invoice reads of SPEC §7 (?invoiceId=...). */
export const invoiceIdQuerySchema = {
  type: 'object',
  required: ['invoiceId'],
  additionalProperties: false,
  properties: { invoiceId: { type: 'string', format: 'uuid' } },
} as const;

export type InvoiceIdQuery = { invoiceId: string };

const INVOICE_NOT_FOUND = 'Invoice not found';

/** The invoice's merchant, if the caller may see it; another merchant's invoice is a 404. */
export const requireVisibleInvoice = async (
  db: Database,
  person: AuthenticatedPerson,
  invoiceId: string,
): Promise<{ id: string; merchantId: number }> => {
  const [invoice] = await db
    .select({ id: invoices.id, merchantId: invoices.merchantId })
    .from(invoices)
    .where(eq(invoices.id, invoiceId));
  if (!invoice || !scopeAllows(merchantScopeOf(person), invoice.merchantId)) {
    throw notFound(INVOICE_NOT_FOUND);
  }
  return invoice;
};

/** `lockInvoice` for a back-office change: 404 unless the caller may see the invoice. */
export const lockVisibleInvoice = async (
  tx: Database,
  person: AuthenticatedPerson,
  invoiceId: string,
) => {
  const invoice = await lockInvoice(tx, invoiceId);
  if (!scopeAllows(merchantScopeOf(person), invoice.merchantId)) throw notFound(INVOICE_NOT_FOUND);
  return invoice;
};

/** The invoice JSON of the list and details, for answers to changes. */
export const presentInvoiceById = async (
  db: Database,
  person: AuthenticatedPerson,
  invoiceId: string,
) => {
  const [row] = await selectInvoiceRows(db, eq(invoiceRowSelection.id, invoiceId));
  if (!row) throw notFound(INVOICE_NOT_FOUND);
  return presentInvoice(row, person);
};
