import { describe, expect, it } from 'vitest';
import { signSessionToken, verifySessionToken } from './session-tokens.ts';

const secret = 'test-secret-that-is-long-enough-0123456789';
const claims = { personId: 7, sessionId: '0b8f1c1e-8c1d-4d0c-9d5c-0a9a1c1e2f3a' };

describe('session tokens', () => {
  it('round-trips the claims', async () => {
    const token = await signSessionToken(claims, secret, new Date(Date.now() + 60_000));
    expect(await verifySessionToken(token, secret)).toEqual(claims);
  });

  it('refuses expired tokens, other keys and tampering', async () => {
    const expired = await signSessionToken(claims, secret, new Date(Date.now() - 1_000));
    expect(await verifySessionToken(expired, secret)).toBeNull();

    const token = await signSessionToken(claims, secret, new Date(Date.now() + 60_000));
    expect(await verifySessionToken(token, `${secret}-other`)).toBeNull();
    const [header, , signature] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ sub: '1', sid: claims.sessionId })).toString(
      'base64url',
    );
    expect(await verifySessionToken(`${header}.${forged}.${signature}`, secret)).toBeNull();
    expect(await verifySessionToken('not-a-token', secret)).toBeNull();
  });

  it('refuses a well-signed token whose claims are not a person id and a session UUID', async () => {
    const later = new Date(Date.now() + 60_000);
    const signed = (personId: unknown, sessionId: unknown) =>
      signSessionToken({ personId, sessionId } as typeof claims, secret, later);
    for (const token of [
      await signed(7, 'not-a-uuid'),
      await signed(7, "x' OR 1=1 --"),
      await signed(2 ** 31, claims.sessionId),
      await signed(2 ** 53 + 2, claims.sessionId),
      await signed(0, claims.sessionId),
      await signed(-1, claims.sessionId),
      await signed(1.5, claims.sessionId),
      await signed('1e3', claims.sessionId),
    ]) {
      expect(await verifySessionToken(token, secret)).toBeNull();
    }
  });
});
