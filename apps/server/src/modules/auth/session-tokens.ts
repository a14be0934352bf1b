import { jwtVerify, SignJWT } from 'jose';

export interface SessionClaims {
  personId: number;
  sessionId: string;
}

const AUDIENCE = 'paygate-backoffice';

const keyOf = (secret: string) => new TextEncoder().encode(secret);

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
    const personId = Number(payload.sub);
    const sessionId = payload.sid;
    if (!Number.isInteger(personId) || typeof sessionId !== 'string') return null;
    return { personId, sessionId };
  } catch {
    return null;
  }
};
