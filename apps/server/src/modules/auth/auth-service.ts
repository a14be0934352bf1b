import type { Database } from '../../db/database.ts';
import { invalid } from '../../service-errors.ts';
import { EVENT_CODES, recordEvent } from '../audit/audit-entry.ts';
import type { AuthenticatedPerson } from './authenticated-person.ts';
import { finishPasswordCheck, reservePasswordCheck, type Throttled } from './login-throttle.ts';
import { decoyPasswordHash, hashPassword, verifyPassword } from './password-hashing.ts';
import { newPasswordProblem } from './password-policy.ts';
import {
  findEnabledPersonById,
  findEnabledPersonByUsername,
  findPasswordHash,
  merchantIdOfPerson,
  settledPasswordState,
  storePasswordHash,
} from './person-repository.ts';
import { createSession, endSessions } from './session-repository.ts';
import {
  SECOND_FACTOR_MINUTES,
  type SecondFactorStep,
  signSecondFactorToken,
  signSessionToken,
  verifySecondFactorToken,
  verifySessionToken,
} from './session-tokens.ts';
import {
  checkSecondFactor,
  confirmEnrolment,
  type SecondFactor,
  startEnrolment,
  TWO_FACTOR_MESSAGES,
  type TwoFactorStatus,
  twoFactorStatus,
} from './two-factor-service.ts';

/**
 * Signing in, signing out and changing one's password (SPEC §7): the password checks go through
 * the throttle of login-throttle.ts, and every outcome is written to the event log. A refused
 * sign-in and a throttled check are outcomes the routes answer (401, 429 with Retry-After);
 * a password change that breaks a rule throws `invalid` (400).
 */

export const WRONG_CURRENT_PASSWORD_MESSAGE = 'Current password is incorrect';

/** How sessions are made: the JWT key and the session lifetime (AuthConfig). */
export interface SessionSettings {
  jwtSecret: string;
  sessionTtlMinutes: number;
}

export type SignInResult =
  | Throttled
  /** Unknown or disabled username, or a wrong password: said the same way for all. */
  | { outcome: 'refused' }
  | SignedIn
  /** The password was right; a code (`verify`) or enrolment (`enrol`) comes next. */
  | { outcome: 'second-factor'; step: SecondFactorStep; token: string; expiresAt: Date };

export interface SignedIn {
  outcome: 'signed-in';
  token: string;
  expiresAt: Date;
}

/** The username as people are looked up and throttled by: trimmed, lower case. */
const normalisedUsername = (username: string) => username.trim().toLowerCase();

interface Client {
  sourceIp: string;
  userAgent: string | null;
  /** The jwt the browser sent with the sign-in: a session it still holds, whoever's. */
  currentSessionToken?: string | undefined;
}

/**
 * Whether a right password of this person is only the first half of the proof: they have a second
 * factor, or a role requires one they must set up. Their right password then clears no throttle
 * count (`password-only`, login-throttle.ts), at sign-in and when changing their password.
 */
const secondFactorFollows = (twoFactor: TwoFactorStatus): boolean =>
  twoFactor.enabled || twoFactor.required;

/** When the password was last set or cleared, in ms: what a sign-in's steps compare. */
const passwordSetAtOf = (person: { passwordChangedAt: Date | null }): number | null =>
  person.passwordChangedAt?.getTime() ?? null;

/**
 * Ends the live session behind the jwt a sign-in came with, whoever's it is, and records it: a
 * browser signing in over a session it holds keeps only the new one (decision 0019), so a copy of
 * the old token taken before does not outlive the sign-in. An expired, ended or forged token
 * ends nothing.
 */
const endReplacedSession = async (
  db: Database,
  jwtSecret: string,
  { currentSessionToken, sourceIp }: Pick<Client, 'currentSessionToken' | 'sourceIp'>,
): Promise<void> => {
  const claims = currentSessionToken
    ? await verifySessionToken(currentSessionToken, jwtSecret)
    : null;
  if (!claims) return;
  const [ended] = await endSessions(db, {
    sessionIds: [claims.sessionId],
    personId: claims.personId,
    reason: 'new-sign-in',
  });
  if (!ended) return;
  await recordEvent(db, {
    eventCode: EVENT_CODES.sessionEnded,
    description: 'Session ended by a new sign-in in the same browser',
    personId: claims.personId,
    merchantId: await merchantIdOfPerson(db, claims.personId),
    entityType: 'session',
    entityId: ended,
    sourceIp,
  });
};

/**
 * Opens a session for a person who proved who they are, ends the session the browser held
 * before, signs the new one's token, records the sign-in.
 */
const openSession = async (
  db: Database,
  settings: SessionSettings,
  person: { id: number; username: string; merchantId: number | null },
  passwordSetAt: number | null,
  client: Client & { secondFactor?: SecondFactor },
): Promise<SignedIn | null> => {
  const { sourceIp, userAgent, secondFactor } = client;
  const expiresAt = new Date(Date.now() + settings.sessionTtlMinutes * 60_000);
  const sessionId = await createSession(db, {
    personId: person.id,
    expiresAt,
    sourceIp,
    userAgent,
  });
  // A password reset or change that ended the person's sessions while this sign-in was between
  // its password check and here would miss this one: after the session exists, the password is
  // read again (waiting for a reset under way), and a sign-in with a password that is no longer
  // theirs gets nothing (decision 0019).
  const now = await settledPasswordState(db, person.id);
  if (!now?.enabled || now.passwordHash === null || passwordSetAtOf(now) !== passwordSetAt) {
    await endSessions(db, { sessionIds: [sessionId], reason: 'password' });
    return null;
  }
  await endReplacedSession(db, settings.jwtSecret, client);
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
    ...(secondFactor && { details: { secondFactor } }),
  });
  return { outcome: 'signed-in', token, expiresAt };
};

/**
 * Checks a username and password and, when they match an enabled person, opens a session and
 * signs its token — or, for a person with a second factor (or whose role requires one), answers
 * the next step instead. Throttled checks do not look at the password at all (issue 19). A wrong
 * username takes as long as a wrong password (the decoy hash is checked).
 */
export const signIn = async (
  db: Database,
  settings: SessionSettings,
  request: { username: string; password: string } & Client,
): Promise<SignInResult> => {
  const username = normalisedUsername(request.username);
  const { sourceIp } = request;

  const check = await reservePasswordCheck(db, { username, sourceIp });
  if (!check.allowed) return { outcome: 'throttled', retryAfterSeconds: check.retryAfterSeconds };

  const person = await findEnabledPersonByUsername(db, username);
  const passwordOk = await verifyPassword(
    // A person without a password yet (a new user before their link) is checked like a stranger.
    person?.passwordHash ?? (await decoyPasswordHash),
    request.password,
  );
  const succeeded = Boolean(person?.passwordHash) && passwordOk;
  if (!person || !succeeded) {
    await recordEvent(db, {
      eventCode: EVENT_CODES.loginFailed,
      description: `Failed sign-in for "${username}"`,
      personId: person?.id ?? null,
      // A merchant's auditors see their own staff's failed sign-ins.
      merchantId: person?.merchantId ?? null,
      sourceIp,
    });
    await finishPasswordCheck(db, check, {
      outcome: 'failed',
      personId: person?.id ?? null,
      sourceIp,
      purpose: 'sign-in',
    });
    return { outcome: 'refused' };
  }

  const twoFactor = await twoFactorStatus(db, person.id);
  if (secondFactorFollows(twoFactor)) {
    // The password alone is no sign-in: its check stays counted until the second factor passes,
    // so right passwords cannot clear the count between guessed codes.
    await finishPasswordCheck(db, check, {
      outcome: 'password-only',
      personId: person.id,
      sourceIp,
      purpose: 'sign-in',
    });
    const step: SecondFactorStep = twoFactor.enabled ? 'verify' : 'enrol';
    const expiresAt = new Date(Date.now() + SECOND_FACTOR_MINUTES * 60_000);
    const token = await signSecondFactorToken(
      { personId: person.id, step, passwordSetAt: passwordSetAtOf(person) },
      settings.jwtSecret,
      expiresAt,
    );
    return { outcome: 'second-factor', step, token, expiresAt };
  }

  await finishPasswordCheck(db, check, {
    outcome: 'passed',
    personId: person.id,
    sourceIp,
    purpose: 'sign-in',
  });
  return (
    (await openSession(db, settings, person, passwordSetAtOf(person), request)) ?? {
      outcome: 'refused',
    }
  );
};

/** The person a second-factor token names, if it is valid for `step` and they are enabled. */
const secondFactorPerson = async (
  db: Database,
  settings: SessionSettings,
  token: string | undefined,
  step: SecondFactorStep,
) => {
  const claims = token ? await verifySecondFactorToken(token, settings.jwtSecret) : null;
  if (!claims || claims.step !== step) return null;
  const person = await findEnabledPersonById(db, claims.personId);
  // The password the first step checked was reset or changed since: the token is worthless.
  if (!person || person.passwordHash === null) return null;
  if (passwordSetAtOf(person) !== claims.passwordSetAt) return null;
  return { ...person, passwordSetAt: claims.passwordSetAt };
};

export type SecondStepResult = Throttled | { outcome: 'expired' } | SignedIn;

/** The sign-in's second step: a TOTP or recovery code; a wrong one is invalid (400). */
export const completeSignInWithCode = async (
  db: Database,
  settings: SessionSettings,
  request: { token: string | undefined; code: string } & Client,
): Promise<SecondStepResult> => {
  const person = await secondFactorPerson(db, settings, request.token, 'verify');
  if (!person) return { outcome: 'expired' };
  const checked = await checkSecondFactor(db, {
    personId: person.id,
    code: request.code,
    sourceIp: request.sourceIp,
  });
  if (checked.outcome === 'throttled') return checked;
  if (checked.result === null)
    throw invalid(TWO_FACTOR_MESSAGES.wrongCode, 'two_factor_code_invalid');
  return (
    (await openSession(db, settings, person, person.passwordSetAt, {
      ...request,
      secondFactor: checked.result,
    })) ?? { outcome: 'expired' }
  );
};

/** Enrolment during sign-in, for a person whose role requires a second factor they lack. */
export const startSignInEnrolment = async (
  db: Database,
  settings: SessionSettings,
  { token, sourceIp }: { token: string | undefined; sourceIp: string },
) => {
  const person = await secondFactorPerson(db, settings, token, 'enrol');
  if (!person) return null;
  return startEnrolment(db, { personId: person.id, sourceIp });
};

/** Confirms sign-in enrolment with a first code: signed in, with the recovery codes shown once. */
export const confirmSignInEnrolment = async (
  db: Database,
  settings: SessionSettings,
  request: { token: string | undefined; code: string } & Client,
): Promise<Throttled | { outcome: 'expired' } | (SignedIn & { recoveryCodes: string[] })> => {
  const person = await secondFactorPerson(db, settings, request.token, 'enrol');
  if (!person) return { outcome: 'expired' };
  const enabled = await confirmEnrolment(db, {
    personId: person.id,
    code: request.code,
    sourceIp: request.sourceIp,
  });
  if (enabled.outcome === 'throttled') return enabled;
  const session = await openSession(db, settings, person, person.passwordSetAt, {
    ...request,
    secondFactor: 'totp',
  });
  if (!session) return { outcome: 'expired' };
  return { ...session, recoveryCodes: enabled.recoveryCodes };
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
  await endSessions(db, { sessionIds: [claims.sessionId], reason: 'sign-out' });
  await recordEvent(db, {
    eventCode: EVENT_CODES.logout,
    description: 'Signed out',
    personId: claims.personId,
    merchantId: await merchantIdOfPerson(db, claims.personId),
    sourceIp,
  });
};

/**
 * Checks the signed-in person's current password before a change a stolen session must not make
 * alone (a new password, a second factor of the thief's), through the same throttle as sign-in
 * on the person's username from this address, so the session cannot be used to guess the
 * password either. A wrong one is audited with `refusal` and answered 400
 * WRONG_CURRENT_PASSWORD_MESSAGE.
 */
export const verifyCurrentPassword = async (
  db: Database,
  person: AuthenticatedPerson,
  {
    currentPassword,
    sourceIp,
    refusal,
  }: {
    currentPassword: string;
    sourceIp: string;
    refusal: { eventCode: string; description: string };
  },
): Promise<Throttled | { outcome: 'verified' }> => {
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
      ...refusal,
      personId: person.id,
      merchantId: person.merchantId,
      sourceIp,
    });
  }
  // A right current password of a person with a second factor clears nothing either: changing
  // the password (to itself, even) between codes guessed in Security would clear their count.
  await finishPasswordCheck(db, check, {
    outcome: !currentPasswordOk
      ? 'failed'
      : secondFactorFollows(await twoFactorStatus(db, person.id))
        ? 'password-only'
        : 'passed',
    personId: person.id,
    sourceIp,
    purpose: 'current-password',
  });
  if (!currentPasswordOk) throw invalid(WRONG_CURRENT_PASSWORD_MESSAGE, 'wrong_current_password');
  return { outcome: 'verified' };
};

/**
 * Starts setting up the signed-in person's own second factor from Settings, after their current
 * password: with a stolen session alone, a thief could otherwise put their own authenticator on
 * the account and lock its owner out of signing in.
 */
export const startOwnEnrolment = async (
  db: Database,
  person: AuthenticatedPerson,
  { currentPassword, sourceIp }: { currentPassword: string; sourceIp: string },
) => {
  const verified = await verifyCurrentPassword(db, person, {
    currentPassword,
    sourceIp,
    refusal: {
      eventCode: EVENT_CODES.twoFactorEnrolmentRefused,
      description: 'Two-factor set-up refused: wrong current password',
    },
  });
  if (verified.outcome === 'throttled') return verified;
  return {
    outcome: 'started' as const,
    enrolment: await startEnrolment(db, { personId: person.id, sourceIp }),
  };
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
  const problem = newPasswordProblem(newPassword, person.username);
  if (problem) throw invalid(problem);
  const verified = await verifyCurrentPassword(db, person, {
    currentPassword,
    sourceIp,
    refusal: {
      eventCode: EVENT_CODES.passwordChangeFailed,
      description: 'Password change refused: wrong current password',
    },
  });
  if (verified.outcome === 'throttled') return verified;

  await storePasswordHash(db, person.id, await hashPassword(newPassword));
  await endSessions(db, { personId: person.id, exceptId: person.sessionId, reason: 'password' });
  await recordEvent(db, {
    eventCode: EVENT_CODES.passwordChanged,
    description: 'Password changed',
    personId: person.id,
    merchantId: person.merchantId,
    sourceIp,
  });
  return { outcome: 'changed' };
};
