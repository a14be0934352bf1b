import type { Database } from '../../db/database.ts';
import { openTotpSecret, sealTotpSecret } from '../../db/secrets-at-rest.ts';
import { invalid, notFoundError, stateConflict } from '../../service-errors.ts';
import { EVENT_CODES, recordEvent } from '../audit/audit-entry.ts';
import { finishPasswordCheck, reservePasswordCheck, type Throttled } from './login-throttle.ts';
import { endSessions } from './session-repository.ts';
import {
  clearSecondFactorFailures,
  countSecondFactorFailure,
  disableTotp,
  enableTotp,
  replaceRecoveryCodes,
  selectTwoFactor,
  selectUnusedRecoveryCodes,
  storeLastStep,
  storePendingSecret,
  type TwoFactorRecord,
  useRecoveryCode,
} from './two-factor-repository.ts';
import {
  acceptedTotpStep,
  enrolmentOf,
  looksLikeRecoveryCode,
  newRecoveryCodes,
  newTotpSecret,
  recoveryCodeHash,
  recoveryCodeMatches,
} from './two-factor-secrets.ts';

/**
 * Two-factor sign-in (issue 22 item 3, decision 0019): enrolment (a secret shown once as a QR
 * code and text, confirmed by a first code), 10 single-use recovery codes shown once, checking a
 * code at sign-in and for changes (throttled like passwords, never the same 30-second code
 * twice), turning it off (unless a role requires it) and an administrator's reset.
 */

export const TWO_FACTOR_MESSAGES = {
  alreadyOn: 'Two-factor sign-in is already on',
  notOn: 'Two-factor sign-in is not on',
  noEnrolment: 'Start the set-up first: scan the new QR code, then enter a code from the app',
  wrongCode: 'The code is not right. Check that the time on your phone is set automatically',
  required: 'Your role requires two-factor sign-in; it cannot be turned off',
  locked:
    'Too many wrong codes in a row: codes from the app are locked. Use a recovery code, or ask an administrator to reset your second factor',
} as const;

/**
 * Wrong codes of an enabled second factor in a row, after which no authenticator code is checked
 * until an administrator resets it (recovery codes still are: isLockedFor). The sign-in throttle
 * alone still let someone holding the password guess about a hundred codes a day, for ever (NIST
 * SP 800-63B 5.2.2 caps consecutive failures at 100); a person mistyping does not get near twenty
 * without a right code between.
 */
export const SECOND_FACTOR_FAILURES_MAX = 20;

export interface TwoFactorStatus {
  enabled: boolean;
  enabledAt: string | null;
  /** A role of the person requires it. */
  required: boolean;
  recoveryCodesLeft: number;
}

const requireRecord = async (db: Database, personId: number, lock = false) => {
  const record = await selectTwoFactor(db, personId, { lock });
  if (!record) throw notFoundError('Person not found');
  return record;
};

export const twoFactorStatus = async (db: Database, personId: number): Promise<TwoFactorStatus> => {
  const record = await requireRecord(db, personId);
  return {
    enabled: record.totpSecret !== null,
    enabledAt: record.totpEnabledAt?.toISOString() ?? null,
    required: record.required,
    recoveryCodesLeft: record.recoveryCodesLeft,
  };
};

/**
 * Starts (or restarts) enrolment: a new secret, kept pending until a code confirms it, and an
 * audit row (a restart replaces the secret an authenticator app may already hold). The answer is
 * shown once: the QR code, the otpauth URI and the secret to type in.
 */
export const startEnrolment = async (
  db: Database,
  { personId, sourceIp }: { personId: number; sourceIp: string },
) => {
  const secret = newTotpSecret();
  const record = await db.transaction(async (tx) => {
    const locked = await requireRecord(tx, personId, true);
    if (locked.totpSecret !== null) throw stateConflict(TWO_FACTOR_MESSAGES.alreadyOn);
    await storePendingSecret(tx, personId, sealTotpSecret(secret));
    await recordEvent(tx, {
      eventCode: EVENT_CODES.twoFactorEnrolmentStarted,
      description: `Two-factor enrolment started for ${locked.username}`,
      personId,
      merchantId: locked.merchantId,
      entityType: 'person',
      entityId: personId,
      sourceIp,
    });
    return locked;
  });
  return enrolmentOf(secret, record.username);
};

interface CodeCheck {
  personId: number;
  code: string;
  sourceIp: string;
  /**
   * The session the change is made in, which stays; the person's other sessions end when their
   * second factor changes (someone turning it on because they suspect a break-in must not leave
   * the intruder's session open). None at sign-in: every earlier session ends.
   */
  sessionId?: string;
}

/** Ends the person's sessions other than the one the change was made in (see CodeCheck). */
const endOtherSessions = (tx: Database, { personId, sessionId }: CodeCheck) =>
  endSessions(tx, {
    personId,
    ...(sessionId === undefined ? {} : { exceptId: sessionId }),
    reason: 'second-factor',
  });

/**
 * Runs a code check through the sign-in throttle (per username and address, like passwords).
 * `check` answers whether the code was right; a wrong one is audited.
 */
const throttledCheck = async <T>(
  db: Database,
  record: Pick<TwoFactorRecord, 'personId' | 'username' | 'merchantId'>,
  sourceIp: string,
  check: () => Promise<T | null>,
): Promise<Throttled | { outcome: 'checked'; result: T | null }> => {
  const reservation = await reservePasswordCheck(db, {
    username: record.username.toLowerCase(),
    sourceIp,
  });
  if (!reservation.allowed) {
    return { outcome: 'throttled', retryAfterSeconds: reservation.retryAfterSeconds };
  }
  const result = await check();
  if (result === null) {
    await recordEvent(db, {
      eventCode: EVENT_CODES.twoFactorFailed,
      description: `Wrong second-factor code for "${record.username}"`,
      personId: record.personId,
      merchantId: record.merchantId,
      entityType: 'person',
      entityId: record.personId,
      sourceIp,
    });
  }
  // A right code is the whole check: the one outcome that clears the count.
  await finishPasswordCheck(db, reservation, {
    outcome: result === null ? 'failed' : 'passed',
    personId: record.personId,
    sourceIp,
    purpose: 'second-factor',
  });
  return { outcome: 'checked', result };
};

const issueRecoveryCodes = async (db: Database, personId: number): Promise<string[]> => {
  const codes = newRecoveryCodes();
  await replaceRecoveryCodes(db, personId, codes.map(recoveryCodeHash));
  return codes;
};

/**
 * Confirms enrolment with a code of the pending secret: two-factor sign-in is on, and the answer
 * carries the 10 recovery codes (shown once).
 */
export const confirmEnrolment = async (
  db: Database,
  request: CodeCheck,
): Promise<Throttled | { outcome: 'enabled'; recoveryCodes: string[] }> => {
  const { personId, code, sourceIp } = request;
  const record = await requireRecord(db, personId);
  if (record.totpSecret !== null) throw stateConflict(TWO_FACTOR_MESSAGES.alreadyOn);
  const pending = record.totpPendingSecret ? openTotpSecret(record.totpPendingSecret) : null;
  if (!pending) throw stateConflict(TWO_FACTOR_MESSAGES.noEnrolment);
  const checked = await throttledCheck(db, record, sourceIp, async () =>
    acceptedTotpStep(pending, code),
  );
  if (checked.outcome === 'throttled') return checked;
  const step = checked.result;
  if (step === null) throw invalid(TWO_FACTOR_MESSAGES.wrongCode, 'two_factor_code_invalid');
  return db.transaction(async (tx) => {
    const locked = await requireRecord(tx, personId, true);
    if (locked.totpSecret !== null) throw stateConflict(TWO_FACTOR_MESSAGES.alreadyOn);
    await enableTotp(tx, personId, {
      encryptedSecret: sealTotpSecret(pending),
      step,
    });
    const recoveryCodes = await issueRecoveryCodes(tx, personId);
    await endOtherSessions(tx, request);
    await recordEvent(tx, {
      eventCode: EVENT_CODES.twoFactorEnabled,
      description: `Two-factor sign-in turned on for ${record.username}`,
      personId,
      merchantId: record.merchantId,
      entityType: 'person',
      entityId: personId,
      sourceIp,
    });
    return { outcome: 'enabled' as const, recoveryCodes };
  });
};

/** How a second factor was proven. */
export type SecondFactor = 'totp' | 'recovery-code';

/**
 * Uses up the person's unused recovery code that `code` is, if any. Each is salted, so `code` is
 * hashed against every one of them (ten at most), all compared whatever matched first. Marking it
 * used is conditional: of two uses of one code at once, one alone gets it.
 */
const useMatchingRecoveryCode = async (
  tx: Database,
  personId: number,
  code: string,
): Promise<boolean> => {
  let matching: number | null = null;
  for (const stored of await selectUnusedRecoveryCodes(tx, personId)) {
    if (recoveryCodeMatches(stored.codeHash, code)) matching = stored.id;
  }
  return matching !== null && (await useRecoveryCode(tx, matching));
};

/**
 * Which factor `code` proves for the locked record (an unused recovery code, then used up; or a
 * TOTP code of a step after the last accepted one), or null when it proves none.
 */
const provenFactor = async (
  tx: Database,
  record: TwoFactorRecord & { totpSecret: string },
  code: string,
  sourceIp: string,
): Promise<SecondFactor | null> => {
  // Recovery codes are kept as salted hashes, under no server key: they work even when the TOTP
  // secret cannot be opened (sealed under a server secret that is gone; the start warns).
  if (looksLikeRecoveryCode(code)) {
    if (!(await useMatchingRecoveryCode(tx, record.personId, code))) return null;
    await recordEvent(tx, {
      eventCode: EVENT_CODES.recoveryCodeUsed,
      description: `A recovery code of ${record.username} was used (${record.recoveryCodesLeft - 1} left)`,
      personId: record.personId,
      merchantId: record.merchantId,
      entityType: 'person',
      entityId: record.personId,
      sourceIp,
    });
    return 'recovery-code';
  }
  const secret = openTotpSecret(record.totpSecret);
  if (!secret) return null;
  const step = acceptedTotpStep(secret, code);
  if (step === null || (record.totpLastStep !== null && step <= record.totpLastStep)) return null;
  await storeLastStep(tx, record.personId, step);
  return 'totp';
};

const lockedOut = () => stateConflict(TWO_FACTOR_MESSAGES.locked, 'two_factor_locked');

/**
 * What the lock does to `code`: 'open' below it; at it an authenticator code is 'refused' unread
 * and a recovery code is still checked ('recovery-only'). Recovery codes (about 49.5 bits each,
 * under the sign-in throttle) cannot be guessed the way six digits can, and they are the way in
 * the lock would otherwise shut: for the owner whose password someone else is guessing codes
 * with, and for a person whose app secret no server key opens any more (decision 0019).
 */
const isLockedFor = (
  record: Pick<TwoFactorRecord, 'secondFactorFailures'>,
  code: string,
): 'open' | 'refused' | 'recovery-only' => {
  if (record.secondFactorFailures < SECOND_FACTOR_FAILURES_MAX) return 'open';
  return looksLikeRecoveryCode(code) ? 'recovery-only' : 'refused';
};

/**
 * Checks a code of the person's second factor under the person's row lock, and counts it: a wrong
 * one adds to the wrong codes in a row (the SECOND_FACTOR_FAILURES_MAX-th locks it), a right one
 * starts the count again. Counted under the lock, so codes sent at once cannot all pass the limit.
 */
const proveSecondFactor = async (
  db: Database,
  personId: number,
  code: string,
  sourceIp: string,
): Promise<SecondFactor | null> =>
  db.transaction(async (tx) => {
    const record = await requireRecord(tx, personId, true);
    const { totpSecret } = record;
    if (totpSecret === null) return null;
    const locked = isLockedFor(record, code);
    if (locked === 'refused') throw lockedOut();
    const proven = await provenFactor(tx, { ...record, totpSecret }, code, sourceIp);
    if (proven !== null) {
      // Below the lock a right code forgives the wrong ones. At the lock a recovery code lets its
      // holder in but clears nothing: someone guessing app codes with the password would
      // otherwise get twenty more each time the owner signs in.
      if (locked === 'open' && record.secondFactorFailures > 0) {
        await clearSecondFactorFailures(tx, personId);
      }
      return proven;
    }
    const failures = await countSecondFactorFailure(tx, personId);
    if (failures === SECOND_FACTOR_FAILURES_MAX) {
      await recordEvent(tx, {
        eventCode: EVENT_CODES.twoFactorLocked,
        description: `Two-factor sign-in of "${record.username}" locked after ${failures} wrong codes in a row`,
        personId,
        merchantId: record.merchantId,
        entityType: 'person',
        entityId: personId,
        sourceIp,
      });
    }
    return null;
  });

/** A code of `record`'s second factor through the throttle; `result` null when it was wrong. */
const checkCodeOf = (
  db: Database,
  record: TwoFactorRecord,
  { code, sourceIp }: CodeCheck,
): Promise<Throttled | { outcome: 'checked'; result: SecondFactor | null }> => {
  if (record.totpSecret === null) throw stateConflict(TWO_FACTOR_MESSAGES.notOn);
  // Known locked already: not even a throttle reservation (checked again under the lock).
  if (isLockedFor(record, code) === 'refused') throw lockedOut();
  return throttledCheck(db, record, sourceIp, () =>
    proveSecondFactor(db, record.personId, code, sourceIp),
  );
};

/** A second-factor code checked through the throttle; `result` null when it was wrong. */
export const checkSecondFactor = async (
  db: Database,
  request: CodeCheck,
): Promise<Throttled | { outcome: 'checked'; result: SecondFactor | null }> =>
  checkCodeOf(db, await requireRecord(db, request.personId), request);

/** New recovery codes (the old ones stop working), after a code proves the second factor. */
export const regenerateRecoveryCodes = async (
  db: Database,
  request: CodeCheck,
): Promise<Throttled | { outcome: 'issued'; recoveryCodes: string[] }> => {
  const record = await requireRecord(db, request.personId);
  const checked = await checkCodeOf(db, record, request);
  if (checked.outcome === 'throttled') return checked;
  if (checked.result === null)
    throw invalid(TWO_FACTOR_MESSAGES.wrongCode, 'two_factor_code_invalid');
  return db.transaction(async (tx) => {
    const recoveryCodes = await issueRecoveryCodes(tx, request.personId);
    await endOtherSessions(tx, request);
    await recordEvent(tx, {
      eventCode: EVENT_CODES.recoveryCodesRegenerated,
      description: `New recovery codes for ${record.username}`,
      personId: request.personId,
      merchantId: record.merchantId,
      entityType: 'person',
      entityId: request.personId,
      sourceIp: request.sourceIp,
    });
    return { outcome: 'issued' as const, recoveryCodes };
  });
};

/** Turns the person's own second factor off, after a code proves it; not when a role requires it. */
export const turnOffTwoFactor = async (
  db: Database,
  request: CodeCheck,
): Promise<Throttled | { outcome: 'disabled' }> => {
  const record = await requireRecord(db, request.personId);
  if (record.required) throw stateConflict(TWO_FACTOR_MESSAGES.required);
  const checked = await checkCodeOf(db, record, request);
  if (checked.outcome === 'throttled') return checked;
  if (checked.result === null)
    throw invalid(TWO_FACTOR_MESSAGES.wrongCode, 'two_factor_code_invalid');
  await db.transaction(async (tx) => {
    await disableTotp(tx, request.personId);
    await endOtherSessions(tx, request);
    await recordEvent(tx, {
      eventCode: EVENT_CODES.twoFactorDisabled,
      description: `Two-factor sign-in turned off by ${record.username}`,
      personId: request.personId,
      merchantId: record.merchantId,
      entityType: 'person',
      entityId: request.personId,
      sourceIp: request.sourceIp,
    });
  });
  return { outcome: 'disabled' };
};

/**
 * An administrator's reset (users module): the person's second factor and recovery codes are
 * gone; when a role requires one, they enrol again at their next sign-in. The caller audits it
 * and ends the person's sessions.
 */
export const removeSecondFactor = (db: Database, personId: number): Promise<void> =>
  disableTotp(db, personId);
