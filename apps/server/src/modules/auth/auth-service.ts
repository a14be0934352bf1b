import type { Database } from '../../db/database.ts';
import { invalid } from '../../service-errors.ts';
import { EVENT_CODES, recordEvent } from '../audit/event-log.ts';
import type { AuthenticatedPerson } from './authenticated-person.ts';
import { finishPasswordCheck, reservePasswordCheck } from './login-throttle.ts';
import { decoyPasswordHash, hashPassword, verifyPassword } from './password-hashing.ts';
import {
  findEnabledPersonByUsername,
  findPasswordHash,
  storePasswordHash,
} from './person-repository.ts';
import { createSession, revokeOtherSessions, revokeSession } from './session-repository.ts';
import { signSessionToken, verifySessionToken } from './session-tokens.ts';

/**
 * Signing in, signing out and changing one's password (SPEC §7): the password checks go through
 * the throttle of login-throttle.ts, and every outcome is written to the event log. A refused
 * sign-in and a throttled check are outcomes the routes answer (401, 429 with Retry-After);
 * a password change that breaks a rule throws `invalid` (400).
 */

export const WRONG_CURRENT_PASSWORD_MESSAGE = 'Current password is incorrect';
export const PASSWORD_MIN_LENGTH = 8;

/** How sessions are made: the JWT key and the session lifetime (AuthConfig). */
export interface SessionSettings {
  jwtSecret: string;
  sessionTtlMinutes: number;
}

/** A password check the throttle refused: try again after this many seconds. */
export interface Throttled {
  outcome: 'throttled';
  retryAfterSeconds: number;
}

export type SignInResult =
  | Throttled
  /** Unknown or disabled username, or a wrong password: said the same way for all. */
  | { outcome: 'refused' }
  | { outcome: 'signed-in'; token: string; expiresAt: Date };

/** The username as people are looked up and throttled by: trimmed, lower case. */
const normalisedUsername = (username: string) => username.trim().toLowerCase();

/**
 * Checks a username and password and, when they match an enabled person, opens a session and
 * signs its token. Throttled checks do not look at the password at all (issue 19). A wrong
 * username takes as long as a wrong password (the decoy hash is checked).
 */
export const signIn = async (
  db: Database,
  settings: SessionSettings,
  request: { username: string; password: string; sourceIp: string },
): Promise<SignInResult> => {
  const username = normalisedUsername(request.username);
  const { sourceIp } = request;

  const check = await reservePasswordCheck(db, { username, sourceIp });
  if (!check.allowed) return { outcome: 'throttled', retryAfterSeconds: check.retryAfterSeconds };

  const person = await findEnabledPersonByUsername(db, username);
  const passwordOk = await verifyPassword(
    person?.passwordHash ?? (await decoyPasswordHash),
    request.password,
  );
  const succeeded = Boolean(person) && passwordOk;
  if (!person || !succeeded) {
    await recordEvent(db, {
      eventCode: EVENT_CODES.loginFailed,
      description: `Failed sign-in for "${username}"`,
      personId: person?.id ?? null,
      sourceIp,
    });
    await finishPasswordCheck(db, check, {
      succeeded: false,
      personId: person?.id ?? null,
      sourceIp,
      purpose: 'sign-in',
    });
    return { outcome: 'refused' };
  }
  await finishPasswordCheck(db, check, {
    succeeded: true,
    personId: person.id,
    sourceIp,
    purpose: 'sign-in',
  });

  const expiresAt = new Date(Date.now() + settings.sessionTtlMinutes * 60_000);
  const sessionId = await createSession(db, person.id, expiresAt, sourceIp);
  const token = await signSessionToken(
    { personId: person.id, sessionId },
    settings.jwtSecret,
    expiresAt,
  );
  await recordEvent(db, {
    eventCode: EVENT_CODES.loginSucceeded,
    description: `Signed in as "${person.username}"`,
    personId: person.id,
    merchantId: person.merchantId,
    sourceIp,
  });
  return { outcome: 'signed-in', token, expiresAt };
};

/**
 * Ends the session of a valid token and records it; an expired, revoked, forged or missing token
 * ends nothing (signing out always succeeds).
 */
export const signOut = async (
  db: Database,
  jwtSecret: string,
  { token, sourceIp }: { token: string | undefined; sourceIp: string },
): Promise<void> => {
  const claims = token ? await verifySessionToken(token, jwtSecret) : null;
  if (!claims) return;
  await revokeSession(db, claims.sessionId);
  await recordEvent(db, {
    eventCode: EVENT_CODES.logout,
    description: 'Signed out',
    personId: claims.personId,
    sourceIp,
  });
};

/**
 * Changes the signed-in person's password after checking the current one, through the same
 * throttle as sign-in on the person's username from this address: a stolen session cannot be
 * used to guess the password either. Other devices signed in with the old password are signed
 * out.
 */
export const changePassword = async (
  db: Database,
  person: AuthenticatedPerson,
  {
    currentPassword,
    newPassword,
    sourceIp,
  }: { currentPassword: string; newPassword: string; sourceIp: string },
): Promise<Throttled | { outcome: 'changed' }> => {
  if (newPassword.length < PASSWORD_MIN_LENGTH) {
    throw invalid(`New password must be at least ${PASSWORD_MIN_LENGTH} characters long`);
  }
  const check = await reservePasswordCheck(db, {
    username: normalisedUsername(person.username),
    sourceIp,
  });
  if (!check.allowed) return { outcome: 'throttled', retryAfterSeconds: check.retryAfterSeconds };

  const passwordHash = await findPasswordHash(db, person.id);
  const currentPasswordOk = passwordHash
    ? await verifyPassword(passwordHash, currentPassword)
    : false;
  if (!currentPasswordOk) {
    await recordEvent(db, {
      eventCode: EVENT_CODES.passwordChangeFailed,
      description: 'Password change refused: wrong current password',
      personId: person.id,
      merchantId: person.merchantId,
      sourceIp,
    });
  }
  await finishPasswordCheck(db, check, {
    succeeded: currentPasswordOk,
    personId: person.id,
    sourceIp,
    purpose: 'current-password',
  });
  if (!currentPasswordOk) throw invalid(WRONG_CURRENT_PASSWORD_MESSAGE);

  await storePasswordHash(db, person.id, await hashPassword(newPassword));
  await revokeOtherSessions(db, person.id, person.sessionId);
  await recordEvent(db, {
    eventCode: EVENT_CODES.passwordChanged,
    description: 'Password changed',
    personId: person.id,
    merchantId: person.merchantId,
    sourceIp,
  });
  return { outcome: 'changed' };
};
