import { asc, eq, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { queryRows } from '../../db/database.ts';
import { loginAttempts } from '../../db/schema.ts';

/**
 * Password-check attempts (login_attempts) and the advisory locks of their throttle keys: SQL
 * only. The rules (allowances, waits, which keys apply) are login-throttle.ts's.
 */

/** The failures of each throttle key as the database counts them now (times in epoch ms). */
export interface ThrottleState {
  now_ms: number;
  known: boolean;
  pair_failures: number;
  pair_latest_ms: number | null;
  address_failures: number;
  address_latest_ms: number | null;
  username_failures: number;
  username_latest_ms: number | null;
}

/** How far back each count looks, in ms. */
export interface ThrottleWindows {
  /** A successful check this recent makes the address known for that username. */
  knownAddressMs: number;
  pairMs: number;
  addressMs: number;
  usernameMs: number;
}

/**
 * Takes the transaction-scoped advisory lock of each name, in the order of their keys, so two
 * checks sharing keys can never deadlock.
 */
export const lockThrottleKeys = async (tx: Database, names: readonly string[]): Promise<void> => {
  await tx.execute(
    sql`SELECT pg_advisory_xact_lock(key) FROM (
          SELECT DISTINCT hashtextextended(name, 0) AS key
          FROM unnest(ARRAY[${sql.join(
            names.map((name) => sql`${name}`),
            sql`, `,
          )}]::text[]) AS name
          ORDER BY key
        ) AS keys`,
  );
};

const ago = (clockNow: SQL, ms: number) =>
  sql`${clockNow} - ${ms}::float8 * interval '1 millisecond'`;

/**
 * The failures of the pair (username, address) since its last success, of the address and of
 * the username within their windows, and whether the pair had a success within the known-address
 * window. The clock is `now` when given (tests), the database's otherwise.
 */
export const readThrottleState = async (
  tx: Database,
  {
    username,
    address,
    now,
    windows,
  }: { username: string; address: string; now?: Date; windows: ThrottleWindows },
): Promise<ThrottleState | undefined> => {
  const clockNow = sql`clock.now`;
  const failuresOf = (where: SQL) =>
    sql`SELECT count(*)::int AS failures,
               (extract(epoch FROM max(${loginAttempts.attemptedAt})) * 1000)::float8 AS latest_ms
        FROM ${loginAttempts}, clock, last_success
        WHERE NOT ${loginAttempts.succeeded} AND ${where}`;
  const [state] = await queryRows<ThrottleState>(
    tx,
    sql`WITH clock AS (
          SELECT coalesce(${now?.toISOString() ?? null}::timestamptz, clock_timestamp()) AS now
        ),
        last_success AS (
          SELECT max(${loginAttempts.id}) AS id FROM ${loginAttempts}, clock
          WHERE ${loginAttempts.username} = ${username}
            AND ${loginAttempts.sourceIp} = ${address}
            AND ${loginAttempts.succeeded}
            AND ${loginAttempts.attemptedAt} > ${ago(clockNow, windows.knownAddressMs)}
        ),
        pair AS (${failuresOf(
          sql`${loginAttempts.username} = ${username}
              AND ${loginAttempts.sourceIp} = ${address}
              AND ${loginAttempts.id} > coalesce(last_success.id, 0)
              AND ${loginAttempts.attemptedAt} > ${ago(clockNow, windows.pairMs)}`,
        )}),
        by_address AS (${failuresOf(
          sql`${loginAttempts.sourceIp} = ${address}
              AND ${loginAttempts.attemptedAt} > ${ago(clockNow, windows.addressMs)}`,
        )}),
        by_username AS (${failuresOf(
          sql`${loginAttempts.username} = ${username}
              AND ${loginAttempts.attemptedAt} > ${ago(clockNow, windows.usernameMs)}`,
        )})
        SELECT (extract(epoch FROM clock.now) * 1000)::float8 AS now_ms,
               last_success.id IS NOT NULL AS known,
               pair.failures AS pair_failures, pair.latest_ms AS pair_latest_ms,
               by_address.failures AS address_failures, by_address.latest_ms AS address_latest_ms,
               by_username.failures AS username_failures,
               by_username.latest_ms AS username_latest_ms
        FROM clock, last_success, pair, by_address, by_username`,
  );
  return state;
};

/** Writes an attempt as a failure (until it is known to be a success); returns its id. */
export const insertFailedAttempt = async (
  tx: Database,
  { username, address, attemptedAt }: { username: string; address: string; attemptedAt: Date },
): Promise<number> => {
  const [reserved] = await tx
    .insert(loginAttempts)
    .values({ username, sourceIp: address, succeeded: false, attemptedAt })
    .returning({ id: loginAttempts.id });
  if (!reserved) throw new Error('login attempt insert returned nothing');
  return reserved.id;
};

export const markAttemptSucceeded = async (db: Database, attemptId: number): Promise<void> => {
  await db.update(loginAttempts).set({ succeeded: true }).where(eq(loginAttempts.id, attemptId));
};

/**
 * Deletes up to `batchSize` attempts older than `retentionMs` (database clock), oldest first;
 * returns how many went. Rows another transaction holds are skipped.
 */
export const deleteAttemptsOlderThan = async (
  db: Database,
  { retentionMs, batchSize }: { retentionMs: number; batchSize: number },
): Promise<number> => {
  const old = db
    .select({ id: loginAttempts.id })
    .from(loginAttempts)
    .where(
      lt(loginAttempts.attemptedAt, sql`now() - ${retentionMs}::float8 * interval '1 millisecond'`),
    )
    .orderBy(asc(loginAttempts.id))
    .limit(batchSize)
    .for('update', { skipLocked: true });
  const deleted = await db
    .delete(loginAttempts)
    .where(inArray(loginAttempts.id, old))
    .returning({ id: loginAttempts.id });
  return deleted.length;
};
