import { REFERENCE_HEADER_IDS } from '@paygate/domain';
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type Database, queryRows } from '../../db/database.ts';
import {
  callbacks,
  currencies,
  eventLog,
  invoiceErrors,
  invoiceStatusHistory,
  invoices,
  invoiceTransactions,
  paymentMethods,
  people,
  peopleAccounts,
  providers,
  referenceItems,
  terminals,
} from '../../db/schema.ts';

/**
 * What the back office reads of invoices: the list page and its count, one invoice, and the
 * details' history sections. SQL only; visibility (merchant scope) is the read service's.
 */

const statusItems = alias(referenceItems, 'status_items');
const PAYMENT_STATUS_LIST = REFERENCE_HEADER_IDS.paymentStatus;

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
  peopleAccountId: invoices.peopleAccountId,
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
      and(eq(statusItems.headerId, PAYMENT_STATUS_LIST), eq(statusItems.code, invoices.status)),
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

/** Up to this many matching invoices the total is exact (docs/performance.md, count strategy). */
export const EXACT_TOTAL_LIMIT = 10_000;

/**
 * The total of a list. Counting every match of a broad filter over a million invoices costs a
 * scan of all of them on every page view, so the count stops after EXACT_TOTAL_LIMIT + 1
 * matches: below that the total is exact, above it the planner's row estimate for the same
 * WHERE (at least EXACT_TOTAL_LIMIT + 1) is returned with totalExact false.
 */
export const countInvoices = async (
  db: Database,
  where: SQL | undefined,
): Promise<{ total: number; totalExact: boolean }> => {
  const matches = db
    .select({ one: sql`1` })
    .from(invoices)
    .where(where)
    .limit(EXACT_TOTAL_LIMIT + 1)
    .as('matches');
  const [capped] = await db.select({ count: count() }).from(matches);
  const total = capped?.count ?? 0;
  if (total <= EXACT_TOTAL_LIMIT) return { total, totalExact: true };
  const whereClause = where ? sql` WHERE ${where}` : sql``;
  const [plan] = await queryRows<{ 'QUERY PLAN': unknown }>(
    db,
    sql`EXPLAIN (FORMAT JSON) SELECT 1 FROM ${invoices}${whereClause}`,
  );
  return {
    total: Math.max(EXACT_TOTAL_LIMIT + 1, plannedRows(plan?.['QUERY PLAN'])),
    totalExact: false,
  };
};

/** "Plan Rows" of EXPLAIN (FORMAT JSON) output, which drivers hand over parsed or as text. */
const plannedRows = (explained: unknown): number => {
  const parsed = typeof explained === 'string' ? (JSON.parse(explained) as unknown) : explained;
  const rows = (parsed as Array<{ Plan?: { 'Plan Rows'?: unknown } }> | undefined)?.[0]?.Plan?.[
    'Plan Rows'
  ];
  return typeof rows === 'number' && Number.isFinite(rows) ? Math.round(rows) : 0;
};

/** Status changes of an invoice, oldest first, with the status list's names. */
export const statusHistoryOf = (db: Database, invoiceId: string) =>
  db
    .select({
      code: invoiceStatusHistory.status,
      value: referenceItems.value,
      statusDate: invoiceStatusHistory.statusDate,
      userId: invoiceStatusHistory.personId,
    })
    .from(invoiceStatusHistory)
    .leftJoin(
      referenceItems,
      and(
        eq(referenceItems.headerId, PAYMENT_STATUS_LIST),
        eq(referenceItems.code, invoiceStatusHistory.status),
      ),
    )
    .where(eq(invoiceStatusHistory.invoiceId, invoiceId))
    .orderBy(asc(invoiceStatusHistory.statusDate), asc(invoiceStatusHistory.id));

export const errorsOf = (db: Database, invoiceId: string) =>
  db
    .select()
    .from(invoiceErrors)
    .where(eq(invoiceErrors.invoiceId, invoiceId))
    .orderBy(asc(invoiceErrors.eventTime), asc(invoiceErrors.id));

/** The event log rows of an invoice with who made each, oldest first. */
export const eventLogOf = (db: Database, invoiceId: string) =>
  db
    .select({
      id: eventLog.id,
      eventCode: eventLog.eventCode,
      description: eventLog.description,
      eventTime: eventLog.eventTime,
      userId: eventLog.personId,
      userName: people.username,
    })
    .from(eventLog)
    .leftJoin(people, eq(people.id, eventLog.personId))
    .where(eq(eventLog.invoiceId, invoiceId))
    .orderBy(asc(eventLog.eventTime), asc(eventLog.id));

/** Provider transactions (processing attempts) of an invoice, oldest first. */
export const providerAttemptsOf = (db: Database, invoiceId: string) =>
  db
    .select()
    .from(invoiceTransactions)
    .where(eq(invoiceTransactions.invoiceId, invoiceId))
    .orderBy(asc(invoiceTransactions.createDate), asc(invoiceTransactions.id));

/** The outbox rows of an invoice with their delivery state, oldest first. */
export const callbacksOf = (db: Database, invoiceId: string) =>
  db
    .select()
    .from(callbacks)
    .where(eq(callbacks.invoiceId, invoiceId))
    .orderBy(asc(callbacks.createDate), asc(callbacks.id));
