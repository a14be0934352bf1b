import {
  AMOUNT_WAITING_STATUSES,
  FAILED_STATUSES,
  MAX_LISTED_AMOUNT_HOLDS,
  REFERENCE_HEADER_IDS,
} from '@paygate/domain';
import {
  and,
  asc,
  desc,
  eq,
  exists,
  gt,
  gte,
  inArray,
  isNotNull,
  ne,
  notExists,
  or,
  type SQLWrapper,
  sql,
} from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import {
  invoices,
  peopleAccountCredentials,
  peopleAccountLimits,
  peopleAccounts,
  referenceItems,
} from '../../db/schema.ts';

/** The people accounts' side of a requisite assignment: SQL only (requisite-assignment-service.ts). */

/** A requisite type (reference list 103): card numbers or phone numbers. */
export type RequisiteTypeCode = 'CARD' | 'PHONE';

/**
 * Whether a real invoice (not test) holds its account's amount from any other payment: while it
 * waits for its money (NEW, IN_PROGRESS, and PAYED until the provider confirms or reverses it),
 * and for `quarantineMinutes` after it ended unpaid (DECLINED or CANCELED) by the database clock:
 * a customer who pays after the deadline sends the money to the account and amount they were
 * shown, and a provider matching transfers by account and amount would credit it to the next
 * payment shown the same (decision 0008).
 */
const holdsItsAmount = (quarantineMinutes: number) =>
  and(
    eq(invoices.isTestProcessing, false),
    or(
      inArray(invoices.status, [...AMOUNT_WAITING_STATUSES]),
      and(
        inArray(invoices.status, [...FAILED_STATUSES]),
        gt(invoices.statusDate, sql`now() - make_interval(mins => ${quarantineMinutes})`),
      ),
    ),
  );

/** The account's invoices holding the amount (`holdsItsAmount`). */
const invoicesHoldingAmount = (
  db: Database,
  peopleAccountId: SQLWrapper,
  { amount, quarantineMinutes }: AmountOnAccount,
) =>
  db
    .select({ id: invoices.id })
    .from(invoices)
    .where(
      and(
        eq(invoices.peopleAccountId, peopleAccountId),
        eq(invoices.amount, amount),
        holdsItsAmount(quarantineMinutes),
      ),
    );

/**
 * Every amount the account holds (`holdsItsAmount`), for the back office: payments waiting for
 * their money first, then those that ended unpaid, newest first; at most MAX_LISTED_AMOUNT_HOLDS
 * (failed payments give their limit back, so nothing else bounds how many an account has). An
 * account that does not check unique amounts holds none. `heldUntil` is null while the payment
 * waits, else when its quarantine ends: the bound of `holdsItsAmount` read the other way round
 * (there `status_date > now() - q`, so that the index on status_date serves it).
 */
export const selectAmountHolds = (
  db: Database,
  peopleAccountId: number,
  quarantineMinutes: number,
) => {
  const heldUntil = sql<Date | null>`CASE WHEN ${inArray(invoices.status, [...FAILED_STATUSES])}
    THEN ${invoices.statusDate} + make_interval(mins => ${quarantineMinutes}) END`;
  return db
    .select({
      invoiceId: invoices.id,
      amount: invoices.amount,
      status: invoices.status,
      statusDate: invoices.statusDate,
      // Read like the column it is computed from (a Date; null stays null).
      heldUntil: heldUntil.mapWith(invoices.statusDate),
    })
    .from(invoices)
    .innerJoin(
      peopleAccountLimits,
      and(
        eq(peopleAccountLimits.peopleAccountId, invoices.peopleAccountId),
        eq(peopleAccountLimits.checkUniqueAmount, true),
      ),
    )
    .where(and(eq(invoices.peopleAccountId, peopleAccountId), holdsItsAmount(quarantineMinutes)))
    .orderBy(sql`${heldUntil} DESC NULLS FIRST`, desc(invoices.statusDate), asc(invoices.id))
    .limit(MAX_LISTED_AMOUNT_HOLDS);
};

/** An amount on an account, and how long an unpaid end keeps it from the next customer. */
export interface AmountOnAccount {
  amount: bigint;
  quarantineMinutes: number;
}

/**
 * Enabled accounts of the method with a requisite of the type whose limit has room for the
 * amount, and that do not check unique amounts or have no real payment holding this amount
 * (`invoicesHoldingAmount`), highest priority first, then the least recently used. Read without
 * locks. The unique-amount rule is applied here, not only under the lock: MAX_CANDIDATES accounts it refuses, tried and
 * passed over, declined a payment that the next account could take.
 */
export const candidateAccounts = (
  db: Database,
  {
    paymentMethodId,
    requisiteType,
    amount,
    quarantineMinutes,
    limit,
  }: { paymentMethodId: number; requisiteType: RequisiteTypeCode; limit: number } & AmountOnAccount,
) => {
  const requisiteItems = db
    .select({ id: referenceItems.id })
    .from(referenceItems)
    .where(
      and(
        eq(referenceItems.headerId, REFERENCE_HEADER_IDS.requisiteType),
        eq(referenceItems.code, requisiteType),
      ),
    );
  return db
    .select({ id: peopleAccounts.id })
    .from(peopleAccounts)
    .innerJoin(peopleAccountLimits, eq(peopleAccountLimits.peopleAccountId, peopleAccounts.id))
    .where(
      and(
        eq(peopleAccounts.enabled, true),
        eq(peopleAccounts.paymentMethodId, paymentMethodId),
        gte(sql`${peopleAccountLimits.limit} - ${peopleAccountLimits.balance}`, amount),
        or(
          eq(peopleAccountLimits.checkUniqueAmount, false),
          notExists(invoicesHoldingAmount(db, peopleAccounts.id, { amount, quarantineMinutes })),
        ),
        exists(
          db
            .select({ one: sql`1` })
            .from(peopleAccountCredentials)
            .where(
              and(
                eq(peopleAccountCredentials.peopleAccountId, peopleAccounts.id),
                inArray(peopleAccountCredentials.credentialTypeId, requisiteItems),
              ),
            ),
        ),
      ),
    )
    .orderBy(
      desc(peopleAccountLimits.priority),
      sql`${peopleAccounts.lastAssignedAt} ASC NULLS FIRST`,
      asc(peopleAccounts.id),
    )
    .limit(limit);
};

/**
 * The account's limit row, locked until the transaction ends. Without `waitForLock` a row another
 * transaction holds is skipped (`SKIP LOCKED`): undefined, as for a missing row.
 */
export const lockAccountLimits = async (
  tx: Database,
  peopleAccountId: number,
  waitForLock: boolean,
) => {
  const lockedLimits = tx
    .select()
    .from(peopleAccountLimits)
    .where(eq(peopleAccountLimits.peopleAccountId, peopleAccountId));
  const [limits] = await (waitForLock
    ? lockedLimits.for('update')
    : lockedLimits.for('update', { skipLocked: true }));
  return limits;
};

export const findPeopleAccount = async (tx: Database, peopleAccountId: number) => {
  const [account] = await tx
    .select()
    .from(peopleAccounts)
    .where(eq(peopleAccounts.id, peopleAccountId));
  return account;
};

/** Whether a real invoice of the account holds this amount (`invoicesHoldingAmount`). */
export const isAmountHeldOnAccount = async (
  tx: Database,
  peopleAccountId: number,
  amountOnAccount: AmountOnAccount,
): Promise<boolean> => {
  const [clash] = await invoicesHoldingAmount(tx, sql`${peopleAccountId}`, amountOnAccount).limit(
    1,
  );
  return clash !== undefined;
};

interface MerchantCustomer {
  merchantId: number;
  customerExternalId: string;
}

/** Arbitrary, fixed: keeps these advisory locks apart from any other use of the same hashes. */
const CUSTOMER_TURN_LOCK_SEED = 7_245_108_332;

/**
 * Waits for and takes the customer's turn until the transaction ends: a transaction-scoped
 * advisory lock on the merchant and the customer's id.
 */
export const takeCustomerTurn = async (
  tx: Database,
  { merchantId, customerExternalId }: MerchantCustomer,
) => {
  await tx.execute(
    sql`SELECT pg_advisory_xact_lock(hashtextextended(${`${merchantId}:${customerExternalId}`}, ${CUSTOMER_TURN_LOCK_SEED}))`,
  );
};

/**
 * Real deposits of the customer (IN_PROGRESS, not test) holding an account's requisites, other
 * than `exceptInvoiceId`.
 */
export const countRequisitesHeldByCustomer = async (
  tx: Database,
  { merchantId, customerExternalId }: MerchantCustomer,
  exceptInvoiceId: string,
): Promise<number> => {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(invoices)
    .where(
      and(
        eq(invoices.merchantId, merchantId),
        eq(invoices.customerExternalId, customerExternalId),
        eq(invoices.flowType, 'DEPOSIT'),
        eq(invoices.status, 'IN_PROGRESS'),
        eq(invoices.isTestProcessing, false),
        isNotNull(invoices.peopleAccountId),
        ne(invoices.id, exceptInvoiceId),
      ),
    );
  return row?.count ?? 0;
};

/** The account's first requisite of the type (by id), or undefined. */
export const firstRequisiteOfType = async (
  tx: Database,
  peopleAccountId: number,
  requisiteType: RequisiteTypeCode,
) => {
  const [credential] = await tx
    .select({ value: peopleAccountCredentials.value })
    .from(peopleAccountCredentials)
    .innerJoin(referenceItems, eq(referenceItems.id, peopleAccountCredentials.credentialTypeId))
    .where(
      and(
        eq(peopleAccountCredentials.peopleAccountId, peopleAccountId),
        eq(referenceItems.code, requisiteType),
      ),
    )
    .orderBy(asc(peopleAccountCredentials.id))
    .limit(1);
  return credential;
};

/** Takes the amount from the account's limit and marks the account as just used. */
export const reserveAccount = async (tx: Database, peopleAccountId: number, amount: bigint) => {
  await tx
    .update(peopleAccountLimits)
    .set({ balance: sql`${peopleAccountLimits.balance} + ${amount}` })
    .where(eq(peopleAccountLimits.peopleAccountId, peopleAccountId));
  await tx
    .update(peopleAccounts)
    .set({ lastAssignedAt: sql`now()` })
    .where(eq(peopleAccounts.id, peopleAccountId));
};
