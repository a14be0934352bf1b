import { and, asc, eq, inArray, isNull, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { callbacks, invoices, merchants } from '../../db/schema.ts';

/**
 * The delivery worker's side of the callbacks outbox (the invoices module queues the rows):
 * claims, attempt records and released claims. SQL only; times are the database clock.
 */

/** A callback claimed for delivery, with its merchant's signing secret. */
export interface ClaimedCallback {
  id: number;
  url: string;
  payload: unknown;
  attempts: number;
  signingSecret: string;
}

const intervalOf = (ms: number): SQL => sql`${`${ms} milliseconds`}::interval`;

/**
 * Claims up to `batchSize` due callbacks for this worker: FOR UPDATE SKIP LOCKED so concurrent
 * workers (other server instances) pass over each other's rows, and a lease in claimed_until so
 * they keep away after the commit, while this worker delivers outside any transaction.
 * Due: PENDING, next_attempt_at reached, and not claimed or the claim expired.
 */
export const claimDueCallbacks = (db: Database, batchSize: number, leaseMs: number) =>
  db.transaction(async (tx): Promise<ClaimedCallback[]> => {
    const due = await tx
      .select({
        id: callbacks.id,
        url: callbacks.url,
        payload: callbacks.payload,
        attempts: callbacks.attempts,
        signingSecret: merchants.signingSecret,
      })
      .from(callbacks)
      .innerJoin(invoices, eq(invoices.id, callbacks.invoiceId))
      .innerJoin(merchants, eq(merchants.id, invoices.merchantId))
      .where(
        and(
          eq(callbacks.status, 'PENDING'),
          lte(callbacks.nextAttemptAt, sql`now()`),
          or(isNull(callbacks.claimedUntil), lt(callbacks.claimedUntil, sql`now()`)),
        ),
      )
      .orderBy(asc(callbacks.nextAttemptAt), asc(callbacks.id))
      .limit(batchSize)
      .for('update', { of: callbacks, skipLocked: true });
    if (due.length === 0) return [];
    await tx
      .update(callbacks)
      .set({ claimedUntil: sql`now() + ${intervalOf(leaseMs)}` })
      .where(
        inArray(
          callbacks.id,
          due.map(({ id }) => id),
        ),
      );
    return due;
  });

/** One attempt as it is written on the callback row. */
export interface AttemptRecord {
  status: 'SENT' | 'PENDING' | 'FAILED';
  responseCode: number | null;
  /** Null after a delivery. */
  error: string | null;
  /** When the next attempt is due, from now; undefined leaves next_attempt_at as it is. */
  retryDelayMs: number | undefined;
}

/**
 * Writes an attempt on the callback row (attempts + 1, now as its execution date) and releases
 * the claim. Guarded by the attempt count the claim saw: should the lease ever have run out
 * mid-delivery and another worker have recorded the same attempt, this record is dropped, not
 * doubled.
 */
export const recordCallbackAttempt = async (
  db: Database,
  callback: Pick<ClaimedCallback, 'id' | 'attempts'>,
  { status, responseCode, error, retryDelayMs }: AttemptRecord,
): Promise<void> => {
  await db
    .update(callbacks)
    .set({
      status,
      attempts: callback.attempts + 1,
      executionDate: sql`now()`,
      lastResponseCode: responseCode,
      lastError: error,
      claimedUntil: null,
      ...(retryDelayMs === undefined
        ? {}
        : { nextAttemptAt: sql`now() + ${intervalOf(retryDelayMs)}` }),
    })
    .where(
      and(
        eq(callbacks.id, callback.id),
        eq(callbacks.status, 'PENDING'),
        eq(callbacks.attempts, callback.attempts),
      ),
    );
};

/** Clears the lease of pending callbacks, so any instance may take them now. */
export const releaseCallbackClaims = async (
  db: Database,
  ids: readonly number[],
): Promise<void> => {
  await db
    .update(callbacks)
    .set({ claimedUntil: null })
    .where(and(inArray(callbacks.id, [...ids]), eq(callbacks.status, 'PENDING')));
};
