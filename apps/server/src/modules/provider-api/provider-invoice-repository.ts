import { REFERENCE_HEADER_IDS } from '@paygate/domain';
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
import type { ApiProvider } from './provider-auth.ts';

/** The provider API's reads of invoices: SQL only (changes go through the invoices module). */

/** Terminal attribute (reference list 105) naming the provider (by code) that pays a terminal's withdrawals. */
export const PAYOUT_PROVIDER_ATTRIBUTE_CODE = 'PAYOUT_PROVIDER';

/**
 * Which invoices a provider may see and settle (docs/provider-api.md): production invoices only
 * (test-processing ones belong to the sandbox provider), and of those the deposits paid to one of
 * its people accounts and the withdrawals of terminals whose PAYOUT_PROVIDER is its code.
 */
const routedToProvider = (provider: ApiProvider): SQL =>
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
  /** How many attempts the invoice has had: the current one's number (0 before the first). */
  attempt: sql<number>`(SELECT count(*)::int FROM ${invoiceTransactions} WHERE ${invoiceTransactions.invoiceId} = ${invoices.id})`,
};

const selectProviderInvoices = (db: Database, where: SQL | undefined) =>
  db
    .select(providerInvoiceSelection)
    .from(invoices)
    .innerJoin(currencies, eq(currencies.id, invoices.currencyId))
    .leftJoin(paymentMethods, eq(paymentMethods.id, invoices.paymentMethodId))
    .where(where);

export type ProviderInvoiceRow = Awaited<ReturnType<typeof selectProviderInvoices>>[number];

/** The invoice if it is routed to the provider. */
export const findRoutedInvoice = async (
  db: Database,
  provider: ApiProvider,
  invoiceId: string,
): Promise<ProviderInvoiceRow | undefined> => {
  const [row] = await selectProviderInvoices(
    db,
    and(eq(invoices.id, invoiceId), routedToProvider(provider)),
  );
  return row;
};

/**
 * The provider's requested withdrawals: IN_PROGRESS with an open provider transaction, oldest
 * status date first.
 */
export const pendingPayoutsOf = (db: Database, provider: ApiProvider, limit: number) =>
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
