import { and, asc, eq, exists, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import {
  currencies,
  invoices,
  invoiceTransactions,
  paymentMethods,
  peopleAccounts,
} from '../../db/schema.ts';
import { payoutProviderCodeOf } from '../invoices/invoices-entry.ts';
import type { ApiProvider } from './provider-auth.ts';

/** The provider API's reads of invoices: SQL only (changes go through the invoices module). */

/**
 * Which invoices a provider may see and settle (docs/provider-api.md): production invoices only
 * (test-processing ones belong to the sandbox provider), and of those the deposits paid to one of
 * its people accounts and the withdrawals whose current attempt was sent to it. An attempt keeps
 * the provider its terminal's PAYOUT_PROVIDER named when it was sent (decision 0009, "Payout
 * routing"); a payout without such an attempt (not sent yet, or sent before attempts kept it)
 * goes by the attribute as it is now.
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
        sql`coalesce(
          (SELECT ${invoiceTransactions.payoutProviderCode} FROM ${invoiceTransactions}
            WHERE ${invoiceTransactions.invoiceId} = ${invoices.id}
            ORDER BY ${invoiceTransactions.id} DESC LIMIT 1),
          ${payoutProviderCodeOf(invoices.terminalId)}
        ) = ${provider.code}`,
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

/** Arbitrary, fixed: keeps these advisory locks apart from any other use of the same hashes. */
const PAYMENT_ID_LOCK_SEED = 3_604_877_219;

/**
 * Takes the provider's payment id until the transaction ends (a transaction-scoped advisory
 * lock): two reports naming one id for two invoices take turns, so the second sees the first.
 */
export const lockProviderPaymentId = async (
  tx: Database,
  provider: ApiProvider,
  providerInvoiceId: string,
) => {
  await tx.execute(
    sql`SELECT pg_advisory_xact_lock(hashtextextended(${`${provider.id}:${providerInvoiceId}`}, ${PAYMENT_ID_LOCK_SEED}))`,
  );
};

/**
 * Another invoice of the provider already known by the payment id, on any of its attempts or on
 * the invoice itself (attempts from before ids were kept per attempt carry none).
 */
export const otherInvoiceWithPaymentId = async (
  tx: Database,
  provider: ApiProvider,
  providerInvoiceId: string,
  invoiceId: string,
): Promise<string | undefined> => {
  const [row] = await tx
    .select({ id: invoices.id })
    .from(invoices)
    .where(
      and(
        ne(invoices.id, invoiceId),
        inArray(
          invoices.id,
          sql`(SELECT ${invoiceTransactions.invoiceId} FROM ${invoiceTransactions} WHERE ${invoiceTransactions.providerInvoiceId} = ${providerInvoiceId}
            UNION ALL SELECT ${invoices.id} FROM ${invoices} WHERE ${invoices.providerInvoiceId} = ${providerInvoiceId})`,
        ),
        routedToProvider(provider),
      ),
    )
    .limit(1);
  return row?.id;
};

/**
 * Records the provider on the newest attempt of these payouts where none is recorded: one sent
 * while its terminal named no provider goes by the attribute until a provider first sees it
 * (pulls it or reports on it), and from then on stays with that provider (decision 0009).
 */
export const claimUnroutedPayoutAttempts = async (
  db: Database,
  provider: ApiProvider,
  invoiceIds: readonly string[],
) => {
  if (invoiceIds.length === 0) return;
  await db.execute(sql`UPDATE ${invoiceTransactions} SET payout_provider_code = ${provider.code}
    WHERE ${invoiceTransactions.payoutProviderCode} IS NULL
      AND ${invoiceTransactions.id} IN (
        SELECT DISTINCT ON (attempt.invoice_id) attempt.id
        FROM ${invoiceTransactions} AS attempt
        INNER JOIN ${invoices} ON ${invoices.id} = attempt.invoice_id
        WHERE attempt.invoice_id IN (${sql.join(
          invoiceIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )}) AND ${invoices.flowType} = 'WITHDRAWAL'
        ORDER BY attempt.invoice_id, attempt.id DESC
      )`);
};
