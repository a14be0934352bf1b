import { isUuidText } from '@paygate/domain';
import { jwtVerify, SignJWT } from 'jose';
import { RECORD_ID_MAX } from '../../http/record-id.ts';

export interface SessionClaims {
  personId: number;
  sessionId: string;
}

const AUDIENCE = 'paygate-backoffice';

const keyOf = (secret: string) => new TextEncoder().encode(secret);

const PERSON_ID = /^[1-9][0-9]*$/;

/** The signed token stored in the jwt cookie; the session row decides whether it still works. */
export const signSessionToken = (
  claims: SessionClaims,
  secret: string,
  expiresAt: Date,
): Promise<string> =>
  new SignJWT({ sid: claims.sessionId })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(claims.personId))
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(keyOf(secret));

/** The claims of a valid, unexpired token signed with `secret`, or null. */
export const verifySessionToken = async (
  token: string,
  secret: string,
): Promise<SessionClaims | null> => {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), {
      algorithms: ['HS256'],
      audience: AUDIENCE,
    });
    // Claims are checked as strictly as any input: a well-signed token with a sid that is not a
    // UUID or a sub beyond the id column would otherwise be a database error (500), not a 401.
    const { sub, sid } = payload;
    if (typeof sub !== 'string' || !PERSON_ID.test(sub) || Number(sub) > RECORD_ID_MAX) return null;
    if (typeof sid !== 'string' || !isUuidText(sid)) return null;
    return { personId: Number(sub), sessionId: sid };
  } catch {
    return null;
  }
};

/** What is left to do after a right password: check a code, or enrol first (decision 0019). */
export type SecondFactorStep = 'verify' | 'enrol';

export interface SecondFactorClaims {
  personId: number;
  step: SecondFactorStep;
  /**
   * When the person's password was last set or cleared (ms), as the password step saw it: a reset
   * or change since makes the token worthless (decision 0019).
   */
  passwordSetAt: number | null;
}

const SECOND_FACTOR_AUDIENCE = 'paygate-second-factor';
/** How long the second step may take after the password. */
export const SECOND_FACTOR_MINUTES = 10;

export const signSecondFactorToken = (
  claims: SecondFactorClaims,
  secret: string,
  expiresAt: Date,
): Promise<string> =>
  new SignJWT({ step: claims.step, pwd: claims.passwordSetAt })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(claims.personId))
    .setAudience(SECOND_FACTOR_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(keyOf(secret));

/** The claims of a valid second-factor token, or null (a session token is not one). */
export const verifySecondFactorToken = async (
  token: string,
  secret: string,
): Promise<SecondFactorClaims | null> => {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), {
      algorithms: ['HS256'],
      audience: SECOND_FACTOR_AUDIENCE,
    });
    const { sub, step, pwd } = payload;
    if (typeof sub !== 'string' || !PERSON_ID.test(sub) || Number(sub) > RECORD_ID_MAX) return null;
    if (step !== 'verify' && step !== 'enrol') return null;
    if (pwd !== null && !Number.isSafeInteger(pwd)) return null;
    return { personId: Number(sub), step, passwordSetAt: pwd as number | null };
  } catch {
    return null;
  }
};
