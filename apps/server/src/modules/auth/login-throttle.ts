import { isIPv4, isIPv6 } from 'node:net';
import type { Database } from '../../db/database.ts';
import { EVENT_CODES, recordEvent } from '../audit/audit-entry.ts';
import type { BackgroundJob } from '../jobs/jobs-entry.ts';
import {
  deleteAttemptsOlderThan,
  insertFailedAttempt,
  lockThrottleKeys,
  markAttemptSucceeded,
  readThrottleState,
} from './login-attempt-repository.ts';
import { merchantIdOfPerson } from './person-repository.ts';

const SECOND_MS = 1_000;
const MINUTE_MS = 60 * SECOND_MS;
const DAY_MS = 24 * 60 * MINUTE_MS;

/**
 * Throttling of password checks (sign-in and the current password of a password change), issue
 * 19. Three keys, each with some free failures and then a wait that doubles with every further
 * failure (1 s, 2 s, 4 s … up to `maxDelayMs`), counted from the key's latest failure:
 *
 * - `pair` (username, address): failures since the pair's last success (a check that passed
 *   whole, see `PasswordCheckOutcome`), within a day. Only the person's own address is
 *   affected, so nobody elsewhere can lock a person out.
 * - `address` (all usernames from one address): a larger allowance within 15 minutes, so an
 *   office behind one NAT is not held up by one person's typos.
 * - `username` (one username from all addresses): the allowance of distributed guessing.
 *
 * The address and username keys are not applied to an address the username had a successful
 * password check from within `knownAddressMs`: the real person on a known address can always
 * sign in, whatever others do elsewhere (only the pair key, which is theirs, applies).
 *
 * This file holds the rules and their transactions; the counts, locks and rows are the SQL of
 * login-attempt-repository.ts.
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

const lockName = (kind: ThrottleKeyKind, value: unknown) =>
  `login-throttle:${kind}:${JSON.stringify(value)}`;

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
    await lockThrottleKeys(tx, names);
    const state = await readThrottleState(tx, {
      username,
      address,
      now,
      windows: {
        knownAddressMs: LOGIN_THROTTLE.knownAddressMs,
        pairMs: LOGIN_THROTTLE.pair.windowMs,
        addressMs: LOGIN_THROTTLE.address.windowMs,
        usernameMs: LOGIN_THROTTLE.username.windowMs,
      },
    });
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

    const attemptId = await insertFailedAttempt(tx, {
      username,
      address,
      attemptedAt: new Date(nowMs),
    });
    return {
      allowed: true,
      attemptId,
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
  outcome: Exclude<PasswordCheckOutcome, 'passed'>,
) => {
  const wait = `the next check waits ${lock.delayMs / SECOND_MS} s, doubling with each further failure up to ${LOGIN_THROTTLE.maxDelayMs / SECOND_MS} s`;
  const last =
    outcome === 'password-only'
      ? ' (the last a right password of a person with a second factor, counted until a code passes)'
      : purpose === 'current-password'
        ? ' (the last a wrong current password)'
        : purpose === 'second-factor'
          ? ' (the last a wrong second-factor code)'
          : '';
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

/** A check the throttle refused: try again after this many seconds. */
export interface Throttled {
  outcome: 'throttled';
  retryAfterSeconds: number;
}

/** What a throttled check was: a password at sign-in, one's current password, or a 2FA code. */
export type PasswordCheckPurpose = 'sign-in' | 'current-password' | 'second-factor';

/**
 * How a reserved check ended. Only `passed`, the whole proof, clears the pair's count (and makes
 * the address known): a password of a person without a second factor, or a right code.
 * `password-only`: the password was right but the person has a second factor (or must set one
 * up), so the password alone proves nothing and is counted as a failure until a code passes.
 * Otherwise whoever knows the password could clear the count between guessed codes: at sign-in,
 * or by changing the password (to itself) between codes guessed in Security (decision 0019).
 */
export type PasswordCheckOutcome = 'passed' | 'password-only' | 'failed';

/**
 * Records the outcome of a reserved check. `passed` is the one place the count is cleared: the
 * attempt becomes a success, and the pair's failures before it no longer count. Anything else
 * stays counted as a failure, and when it throttles a key, one LOGIN_LOCKED event says which key,
 * for whom and how long. Refused checks (429) write nothing.
 */
export const finishPasswordCheck = async (
  db: Database,
  reservation: Extract<PasswordCheckReservation, { allowed: true }>,
  {
    outcome,
    personId,
    sourceIp,
    purpose,
  }: {
    outcome: PasswordCheckOutcome;
    personId: number | null;
    sourceIp: string;
    purpose: PasswordCheckPurpose;
  },
): Promise<void> => {
  if (outcome === 'passed') {
    await markAttemptSucceeded(db, reservation.attemptId);
    return;
  }
  for (const lock of reservation.locksOnFailure) {
    const lockedPerson = lock.kind === 'address' ? null : personId;
    await recordEvent(db, {
      eventCode: EVENT_CODES.loginLocked,
      description: lockDescription(lock, reservation, purpose, outcome),
      personId: lockedPerson,
      // A merchant's auditors see their own staff locked out.
      merchantId: lockedPerson === null ? null : await merchantIdOfPerson(db, lockedPerson),
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
export const purgeOldLoginAttempts = (
  db: Database,
  { batchSize = 1_000 }: { batchSize?: number } = {},
): Promise<number> =>
  deleteAttemptsOlderThan(db, { retentionMs: LOGIN_ATTEMPT_RETENTION_MS, batchSize });

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
