import type { Database } from '../../db/database.ts';
import { invalid } from '../../service-errors.ts';
import { EVENT_CODES, recordEvent } from '../audit/audit-entry.ts';
import { verifyCurrentPassword } from './auth-service.ts';
import type { AuthenticatedPerson } from './authenticated-person.ts';
import type { Throttled } from './login-throttle.ts';
import { REAUTHENTICATION_MESSAGES } from './recent-authentication.ts';
import { markSessionAuthenticated } from './session-repository.ts';
import { checkSecondFactor, TWO_FACTOR_MESSAGES, twoFactorStatus } from './two-factor-service.ts';

/**
 * The signed-in person proves who they are again before a security action (decision 0019,
 * "Recent authentication"): their password, and a code of their second factor when they have
 * one, as at sign-in. Both go through the sign-in throttle on the person's username from this
 * address, and a wrong code counts towards the second factor's lock, so a session cannot be used
 * to guess either. On success the session counts as freshly authenticated for
 * RECENT_AUTHENTICATION_MINUTES. A wrong password is 400 `wrong_current_password`, a missing or
 * wrong code 400 `two_factor_code_invalid`; each refusal and the success are audited.
 */
export const confirmIdentity = async (
  db: Database,
  person: AuthenticatedPerson,
  { password, code, sourceIp }: { password: string; code?: string; sourceIp: string },
): Promise<Throttled | { outcome: 'confirmed' }> => {
  // Asked first, so a missing code costs no password check (nor a throttle reservation).
  const secondFactor = (await twoFactorStatus(db, person.id)).enabled;
  const typedCode = code?.trim() ?? '';
  if (secondFactor && typedCode === '') {
    throw invalid(REAUTHENTICATION_MESSAGES.codeMissing, 'two_factor_code_invalid');
  }
  const verified = await verifyCurrentPassword(db, person, {
    currentPassword: password,
    sourceIp,
    refusal: {
      eventCode: EVENT_CODES.reauthenticationFailed,
      description: 'Confirmation refused: wrong password',
    },
  });
  if (verified.outcome === 'throttled') return verified;
  if (secondFactor) {
    const checked = await checkSecondFactor(db, { personId: person.id, code: typedCode, sourceIp });
    if (checked.outcome === 'throttled') return checked;
    if (checked.result === null) {
      throw invalid(TWO_FACTOR_MESSAGES.wrongCode, 'two_factor_code_invalid');
    }
  }
  await db.transaction(async (tx) => {
    await markSessionAuthenticated(tx, person.sessionId);
    await recordEvent(tx, {
      eventCode: EVENT_CODES.reauthenticated,
      description: secondFactor
        ? 'Confirmed with password and second-factor code'
        : 'Confirmed with password',
      personId: person.id,
      merchantId: person.merchantId,
      entityType: 'session',
      entityId: person.sessionId,
      sourceIp,
    });
  });
  return { outcome: 'confirmed' };
};
