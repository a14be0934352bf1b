import { WEBHOOK_ENDPOINT_DISABLE_AFTER_DAYS } from '@paygate/domain';
import { and, asc, eq, inArray, isNotNull, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { callbackAttempts, callbacks, webhookEndpoints } from '../../db/schema.ts';
import { openSigningSecret } from '../../db/secrets-at-rest.ts';

/**
 * The delivery worker's side of the callbacks outbox (the invoices module queues the rows):
 * claims, attempt records and released claims. SQL only; times are the database clock.
 */

/** A callback claimed for delivery, with its merchant's webhook secrets that sign now. */
export interface ClaimedCallback {
  id: number;
  merchantId: number;
  eventId: number | null;
  resendOf: number | null;
  endpointId: number | null;
  /** False when the destination is an endpoint that is disabled now. */
  endpointEnabled: boolean;
  isManual: boolean;
  url: string;
  payload: unknown;
  attempts: number;
  /** The current secret first, then rotated ones still in their grace period. */
  signingSecrets: string[];
  /**
   * The claim's lease end exactly as the database wrote it (text, to the microsecond): the
   * worker's token that the claim is still its own (renewCallbackClaim, releaseCallbackClaims).
   */
  claimedUntil: string;
}

/** A claim this worker holds: the callback and its lease token (ClaimedCallback.claimedUntil). */
export type CallbackClaim = Pick<ClaimedCallback, 'id' | 'claimedUntil'>;

/** The lease end as text, so a token read back compares equal to the microsecond. */
const claimedUntilText = sql<string>`${callbacks.claimedUntil}::text`;

/** The row is still claimed by the holder of this token (and not recorded since). */
const isClaimedWith = ({ id, claimedUntil }: CallbackClaim) =>
  and(
    eq(callbacks.id, id),
    eq(callbacks.status, 'PENDING'),
    sql`${callbacks.claimedUntil} = ${claimedUntil}::timestamptz`,
  );

/**
 * The merchant's signing secrets, a correlated subquery written out by hand: Drizzle leaves
 * columns of a one-table select unqualified, which would bind them to the inner table.
 */
const signingSecretsOf = sql<string[] | null>`(
  SELECT array_agg(ws.secret ORDER BY ws.expires_at IS NOT NULL, ws.created_at DESC)
  FROM webhook_secrets ws
  WHERE ws.merchant_id = ${callbacks.merchantId}
    AND (ws.expires_at IS NULL OR ws.expires_at > now())
)`;

const intervalOf = (ms: number): SQL => sql`${`${ms} milliseconds`}::interval`;

/**
 * Due: PENDING, next_attempt_at reached, and not claimed or the claim expired. Written once over
 * the columns it is given: the table's own (isDue) or those of the alias the raw SQL below reads
 * callbacks under (QUEUED_IS_DUE).
 */
const dueRule = (columns: {
  status: SQLWrapper;
  nextAttemptAt: SQLWrapper;
  claimedUntil: SQLWrapper;
}) =>
  sql`(${columns.status} = 'PENDING'
      AND ${columns.nextAttemptAt} <= now()
      AND (${columns.claimedUntil} IS NULL OR ${columns.claimedUntil} < now()))`;

const isDue = () => dueRule(callbacks);

const QUEUED_IS_DUE = dueRule({
  status: sql.raw('queued.status'),
  nextAttemptAt: sql.raw('queued.next_attempt_at'),
  claimedUntil: sql.raw('queued.claimed_until'),
});

/**
 * The ids of the next batch, taken in turns: each merchant's oldest due callback, then each
 * one's second, and so on, at most `perMerchant` of one merchant. Oldest first across all
 * merchants instead let one merchant's backlog fill every batch.
 *
 * The `batchSize` merchants with the oldest due callbacks are taken, then up to `perMerchant`
 * of each are locked FOR UPDATE SKIP LOCKED, so a worker claiming beside another passes over
 * the rows the other holds and takes the next ones. Every step reads one index range per
 * merchant (callbacks_merchant_due_idx), not all that is due. Raw SQL: the subqueries read
 * callbacks under an alias of their own.
 */
const fairBatchIds = (batchSize: number, perMerchant: number): SQL => sql`(
  WITH next_merchants AS (
    SELECT m.id AS merchant_id, oldest.next_attempt_at
    FROM merchants m
    CROSS JOIN LATERAL (
      SELECT queued.next_attempt_at
      FROM callbacks queued
      WHERE queued.merchant_id = m.id AND ${QUEUED_IS_DUE}
      ORDER BY queued.next_attempt_at, queued.id
      LIMIT 1
    ) oldest
    ORDER BY oldest.next_attempt_at
    LIMIT ${batchSize}
  ), locked AS (
    SELECT share.id, share.merchant_id, share.next_attempt_at
    FROM next_merchants
    CROSS JOIN LATERAL (
      SELECT queued.id, queued.merchant_id, queued.next_attempt_at
      FROM callbacks queued
      WHERE queued.merchant_id = next_merchants.merchant_id AND ${QUEUED_IS_DUE}
      ORDER BY queued.next_attempt_at, queued.id
      LIMIT ${perMerchant}
      FOR UPDATE SKIP LOCKED
    ) share
  )
  SELECT turns.id
  FROM (
    SELECT locked.id, locked.next_attempt_at,
      row_number() OVER (PARTITION BY locked.merchant_id ORDER BY locked.next_attempt_at, locked.id) AS turn
    FROM locked
  ) turns
  ORDER BY turns.turn, turns.next_attempt_at, turns.id
  LIMIT ${batchSize}
)`;

/** The claimed batch in the order of its turns (see fairBatchIds): merchants alternate. */
const inTurns = <Row extends { merchantId: number }>(oldestFirst: Row[]): Row[] => {
  const seen = new Map<number, number>();
  return oldestFirst
    .map((row) => {
      const turn = (seen.get(row.merchantId) ?? 0) + 1;
      seen.set(row.merchantId, turn);
      return { row, turn };
    })
    .sort((a, b) => a.turn - b.turn)
    .map(({ row }) => row);
};

export interface ClaimLimits {
  batchSize: number;
  /** Callbacks of one merchant in one batch at most. */
  perMerchant: number;
  leaseMs: number;
}

/**
 * Claims up to `batchSize` due callbacks for this worker, in turns across merchants (at most
 * `perMerchant` of one): FOR UPDATE SKIP LOCKED so concurrent workers (other server instances)
 * pass over each other's rows, and a lease in claimed_until so they keep away after the commit,
 * while this worker delivers outside any transaction. The rows are read locked, as they are now.
 */
export const claimDueCallbacks = (db: Database, { batchSize, perMerchant, leaseMs }: ClaimLimits) =>
  db.transaction(async (tx): Promise<ClaimedCallback[]> => {
    // Most runs find nothing: one probe of callbacks_due_idx instead of one per merchant.
    const [anyDue] = await tx.select({ id: callbacks.id }).from(callbacks).where(isDue()).limit(1);
    if (!anyDue) return [];
    const due = await tx
      .select({
        id: callbacks.id,
        merchantId: callbacks.merchantId,
        eventId: callbacks.eventId,
        resendOf: callbacks.resendOf,
        endpointId: callbacks.endpointId,
        endpointEnabled: sql<boolean>`coalesce(${webhookEndpoints.enabled}, true)`,
        isManual: callbacks.isManual,
        // An endpoint's deliveries go where it points now: a merchant who corrects its URL
        // gets the pending retries (and resends) there, not at the address that kept failing.
        url: sql<string>`coalesce(${webhookEndpoints.url}, ${callbacks.url})`,
        payload: callbacks.payload,
        attempts: callbacks.attempts,
        signingSecrets: signingSecretsOf,
      })
      .from(callbacks)
      .leftJoin(webhookEndpoints, eq(webhookEndpoints.id, callbacks.endpointId))
      .where(and(inArray(callbacks.id, fairBatchIds(batchSize, perMerchant)), isDue()))
      .orderBy(asc(callbacks.nextAttemptAt), asc(callbacks.id))
      .for('update', { of: callbacks, skipLocked: true });
    if (due.length === 0) return [];
    // One statement, one now(): every row of the batch gets the same lease end, the batch's token.
    const [lease] = await tx
      .update(callbacks)
      .set({ claimedUntil: sql`now() + ${intervalOf(leaseMs)}` })
      .where(
        inArray(
          callbacks.id,
          due.map(({ id }) => id),
        ),
      )
      .returning({ claimedUntil: claimedUntilText });
    if (!lease) return [];
    return inTurns(due).map(({ signingSecrets, ...callback }) => ({
      ...callback,
      // Read by hand above, so not opened by the column type.
      signingSecrets: (signingSecrets ?? []).map(openSigningSecret),
      claimedUntil: lease.claimedUntil,
    }));
  });

/**
 * Renews this worker's claim on a callback just before it is sent, for another lease from now:
 * answers the new token, or null when the claim is no longer this worker's (its lease ran out
 * while earlier callbacks of the batch were sent and another worker claimed it, or recorded it).
 * The callback is then not sent again from here. Checked per callback, so a batch whose POSTs
 * or records are slow (a busy pool, a lock) never sends what another worker has taken over.
 */
export const renewCallbackClaim = async (
  db: Database,
  claim: CallbackClaim,
  leaseMs: number,
): Promise<string | null> => {
  const [renewed] = await db
    .update(callbacks)
    .set({ claimedUntil: sql`now() + ${intervalOf(leaseMs)}` })
    .where(isClaimedWith(claim))
    .returning({ claimedUntil: claimedUntilText });
  return renewed?.claimedUntil ?? null;
};

/** One attempt as it is written on the callback row and in its attempt log. */
export interface AttemptRecord {
  status: 'SENT' | 'PENDING' | 'FAILED';
  responseCode: number | null;
  /** Null after a delivery. */
  error: string | null;
  /** From the request's start to the response headers (or the failure). */
  durationMs: number;
  /** The first characters of the response body, when there was one. */
  responseExcerpt: string | null;
  /** When the next attempt is due, from now; undefined leaves next_attempt_at as it is. */
  retryDelayMs: number | undefined;
}

/**
 * Writes an attempt on the callback row (attempts + 1, now as its execution date, the URL it
 * went to) and releases the claim. Guarded by the attempt count the claim saw: should the lease ever have run out
 * mid-delivery and another worker have recorded the same attempt, this record is dropped, not
 * doubled.
 */
export const recordCallbackAttempt = async (
  tx: Database,
  callback: Pick<ClaimedCallback, 'id' | 'attempts' | 'url'>,
  { status, responseCode, error, retryDelayMs, durationMs, responseExcerpt }: AttemptRecord,
): Promise<{ invoiceId: string | null } | null> => {
  const recorded = await tx
    .update(callbacks)
    .set({
      status,
      // The address attempted (an endpoint's may have changed since the delivery was queued).
      url: callback.url,
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
    )
    .returning({ invoiceId: callbacks.invoiceId });
  if (!recorded[0]) return null;
  await tx.insert(callbackAttempts).values({
    callbackId: callback.id,
    responseCode,
    durationMs,
    responseExcerpt,
    error,
  });
  return recorded[0];
};

/**
 * Locks an attempt's endpoint before its callback row is written: the order the endpoint's own
 * changes take (delete, disable, test event: the endpoint, then its deliveries), so recording an
 * attempt and deleting its endpoint never wait for each other in a circle. NO KEY UPDATE: the
 * transactions queuing deliveries to it (a key-share lock through their foreign key) go on.
 */
export const lockAttemptEndpoint = async (tx: Database, endpointId: number): Promise<void> => {
  await tx
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.id, endpointId))
    .for('no key update');
};

/**
 * Keeps an endpoint's run of failures: a delivery ends it, a failure starts it (or continues
 * it). An enabled endpoint whose run has lasted WEBHOOK_ENDPOINT_DISABLE_AFTER_DAYS is disabled
 * with `disabledReason`; answers that endpoint then (for the audit row), else null.
 */
export const recordEndpointHealth = (
  db: Database,
  endpointId: number,
  delivered: boolean,
  disabledReason: string,
): Promise<{ merchantId: number; url: string } | null> =>
  db.transaction(async (tx) => {
    if (delivered) {
      await tx
        .update(webhookEndpoints)
        .set({ failingSince: null })
        .where(and(eq(webhookEndpoints.id, endpointId), isNotNull(webhookEndpoints.failingSince)));
      return null;
    }
    const [endpoint] = await tx
      .select({
        merchantId: webhookEndpoints.merchantId,
        url: webhookEndpoints.url,
        enabled: webhookEndpoints.enabled,
        overdue: sql<boolean>`coalesce(${webhookEndpoints.failingSince} <= now() - make_interval(days => ${WEBHOOK_ENDPOINT_DISABLE_AFTER_DAYS}), false)`,
      })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, endpointId))
      // Not FOR UPDATE: that would also wait for every transaction queuing a callback to this
      // endpoint (their foreign key holds a key-share lock on the row).
      .for('no key update');
    if (!endpoint) return null;
    if (endpoint.enabled && endpoint.overdue) {
      await tx
        .update(webhookEndpoints)
        .set({ enabled: false, disabledReason, updatedAt: sql`now()` })
        .where(eq(webhookEndpoints.id, endpointId));
      return { merchantId: endpoint.merchantId, url: endpoint.url };
    }
    await tx
      .update(webhookEndpoints)
      .set({ failingSince: sql`coalesce(${webhookEndpoints.failingSince}, now())` })
      .where(eq(webhookEndpoints.id, endpointId));
    return null;
  });

/**
 * Clears the lease of pending callbacks this worker still holds, so any instance may take them
 * now. A claim another worker has taken over since (a new token) is left to that worker.
 */
export const releaseCallbackClaims = async (
  db: Database,
  claims: readonly CallbackClaim[],
): Promise<void> => {
  if (claims.length === 0) return;
  await db
    .update(callbacks)
    .set({ claimedUntil: null })
    .where(or(...claims.map(isClaimedWith)));
};
