import { hasPermission } from '@paygate/domain';
import { and, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/database.ts';
import {
  currencies,
  invoices,
  paymentMethods,
  peopleAccounts,
  providers,
  referenceItems,
  terminals,
} from '../../db/schema.ts';
import { minorUnitsJson } from '../../http/money-json.ts';
import type { AuthenticatedPerson } from '../auth/authenticated-person.ts';

const statusItems = alias(referenceItems, 'status_items');

/**
 * SPEC §3 Invoice, as the list and the details read it (the CSV export formats its columns in
 * SQL: reports/invoice-csv-export.ts).
 */
export const invoiceRowSelection = {
  id: invoices.id,
  merchantId: invoices.merchantId,
  merchantInvoiceId: invoices.merchantInvoiceId,
  providerInvoiceId: invoices.providerInvoiceId,
  amount: invoices.amount,
  fee: invoices.fee,
  currencyCode: currencies.code,
  currencyDimension: currencies.dimension,
  flowType: invoices.flowType,
  status: invoices.status,
  statusId: statusItems.id,
  statusValue: statusItems.value,
  statusDate: invoices.statusDate,
  createdAt: invoices.createdAt,
  isTestProcessing: invoices.isTestProcessing,
  customerExternalId: invoices.customerExternalId,
  customerFirstName: invoices.customerFirstName,
  customerLastName: invoices.customerLastName,
  terminalId: terminals.id,
  terminalName: terminals.name,
  paymentMethodId: paymentMethods.id,
  paymentMethodName: paymentMethods.name,
  credentialValue: invoices.credentialValue,
  bankName: peopleAccounts.bankName,
  ownerName: peopleAccounts.ownerName,
  providerName: providers.name,
};

/** The joined select every invoice read starts from. */
export const selectInvoiceRows = (db: Database, where: SQL | undefined) =>
  db
    .select(invoiceRowSelection)
    .from(invoices)
    .innerJoin(currencies, eq(currencies.id, invoices.currencyId))
    .innerJoin(terminals, eq(terminals.id, invoices.terminalId))
    .leftJoin(
      statusItems,
      and(eq(statusItems.headerId, 201), eq(statusItems.code, invoices.status)),
    )
    .leftJoin(paymentMethods, eq(paymentMethods.id, invoices.paymentMethodId))
    .leftJoin(peopleAccounts, eq(peopleAccounts.id, invoices.peopleAccountId))
    .leftJoin(providers, eq(providers.id, peopleAccounts.providerId))
    .where(where);

export type InvoiceRow = Awaited<ReturnType<typeof selectInvoiceRows>>[number];

/**
 * One page of invoices matching `where`, newest first. The page's ids are chosen on the invoice
 * table alone (an index walk in created_at order that stops after `limit` rows) and only those
 * rows are joined: with the joins in the same query the planner joins every match before it
 * sorts, which over a million invoices takes hundreds of milliseconds (issue 10).
 */
export const selectInvoicePage = (
  db: Database,
  where: SQL | undefined,
  { limit, offset = 0 }: { limit: number; offset?: number },
) => {
  const pageIds = db
    .select({ id: invoices.id })
    .from(invoices)
    .where(where)
    .orderBy(desc(invoices.createdAt), desc(invoices.id))
    .limit(limit)
    .offset(offset);
  return selectInvoiceRows(db, inArray(invoices.id, pageIds)).orderBy(
    desc(invoices.createdAt),
    desc(invoices.id),
  );
};

/**
 * The JSON of an invoice. Provider invoice ids and credentials are sent only to holders of
 * invoice.provider.read and invoice.credentials.read: hiding them in the UI is not enough.
 */
export const presentInvoice = (row: InvoiceRow, person: AuthenticatedPerson) => {
  const showProvider = hasPermission(person, 'invoice.provider.read');
  const showCredentials = hasPermission(person, 'invoice.credentials.read');
  return {
    invoiceId: row.id,
    merchantId: row.merchantId,
    merchantInvoiceId: row.merchantInvoiceId,
    providerInvoiceId: showProvider ? row.providerInvoiceId : null,
    amount: minorUnitsJson(row.amount),
    fee: minorUnitsJson(row.fee),
    currency: { code: row.currencyCode.trim(), dimension: row.currencyDimension },
    flowType: { code: row.flowType },
    invoiceStatus: { id: row.statusId, code: row.status, value: row.statusValue ?? row.status },
    statusDate: row.statusDate.toISOString(),
    createdDate: row.createdAt.toISOString(),
    isTestProcessing: row.isTestProcessing,
    customer: {
      externalId: row.customerExternalId,
      people: { firstName: row.customerFirstName, lastName: row.customerLastName },
    },
    terminal: { id: row.terminalId, name: row.terminalName },
    paymentMethod:
      row.paymentMethodId === null
        ? null
        : { id: row.paymentMethodId, name: row.paymentMethodName },
    account: showCredentials && row.credentialValue ? { value: row.credentialValue } : null,
    credentials: showCredentials
      ? { bankName: row.bankName, owner: row.ownerName, provider: row.providerName }
      : null,
  };
};

const nullableString = { type: ['string', 'null'] } as const;

export const invoiceSchema = {
  type: 'object',
  required: [
    'invoiceId',
    'merchantInvoiceId',
    'amount',
    'fee',
    'currency',
    'flowType',
    'invoiceStatus',
    'statusDate',
    'createdDate',
    'isTestProcessing',
    'customer',
    'terminal',
  ],
  properties: {
    invoiceId: { type: 'string', format: 'uuid' },
    merchantId: { type: 'integer' },
    merchantInvoiceId: { type: 'string' },
    providerInvoiceId: nullableString,
    amount: { type: 'integer', description: 'Minor units' },
    fee: { type: 'integer', description: 'Minor units' },
    currency: {
      type: 'object',
      properties: { code: { type: 'string' }, dimension: { type: 'integer' } },
    },
    flowType: {
      type: 'object',
      properties: { code: { type: 'string', enum: ['DEPOSIT', 'WITHDRAWAL'] } },
    },
    invoiceStatus: {
      type: 'object',
      properties: {
        id: { type: ['integer', 'null'] },
        code: { type: 'string' },
        value: { type: 'string' },
      },
    },
    statusDate: { type: 'string', format: 'date-time' },
    createdDate: { type: 'string', format: 'date-time' },
    isTestProcessing: { type: 'boolean' },
    customer: {
      type: 'object',
      properties: {
        externalId: { type: 'string' },
        people: {
          type: 'object',
          properties: { firstName: { type: 'string' }, lastName: { type: 'string' } },
        },
      },
    },
    terminal: { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' } } },
    paymentMethod: {
      type: ['object', 'null'],
      properties: { id: { type: 'integer' }, name: { type: 'string' } },
    },
    account: { type: ['object', 'null'], properties: { value: { type: 'string' } } },
    credentials: {
      type: ['object', 'null'],
      properties: { bankName: nullableString, owner: nullableString, provider: nullableString },
    },
  },
} as const;
