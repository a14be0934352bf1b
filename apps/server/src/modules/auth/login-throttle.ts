import { isIPv4, isIPv6 } from 'node:net';
import { asc, eq, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { queryRows } from '../../db/database.ts';
import { loginAttempts } from '../../db/schema.ts';
import { EVENT_CODES, recordEvent } from '../audit/event-log.ts';
import type { BackgroundJob } from '../jobs/background-jobs.ts';

const SECOND_MS = 1_000;
const MINUTE_MS = 60 * SECOND_MS;
const DAY_MS = 24 * 60 * MINUTE_MS;

/**
 * Throttling of password checks (sign-in and the current password of a password change), issue
 * 19. Three keys, each with some free failures and then a wait that doubles with every further
 * failure (1 s, 2 s, 4 s … up to `maxDelayMs`), counted from the key's latest failure:
 *
 * - `pair` (username, address): failures since the pair's last success, within a day. Only the
 *   person's own address is affected, so nobody elsewhere can lock a person out.
 * - `address` (all usernames from one address): a larger allowance within 15 minutes, so an
 *   office behind one NAT is not held up by one person's typos.
 * - `username` (one username from all addresses): the allowance of distributed guessing.
 *
 * The address and username keys are not applied to an address the username had a successful
 * password check from within `knownAddressMs`: the real person on a known address can always
 * sign in, whatever others do elsewhere (only the pair key, which is theirs, applies).
 */
export const LOGIN_THROTTLE = {
  /** The longest wait before a throttled key's next password check. */
  maxDelayMs: 15 * MINUTE_MS,
  pair: { freeFailures: 5, windowMs: DAY_MS },
  address: { freeFailures: 50, windowMs: 15 * MINUTE_MS },
  username: { freeFailures: 100, windowMs: DAY_MS },
  /** A successful check this recent makes the address known for that username. */
  knownAddressMs: 30 * DAY_MS,
} as const;

/** Attempts older than this decide nothing (the longest window above). */
export const LOGIN_ATTEMPT_RETENTION_MS = LOGIN_THROTTLE.knownAddressMs;

export type ThrottleKeyKind = 'pair' | 'address' | 'username';

/** The wait after `failures` failures of a key with `freeFailures` free ones (0: none). */
export const throttleDelayMs = (failures: number, freeFailures: number): number =>
  failures < freeFailures
    ? 0
    : Math.min(SECOND_MS * 2 ** (failures - freeFailures), LOGIN_THROTTLE.maxDelayMs);

/** 16-bit groups of an IPv6 address (IPv4 tail included), or null when it is not one. */
const ipv6Groups = (address: string): number[] | null => {
  const [head = '', tail, ...more] = address.split('::');
  if (more.length > 0) return null;
  const groupsOf = (part: string): number[] | null => {
    if (part === '') return [];
    const groups: number[] = [];
    for (const piece of part.split(':')) {
      if (piece.includes('.')) {
        if (!isIPv4(piece)) return null;
        const [a = 0, b = 0, c = 0, d = 0] = piece.split('.').map(Number);
        groups.push(a * 256 + b, c * 256 + d);
      } else {
        groups.push(Number.parseInt(piece, 16));
      }
    }
    return groups;
  };
  const left = groupsOf(head);
  const right = tail === undefined ? [] : groupsOf(tail);
  if (!left || !right) return null;
  const missing = 8 - left.length - right.length;
  if (missing < 0 || (tail === undefined && missing !== 0)) return null;
  return [...left, ...Array<number>(missing).fill(0), ...right];
};

/**
 * The address a password check is counted against: an IPv4 address as it is (an IPv4-mapped
 * IPv6 one as IPv4), an IPv6 address as its /64, which one client usually holds whole (privacy
 * addresses change within it).
 */
export const throttleAddress = (ip: string): string => {
  const address = ip.split('%')[0] ?? ip;
  if (!isIPv6(address)) return address;
  const groups = ipv6Groups(address);
  if (!groups) return address;
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    const [high = 0, low = 0] = groups.slice(6);
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
};

interface ThrottleLock {
  kind: ThrottleKeyKind;
  failures: number;
  delayMs: number;
}

export type PasswordCheckReservation =
  | { allowed: false; retryAfterSeconds: number }
  | {
      allowed: true;
      attemptId: number;
      username: string;
      address: string;
      /** Keys this attempt throttles if it turns out to be a failure. */
      locksOnFailure: ThrottleLock[];
    };

interface ThrottleState {
  now_ms: number;
  known: boolean;
  pair_failures: number;
  pair_latest_ms: number | null;
  address_failures: number;
  address_latest_ms: number | null;
  username_failures: number;
  username_latest_ms: number | null;
}

const lockName = (kind: ThrottleKeyKind, value: unknown) =>
  `login-throttle:${kind}:${JSON.stringify(value)}`;

const ago = (clockNow: SQL, ms: number) =>
  sql`${clockNow} - ${ms}::float8 * interval '1 millisecond'`;

/**
 * Decides whether a password of `username` from `sourceIp` may be checked now and, when it may,
 * reserves the attempt: the row is written as a failure before the password is verified, in one
 * transaction with advisory locks on the three keys, so parallel attempts are counted one after
 * another and cannot overshoot the allowance. `finishPasswordCheck` records the outcome.
 * Times are the database clock (every instance agrees) unless `now` is given (tests).
 */
export const reservePasswordCheck = async (
  db: Database,
  { username, sourceIp, now }: { username: string; sourceIp: string; now?: Date },
): Promise<PasswordCheckReservation> => {
  const address = throttleAddress(sourceIp);
  return db.transaction(async (tx) => {
    const names = [
      lockName('pair', [username, address]),
      lockName('address', address),
      lockName('username', username),
    ];
    // Taken in the order of their keys, so two checks sharing keys can never deadlock.
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
              AND ${loginAttempts.attemptedAt} > ${ago(clockNow, LOGIN_THROTTLE.knownAddressMs)}
          ),
          pair AS (${failuresOf(
            sql`${loginAttempts.username} = ${username}
                AND ${loginAttempts.sourceIp} = ${address}
                AND ${loginAttempts.id} > coalesce(last_success.id, 0)
                AND ${loginAttempts.attemptedAt} > ${ago(clockNow, LOGIN_THROTTLE.pair.windowMs)}`,
          )}),
          by_address AS (${failuresOf(
            sql`${loginAttempts.sourceIp} = ${address}
                AND ${loginAttempts.attemptedAt} > ${ago(clockNow, LOGIN_THROTTLE.address.windowMs)}`,
          )}),
          by_username AS (${failuresOf(
            sql`${loginAttempts.username} = ${username}
                AND ${loginAttempts.attemptedAt} > ${ago(clockNow, LOGIN_THROTTLE.username.windowMs)}`,
          )})
          SELECT (extract(epoch FROM clock.now) * 1000)::float8 AS now_ms,
                 last_success.id IS NOT NULL AS known,
                 pair.failures AS pair_failures, pair.latest_ms AS pair_latest_ms,
                 by_address.failures AS address_failures, by_address.latest_ms AS address_latest_ms,
                 by_username.failures AS username_failures,
                 by_username.latest_ms AS username_latest_ms
          FROM clock, last_success, pair, by_address, by_username`,
    );
    if (!state) throw new Error('login throttle state query returned no row');

    const keys = [
      {
        kind: 'pair' as const,
        failures: state.pair_failures,
        latestMs: state.pair_latest_ms,
        free: LOGIN_THROTTLE.pair.freeFailures,
        applies: true,
      },
      {
        kind: 'address' as const,
        failures: state.address_failures,
        latestMs: state.address_latest_ms,
        free: LOGIN_THROTTLE.address.freeFailures,
        applies: !state.known,
      },
      {
        kind: 'username' as const,
        failures: state.username_failures,
        latestMs: state.username_latest_ms,
        free: LOGIN_THROTTLE.username.freeFailures,
        applies: !state.known,
      },
    ];
    const nowMs = state.now_ms;
    const nextCheckMs = Math.max(
      nowMs,
      ...keys
        .filter(({ applies, latestMs }) => applies && latestMs !== null)
        .map(({ failures, free, latestMs }) => (latestMs ?? 0) + throttleDelayMs(failures, free)),
    );
    if (nextCheckMs > nowMs) {
      return { allowed: false, retryAfterSeconds: Math.ceil((nextCheckMs - nowMs) / SECOND_MS) };
    }

    const [reserved] = await tx
      .insert(loginAttempts)
      .values({ username, sourceIp: address, succeeded: false, attemptedAt: new Date(nowMs) })
      .returning({ id: loginAttempts.id });
    if (!reserved) throw new Error('login attempt insert returned nothing');
    return {
      allowed: true,
      attemptId: reserved.id,
      username,
      address,
      locksOnFailure: keys
        .filter(({ failures, free }) => failures + 1 === free)
        .map(({ kind, free }) => ({
          kind,
          failures: free,
          delayMs: throttleDelayMs(free, free),
        })),
    };
  });
};

const lockDescription = (
  lock: ThrottleLock,
  { username, address }: { username: string; address: string },
  purpose: PasswordCheckPurpose,
) => {
  const wait = `the next check waits ${lock.delayMs / SECOND_MS} s, doubling with each further failure up to ${LOGIN_THROTTLE.maxDelayMs / SECOND_MS} s`;
  const last = purpose === 'current-password' ? ' (the last a wrong current password)' : '';
  switch (lock.kind) {
    case 'pair':
      return `Password checks locked for "${username}" from ${address} after ${lock.failures} failures in a row${last}: ${wait}`;
    case 'address':
      return `Password checks locked from ${address} after ${lock.failures} failures in ${LOGIN_THROTTLE.address.windowMs / MINUTE_MS} minutes${last}, for usernames not signed in from there in ${LOGIN_THROTTLE.knownAddressMs / DAY_MS} days: ${wait}`;
    case 'username':
      return `Password checks locked for "${username}" after ${lock.failures} failures in ${LOGIN_THROTTLE.username.windowMs / DAY_MS} day from all addresses${last}, except addresses it signed in from in ${LOGIN_THROTTLE.knownAddressMs / DAY_MS} days: ${wait}`;
  }
};

const lockEntityId = (kind: ThrottleKeyKind, username: string, address: string) =>
  kind === 'pair'
    ? `pair:${username} ${address}`
    : kind === 'address'
      ? `address:${address}`
      : `username:${username}`;

export type PasswordCheckPurpose = 'sign-in' | 'current-password';

/**
 * Records the outcome of a reserved check: a success clears the pair (its failures before it no
 * longer count); a failure stays counted, and when it throttles a key, one LOGIN_LOCKED event
 * says which key, for whom and how long. Refused checks (429) write nothing.
 */
export const finishPasswordCheck = async (
  db: Database,
  reservation: Extract<PasswordCheckReservation, { allowed: true }>,
  {
    succeeded,
    personId,
    sourceIp,
    purpose,
  }: {
    succeeded: boolean;
    personId: number | null;
    sourceIp: string;
    purpose: PasswordCheckPurpose;
  },
): Promise<void> => {
  if (succeeded) {
    await db
      .update(loginAttempts)
      .set({ succeeded: true })
      .where(eq(loginAttempts.id, reservation.attemptId));
    return;
  }
  for (const lock of reservation.locksOnFailure) {
    await recordEvent(db, {
      eventCode: EVENT_CODES.loginLocked,
      description: lockDescription(lock, reservation, purpose),
      personId: lock.kind === 'address' ? null : personId,
      entityType: 'login_throttle',
      entityId: lockEntityId(lock.kind, reservation.username, reservation.address),
      sourceIp,
    });
  }
};

/**
 * Deletes up to `batchSize` attempts older than the retention (database clock), oldest first;
 * returns how many went. Safe on several instances at once: rows another run holds are skipped.
 */
export const purgeOldLoginAttempts = async (
  db: Database,
  { batchSize = 1_000 }: { batchSize?: number } = {},
): Promise<number> => {
  const old = db
    .select({ id: loginAttempts.id })
    .from(loginAttempts)
    .where(
      lt(
        loginAttempts.attemptedAt,
        sql`now() - ${LOGIN_ATTEMPT_RETENTION_MS}::float8 * interval '1 millisecond'`,
      ),
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

/** The periodic purge of attempts that no longer decide anything, for the background-job runner. */
export const loginAttemptPurgeJob = (
  db: Database,
  {
    batchSize = 1_000,
    idleDelayMs = 15 * MINUTE_MS,
  }: { batchSize?: number; idleDelayMs?: number } = {},
): BackgroundJob => ({
  name: 'login-attempt-purge',
  idleDelayMs,
  // A full batch means more may be waiting: the runner goes again at once.
  runOnce: async () => (await purgeOldLoginAttempts(db, { batchSize })) === batchSize,
});
