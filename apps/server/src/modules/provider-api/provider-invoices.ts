import { mayChangeStatus, REFERENCE_HEADER_IDS } from '@paygate/domain';
import { and, asc, eq, exists, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import {
  currencies,
  invoices,
  invoiceTransactions,
  paymentMethods,
  peopleAccounts,
  referenceItems,
  terminalAttributes,
} from '../../db/schema.ts';
import { conflict, notFound } from '../../http/http-errors.ts';
import { minorUnitsJson } from '../../http/money-json.ts';
import {
  applyStatusChange,
  closeProviderAttempt,
  lockInvoice,
} from '../invoices/invoice-status-service.ts';
import type { ApiProvider } from './provider-auth.ts';

/** Terminal attribute (reference list 105) naming the provider (by code) that pays a terminal's withdrawals. */
export const PAYOUT_PROVIDER_ATTRIBUTE_CODE = 'PAYOUT_PROVIDER';

/**
 * Which invoices a provider may see and settle (docs/provider-api.md): production invoices only
 * (test-processing ones belong to the sandbox provider), and of those the deposits paid to one of
 * its people accounts and the withdrawals of terminals whose PAYOUT_PROVIDER is its code.
 */
export const routedToProvider = (provider: ApiProvider): SQL =>
  and(
    eq(invoices.isTestProcessing, false),
    or(
      and(
        eq(invoices.flowType, 'DEPOSIT'),
        exists(
          sql`(SELECT 1 FROM ${peopleAccounts} WHERE ${peopleAccounts.id} = ${invoices.peopleAccountId} AND ${peopleAccounts.providerId} = ${provider.id})`,
        ),
      ),
      and(
        eq(invoices.flowType, 'WITHDRAWAL'),
        exists(
          sql`(SELECT 1 FROM ${terminalAttributes} INNER JOIN ${referenceItems} ON ${referenceItems.id} = ${terminalAttributes.attributeTypeId} WHERE ${terminalAttributes.terminalId} = ${invoices.terminalId} AND ${referenceItems.headerId} = ${REFERENCE_HEADER_IDS.terminalAttributeType} AND ${referenceItems.code} = ${PAYOUT_PROVIDER_ATTRIBUTE_CODE} AND ${terminalAttributes.value} = ${provider.code})`,
        ),
      ),
    ),
  ) as SQL;

const providerInvoiceSelection = {
  id: invoices.id,
  flowType: invoices.flowType,
  status: invoices.status,
  statusDate: invoices.statusDate,
  createdAt: invoices.createdAt,
  amount: invoices.amount,
  currencyCode: currencies.code,
  paymentMethodCode: paymentMethods.code,
  peopleAccountId: invoices.peopleAccountId,
  credentialValue: invoices.credentialValue,
  bankCodeInteger: invoices.bankCodeInteger,
  providerInvoiceId: invoices.providerInvoiceId,
};

const selectProviderInvoices = (db: Database, where: SQL | undefined) =>
  db
    .select(providerInvoiceSelection)
    .from(invoices)
    .innerJoin(currencies, eq(currencies.id, invoices.currencyId))
    .leftJoin(paymentMethods, eq(paymentMethods.id, invoices.paymentMethodId))
    .where(where);

type ProviderInvoiceRow = Awaited<ReturnType<typeof selectProviderInvoices>>[number];

/** The provider API's JSON of an invoice: what moving the money needs, nothing about the merchant. */
export const presentProviderInvoice = (row: ProviderInvoiceRow) => ({
  invoiceId: row.id,
  flowType: row.flowType,
  status: row.status,
  amount: minorUnitsJson(row.amount),
  currency: row.currencyCode.trim(),
  paymentMethodCode: row.paymentMethodCode,
  peopleAccountId: row.peopleAccountId,
  credential: row.credentialValue,
  bankCodeInteger: row.bankCodeInteger,
  providerInvoiceId: row.providerInvoiceId,
  createdAt: row.createdAt.toISOString(),
  statusDate: row.statusDate.toISOString(),
});

export const findProviderInvoice = async (
  db: Database,
  provider: ApiProvider,
  invoiceId: string,
): Promise<ProviderInvoiceRow> => {
  const [row] = await selectProviderInvoices(
    db,
    and(eq(invoices.id, invoiceId), routedToProvider(provider)),
  );
  if (!row) throw notFound('Invoice not found');
  return row;
};

/**
 * The payout queue: requested withdrawals (IN_PROGRESS with an open provider transaction, so a
 * withdrawal re-queued by POST /api/v1/invoice/retry appears again), oldest first.
 */
export const listPendingPayouts = (db: Database, provider: ApiProvider, limit: number) =>
  selectProviderInvoices(
    db,
    and(
      eq(invoices.flowType, 'WITHDRAWAL'),
      eq(invoices.status, 'IN_PROGRESS'),
      routedToProvider(provider),
      exists(
        db
          .select({ one: sql`1` })
          .from(invoiceTransactions)
          .where(
            and(
              eq(invoiceTransactions.invoiceId, invoices.id),
              eq(invoiceTransactions.status, 'NEW'),
            ),
          ),
      ),
    ),
  )
    .orderBy(asc(invoices.statusDate), asc(invoices.id))
    .limit(limit);

/** What a provider may report: the money moved (PAYED), is confirmed (DONE), or failed. */
export const PROVIDER_REPORTED_STATUSES = ['PAYED', 'DONE', 'DECLINED'] as const;
export type ProviderReportedStatus = (typeof PROVIDER_REPORTED_STATUSES)[number];

export interface ProviderStatusReport {
  status: ProviderReportedStatus;
  providerInvoiceId: string;
  reason?: string;
}

/**
 * Applies a provider's report through the invoice state machine, under the invoice row lock.
 * Reporting the status the invoice already has is answered as success without a change, so a
 * provider can retry a report whose answer it lost; a report the state machine does not allow
 * (e.g. DECLINED after DONE) is 409 and changes nothing.
 */
export const applyProviderReport = async (
  db: Database,
  provider: ApiProvider,
  invoiceId: string,
  report: ProviderStatusReport,
  sourceIp: string,
): Promise<{ changed: boolean }> =>
  db.transaction(async (tx) => {
    await findProviderInvoice(tx, provider, invoiceId);
    const invoice = await lockInvoice(tx, invoiceId);
    if (
      invoice.providerInvoiceId !== null &&
      invoice.providerInvoiceId !== report.providerInvoiceId
    ) {
      throw conflict(
        `The invoice is already known by the providerInvoiceId ${invoice.providerInvoiceId}`,
      );
    }
    if (invoice.status === report.status) return { changed: false };
    // Checked before the attempt is closed: a report the machine refuses must change nothing.
    if (!mayChangeStatus('provider', invoice.status, report.status)) {
      throw conflict(`The invoice is ${invoice.status} and cannot become ${report.status}`);
    }
    // PAYED then DONE is one attempt: the second report finds it closed already. PAYED then
    // DECLINED is a reversal, recorded as a failed attempt with its reason.
    if (invoice.status !== 'PAYED' || report.status === 'DECLINED') {
      const failure = invoice.status === 'PAYED' ? 'Reversed' : 'Declined';
      await closeProviderAttempt(tx, invoice, {
        succeeded: report.status !== 'DECLINED',
        providerInvoiceId: report.providerInvoiceId,
        failureReason: report.reason ?? `${failure} by the provider ${provider.code}`,
      });
    }
    await applyStatusChange(
      tx,
      invoice,
      report.status,
      { kind: 'provider', personId: null, sourceIp },
      `provider ${provider.code}`,
    );
    return { changed: true };
  });
