import {
  FEE_PERCENT_ATTRIBUTE_CODE,
  MARKED_PAID_GRACE_HOURS,
  PAYOUT_PROVIDER_ATTRIBUTE_CODE,
  REFERENCE_HEADER_IDS,
} from '@paygate/domain';
import { and, asc, desc, eq, isNull, lte, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import {
  callbacks,
  currencies,
  invoiceErrors,
  invoiceExpiryFailures,
  invoiceStatusHistory,
  invoices,
  invoiceTransactions,
  peopleAccountLimits,
  referenceItems,
  terminalAttributes,
} from '../../db/schema.ts';

/**
 * The invoices table and the rows that belong to an invoice (status history, errors, provider
 * attempts, outbox): SQL only. Rules and transactions are the services'; every function takes
 * the database or the caller's transaction.
 */

export type InvoiceRecord = typeof invoices.$inferSelect;
export type InvoiceChange = Partial<
  Pick<
    typeof invoices.$inferInsert,
    | 'status'
    | 'fee'
    | 'feePercent'
    | 'amount'
    | 'paymentMethodId'
    | 'peopleAccountId'
    | 'credentialValue'
    | 'bankCodeInteger'
    | 'providerInvoiceId'
    | 'customerMarkedPaidAt'
  >
>;

export const findInvoice = async (db: Database, id: string): Promise<InvoiceRecord | undefined> => {
  const [invoice] = await db.select().from(invoices).where(eq(invoices.id, id));
  return invoice;
};

/** Reads an invoice and locks it until the transaction ends: changes to one invoice queue up. */
export const lockInvoiceRow = async (
  tx: Database,
  id: string,
): Promise<InvoiceRecord | undefined> => {
  const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, id)).for('update');
  return invoice;
};

export const findInvoiceByFormId = async (
  db: Database,
  formId: string,
): Promise<InvoiceRecord | undefined> => {
  const [invoice] = await db.select().from(invoices).where(eq(invoices.formId, formId));
  return invoice;
};

/**
 * Writes the given columns, and stamps the named times with the database clock. `payWithinMinutes`
 * brings the deadline forward to that many minutes from now, if it is later.
 */
export const updateInvoice = async (
  tx: Database,
  id: string,
  change: InvoiceChange,
  {
    stampNow = [],
    payWithinMinutes,
  }: { stampNow?: Array<'statusDate' | 'customerMarkedPaidAt'>; payWithinMinutes?: number } = {},
): Promise<InvoiceRecord | undefined> => {
  const stamps = Object.fromEntries(stampNow.map((column) => [column, sql`now()`]));
  const deadline =
    payWithinMinutes === undefined
      ? {}
      : {
          expiresAt: sql`least(${invoices.expiresAt}, clock_timestamp() + make_interval(mins => ${payWithinMinutes}::int))`,
        };
  const [updated] = await tx
    .update(invoices)
    .set({ ...change, ...stamps, ...deadline })
    .where(eq(invoices.id, id))
    .returning();
  return updated;
};

export const insertStatusHistory = (tx: Database, row: typeof invoiceStatusHistory.$inferInsert) =>
  tx.insert(invoiceStatusHistory).values(row);

export const insertInvoiceError = (tx: Database, invoiceId: string, description: string) =>
  tx.insert(invoiceErrors).values({ invoiceId, description });

/** The error row, unless the invoice has one of exactly these words already. */
export const insertInvoiceErrorOnce = (tx: Database, invoiceId: string, description: string) =>
  tx.execute(sql`
    INSERT INTO ${invoiceErrors} (invoice_id, description)
    SELECT ${invoiceId}, ${description}
    WHERE NOT EXISTS (
      SELECT 1 FROM ${invoiceErrors}
      WHERE ${invoiceErrors.invoiceId} = ${invoiceId} AND ${invoiceErrors.description} = ${description}
    )`);

/** Moves an amount into (positive) or out of (negative) a people account's limit balance. */
export const adjustAccountLimitBalance = async (
  tx: Database,
  peopleAccountId: number,
  delta: bigint,
) => {
  if (delta === 0n) return;
  await tx
    .update(peopleAccountLimits)
    .set({ balance: sql`${peopleAccountLimits.balance} + ${delta}` })
    .where(eq(peopleAccountLimits.peopleAccountId, peopleAccountId));
};

/** The terminal's FEE_PERCENT attribute value, if it has one. */
export const feePercentOfTerminal = async (
  tx: Database,
  terminalId: number,
): Promise<string | undefined> => {
  const [attribute] = await tx
    .select({ value: terminalAttributes.value })
    .from(terminalAttributes)
    .innerJoin(referenceItems, eq(referenceItems.id, terminalAttributes.attributeTypeId))
    .where(
      and(
        eq(terminalAttributes.terminalId, terminalId),
        eq(referenceItems.headerId, REFERENCE_HEADER_IDS.terminalAttributeType),
        eq(referenceItems.code, FEE_PERCENT_ATTRIBUTE_CODE),
      ),
    );
  return attribute?.value;
};

// --- Provider attempts (invoice_transactions) ---------------------------------------------------

/**
 * The code of the provider that pays the terminal's withdrawals now (its PAYOUT_PROVIDER
 * attribute), as a scalar subquery over the given terminal id.
 */
export const payoutProviderCodeOf = (terminalId: SQLWrapper): SQL =>
  sql`(SELECT ${terminalAttributes.value} FROM ${terminalAttributes}
    INNER JOIN ${referenceItems} ON ${referenceItems.id} = ${terminalAttributes.attributeTypeId}
    WHERE ${terminalAttributes.terminalId} = ${terminalId}
      AND ${referenceItems.headerId} = ${REFERENCE_HEADER_IDS.terminalAttributeType}
      AND ${referenceItems.code} = ${PAYOUT_PROVIDER_ATTRIBUTE_CODE}
    LIMIT 1)`;

/**
 * Opens the invoice's next provider attempt. A payout's attempt records the provider its terminal
 * names at this moment, and stays with it (decision 0009, "Payout routing").
 */
export const openProviderAttempt = (tx: Database, invoiceId: string) =>
  tx.execute(sql`INSERT INTO ${invoiceTransactions} (invoice_id, status, payout_provider_code)
    SELECT ${invoices.id}, 'NEW',
      CASE WHEN ${invoices.flowType} = 'WITHDRAWAL' THEN ${payoutProviderCodeOf(invoices.terminalId)} END
    FROM ${invoices} WHERE ${invoices.id} = ${invoiceId}`);

/** The newest attempt still open, if any. */
export const findOpenProviderAttempt = async (tx: Database, invoiceId: string) => {
  const [attempt] = await tx
    .select({ id: invoiceTransactions.id })
    .from(invoiceTransactions)
    .where(and(eq(invoiceTransactions.invoiceId, invoiceId), eq(invoiceTransactions.status, 'NEW')))
    .orderBy(desc(invoiceTransactions.createDate))
    .limit(1);
  return attempt;
};

export const closeProviderAttemptRow = (
  tx: Database,
  attemptId: number,
  status: 'SUCCESS' | 'FAILED',
  providerInvoiceId: string,
) =>
  tx
    .update(invoiceTransactions)
    .set({
      status,
      statusDate: sql`now()`,
      providerInvoiceId: sql`coalesce(${invoiceTransactions.providerInvoiceId}, ${providerInvoiceId})`,
    })
    .where(eq(invoiceTransactions.id, attemptId));

export interface ProviderAttempt {
  id: number;
  status: string;
  providerInvoiceId: string | null;
  /** 1 for the invoice's first attempt, 2 after a retry, … */
  number: number;
}

/** Every attempt of the invoice, oldest first, numbered from 1. */
export const providerAttemptsOfInvoice = async (
  tx: Database,
  invoiceId: string,
): Promise<ProviderAttempt[]> => {
  const rows = await tx
    .select({
      id: invoiceTransactions.id,
      status: invoiceTransactions.status,
      providerInvoiceId: invoiceTransactions.providerInvoiceId,
    })
    .from(invoiceTransactions)
    .where(eq(invoiceTransactions.invoiceId, invoiceId))
    .orderBy(asc(invoiceTransactions.id));
  return rows.map((row, index) => ({ ...row, number: index + 1 }));
};

/** The provider's id of the payment, on the attempt that made it (one without an id yet). */
export const setAttemptProviderInvoiceId = (
  tx: Database,
  attemptId: number,
  providerInvoiceId: string,
) =>
  tx
    .update(invoiceTransactions)
    .set({ providerInvoiceId })
    .where(
      and(eq(invoiceTransactions.id, attemptId), isNull(invoiceTransactions.providerInvoiceId)),
    );

/** Closes every attempt of the invoice still open (normally none or one) with `status`. */
export const closeOpenProviderAttempts = (
  tx: Database,
  invoiceId: string,
  status: 'SUCCESS' | 'FAILED',
) =>
  tx
    .update(invoiceTransactions)
    .set({ status, statusDate: sql`now()` })
    .where(
      and(eq(invoiceTransactions.invoiceId, invoiceId), eq(invoiceTransactions.status, 'NEW')),
    );

export const insertClosedProviderAttempt = (
  tx: Database,
  invoiceId: string,
  status: 'SUCCESS' | 'FAILED',
  providerInvoiceId: string,
) => tx.insert(invoiceTransactions).values({ invoiceId, status, providerInvoiceId });

// --- Outbox (callbacks) -------------------------------------------------------------------------

export const currencyCodeOf = async (db: Database, currencyId: number): Promise<string> => {
  const [currency] = await db
    .select({ code: currencies.code })
    .from(currencies)
    .where(eq(currencies.id, currencyId));
  return currency?.code.trim() ?? '';
};

export const insertCallback = async (tx: Database, row: typeof callbacks.$inferInsert) => {
  const [inserted] = await tx.insert(callbacks).values(row).returning();
  return inserted;
};

// --- Work of the background jobs -----------------------------------------------------------------

/**
 * Forms past their expiry (packages/domain paymentExpiryOf, in SQL), claimed with SKIP LOCKED so
 * several instances never take one twice: NEW invoices of both flows and deposits waiting for the
 * customer's transfer, those the customer says they paid MARKED_PAID_GRACE_HOURS later. An
 * invoice whose cancel failed waits for its retry time (recordExpiryFailure) before it is taken
 * again, so those that fail every time never fill the batch.
 */
export const claimExpiredInvoices = (tx: Database, limit: number) =>
  tx
    .select()
    .from(invoices)
    .where(
      and(
        lte(invoices.expiresAt, sql`now()`),
        or(
          eq(invoices.status, 'NEW'),
          and(
            eq(invoices.status, 'IN_PROGRESS'),
            eq(invoices.flowType, 'DEPOSIT'),
            or(
              isNull(invoices.customerMarkedPaidAt),
              lte(
                invoices.expiresAt,
                sql`now() - make_interval(hours => ${MARKED_PAID_GRACE_HOURS}::int)`,
              ),
            ),
          ),
        ),
        sql`NOT EXISTS (SELECT 1 FROM ${invoiceExpiryFailures}
          WHERE ${invoiceExpiryFailures.invoiceId} = ${invoices.id}
            AND ${invoiceExpiryFailures.retryAt} > now())`,
      ),
    )
    .orderBy(asc(invoices.expiresAt))
    .limit(limit)
    .for('update', { skipLocked: true });

/** The longest an invoice whose cancel keeps failing waits before the expiry job tries it again. */
export const EXPIRY_RETRY_MAX_MINUTES = 60;

/**
 * Records that the expiry job could not cancel an invoice, in the job's transaction: its next try
 * waits 1, 2, 4 … minutes after each failure in a row, at most EXPIRY_RETRY_MAX_MINUTES; the
 * error is kept for whoever looks into it.
 */
export const recordExpiryFailure = (tx: Database, invoiceId: string, error: string) =>
  tx
    .insert(invoiceExpiryFailures)
    .values({
      invoiceId,
      attempts: 1,
      lastError: error,
      failedAt: sql`now()`,
      retryAt: sql`now() + make_interval(mins => 1)`,
    })
    .onConflictDoUpdate({
      target: invoiceExpiryFailures.invoiceId,
      set: {
        attempts: sql`${invoiceExpiryFailures.attempts} + 1`,
        lastError: error,
        failedAt: sql`now()`,
        // Capped before the cast: 2^31 minutes would not fit an integer (a month of failures).
        retryAt: sql`now() + make_interval(mins => least(${EXPIRY_RETRY_MAX_MINUTES}, power(2, least(${invoiceExpiryFailures.attempts}, 16)))::int)`,
      },
    });

/** The markers of packages/domain's sandbox outcomes (SANDBOX_CUSTOMER_PREFIXES and friends). */
export interface SandboxMarkers {
  customerPrefixes: Record<'decline' | 'pending' | 'timeout', string>;
  phoneSuffixes: Record<'decline' | 'pending' | 'timeout', string>;
}

/** The lowerings of JavaScript's toLowerCase that give ASCII letters (see sandboxOutcomeSql). */
const ASCII_UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ\u212A';
const ASCII_LOWER = 'abcdefghijklmnopqrstuvwxyzk';

/**
 * packages/domain's sandboxOutcomeOf as SQL, from the same markers (the customer id first, then a
 * payout's phone), so the claim can leave out payments the sandbox must not settle yet; a test
 * holds the two to the same answers (sandbox-outcomes.test.ts).
 *
 * Not lower(): its answer depends on the database's locale, and a UTF-8 one lowers "İ" to "i"
 * where JavaScript's toLowerCase gives "i̇" (two characters), so "PENDİNG-7" was pending here and
 * succeed in the rule, and stayed IN_PROGRESS for ever. For markers of ASCII letters only these
 * lowerings of toLowerCase can matter: A-Z, the Kelvin sign to "k" and "İ" to "i" + U+0307.
 */
export const sandboxOutcomeSql = ({ customerPrefixes, phoneSuffixes }: SandboxMarkers): SQL => {
  const outcomes = ['decline', 'pending', 'timeout'] as const;
  const id = sql`replace(translate(${invoices.customerExternalId}, ${ASCII_UPPER}::text, ${ASCII_LOWER}::text), ${'\u0130'}::text, ${'i\u0307'}::text)`;
  const byId = outcomes.map(
    (outcome) => sql`WHEN starts_with(${id}, ${customerPrefixes[outcome]}) THEN ${outcome}`,
  );
  const byPhone = outcomes.map(
    (outcome) =>
      sql`WHEN ${invoices.flowType} = 'WITHDRAWAL' AND right(${invoices.credentialValue}, ${phoneSuffixes[outcome].length}) = ${phoneSuffixes[outcome]} THEN ${outcome}`,
  );
  return sql`(CASE ${sql.join([...byId, ...byPhone], sql` `)} ELSE 'succeed' END)`;
};

/**
 * Test-processing payments in progress for at least `delaySeconds`, claimed with SKIP LOCKED:
 * not those the sandbox leaves pending, and those that time out only once their form expired.
 */
export const claimDueSandboxPayments = (
  tx: Database,
  delaySeconds: number,
  limit: number,
  markers: SandboxMarkers,
) => {
  const outcome = sandboxOutcomeSql(markers);
  return tx
    .select()
    .from(invoices)
    .where(
      and(
        eq(invoices.status, 'IN_PROGRESS'),
        eq(invoices.isTestProcessing, true),
        lte(invoices.statusDate, sql`now() - make_interval(secs => ${delaySeconds})`),
        sql`${outcome} <> 'pending'`,
        or(sql`${outcome} <> 'timeout'`, lte(invoices.expiresAt, sql`now()`)),
      ),
    )
    .orderBy(asc(invoices.statusDate))
    .limit(limit)
    .for('update', { skipLocked: true });
};

// --- Reference data an invoice change reads -------------------------------------------------------

/** The code of an item of one reference list (e.g. the payment status list), if it is one. */
export const referenceItemCode = async (
  db: Database,
  headerId: number,
  itemId: number,
): Promise<string | undefined> => {
  const [item] = await db
    .select({ code: referenceItems.code })
    .from(referenceItems)
    .where(and(eq(referenceItems.id, itemId), eq(referenceItems.headerId, headerId)));
  return item?.code ?? undefined;
};

export const currencyLimitsOf = async (db: Database, currencyId: number) => {
  const [currency] = await db
    .select({
      code: currencies.code,
      minValue: currencies.minValue,
      maxValue: currencies.maxValue,
      dimension: currencies.dimension,
    })
    .from(currencies)
    .where(eq(currencies.id, currencyId));
  return currency ? { ...currency, code: currency.code.trim() } : undefined;
};

// --- Creation -------------------------------------------------------------------------------------

export type NewInvoice = Omit<typeof invoices.$inferInsert, 'id' | 'status' | 'expiresAt'> & {
  expiresInMinutes: number;
};

/**
 * Inserts a NEW invoice, its lifetime counted on the database clock like its creation time. ON
 * CONFLICT instead of a unique-violation error: two racing requests with one merchantInvoiceId
 * get one invoice, and the transaction stays usable. Undefined when the id was taken.
 */
export const insertNewInvoice = async (
  tx: Database,
  { expiresInMinutes, ...values }: NewInvoice,
): Promise<InvoiceRecord | undefined> => {
  const [invoice] = await tx
    .insert(invoices)
    .values({
      ...values,
      status: 'NEW',
      expiresAt: sql`now() + make_interval(mins => ${expiresInMinutes}::int)`,
    })
    .onConflictDoNothing({ target: [invoices.merchantId, invoices.merchantInvoiceId] })
    .returning();
  return invoice;
};

export const findInvoiceIdByMerchantInvoiceId = async (
  db: Database,
  merchantId: number,
  merchantInvoiceId: string,
): Promise<string | undefined> => {
  const [existing] = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(
      and(eq(invoices.merchantId, merchantId), eq(invoices.merchantInvoiceId, merchantInvoiceId)),
    );
  return existing?.id;
};
