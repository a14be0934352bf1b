import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { invoices } from '../../db/schema.ts';
import { notFoundError } from '../../service-errors.ts';
import { type AuthenticatedPerson, merchantScopeOf, scopeAllows } from '../auth/auth-entry.ts';
import { type InvoiceListQuery, invoiceListConditions } from './invoice-list-filters.ts';
import { presentInvoice } from './invoice-presenter.ts';
import {
  callbacksOf,
  countInvoices,
  errorsOf,
  eventLogOf,
  providerAttemptsOf,
  selectInvoicePage,
  selectInvoiceRows,
  statusHistoryOf,
} from './invoice-read-repository.ts';
import { findInvoice } from './invoice-repository.ts';
import { INVOICE_NOT_FOUND, lockInvoice } from './invoice-status-service.ts';

/**
 * The back office's reads of invoices, within the caller's merchant scope: another merchant's
 * invoice answers like one that does not exist (404).
 */

const visibleTo = (person: AuthenticatedPerson, merchantId: number) =>
  scopeAllows(merchantScopeOf(person), merchantId);

/** The invoice, if the caller may see it. */
export const requireVisibleInvoice = async (
  db: Database,
  person: AuthenticatedPerson,
  invoiceId: string,
): Promise<{ id: string; merchantId: number }> => {
  const invoice = await findInvoice(db, invoiceId);
  if (!invoice || !visibleTo(person, invoice.merchantId)) throw notFoundError(INVOICE_NOT_FOUND);
  return invoice;
};

/** `lockInvoice` for a back-office change: 404 unless the caller may see the invoice. */
export const lockVisibleInvoice = async (
  tx: Database,
  person: AuthenticatedPerson,
  invoiceId: string,
) => {
  const invoice = await lockInvoice(tx, invoiceId);
  if (!visibleTo(person, invoice.merchantId)) throw notFoundError(INVOICE_NOT_FOUND);
  return invoice;
};

/** The invoice JSON of the list and details (for the details and answers to changes). */
export const presentInvoiceById = async (
  db: Database,
  person: AuthenticatedPerson,
  invoiceId: string,
) => {
  const [row] = await selectInvoiceRows(db, eq(invoices.id, invoiceId));
  if (!row || !visibleTo(person, row.merchantId)) throw notFoundError(INVOICE_NOT_FOUND);
  return presentInvoice(row, person);
};

/** One page of the caller's invoices with the filters of SPEC §3, and the total. */
export const listInvoices = async (
  db: Database,
  person: AuthenticatedPerson,
  { page, size, ...filters }: InvoiceListQuery,
) => {
  const scope = merchantScopeOf(person, filters.merchantId);
  const where = and(...(await invoiceListConditions(db, scope, filters)));
  const [rows, { total, totalExact }] = await Promise.all([
    selectInvoicePage(db, where, { limit: size, offset: page * size }),
    countInvoices(db, where),
  ]);
  return { items: rows.map((row) => presentInvoice(row, person)), page, size, total, totalExact };
};

/** A section of the invoice details (SPEC §2), once the caller may see the invoice. */
const section =
  <Row>(read: (db: Database, invoiceId: string) => Promise<Row[]>) =>
  async (db: Database, person: AuthenticatedPerson, invoiceId: string): Promise<Row[]> => {
    const invoice = await requireVisibleInvoice(db, person, invoiceId);
    return read(db, invoice.id);
  };

export const statusHistory = section(statusHistoryOf);
export const invoiceErrorsList = section(errorsOf);
export const invoiceEventLog = section(eventLogOf);
export const providerAttempts = section(providerAttemptsOf);
export const invoiceCallbacks = section(callbacksOf);
