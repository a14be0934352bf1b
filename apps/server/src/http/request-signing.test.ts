import { describe, expect, it } from 'vitest';
import { newMerchantKeys } from '../modules/merchant-api/merchant-keys.ts';
import {
  newSigningSecret,
  requestSignature,
  secretKeyBytes,
  signatureMatches,
} from './request-signing.ts';

/** Bytes 0..31 as a Standard Webhooks secret. */
const SECRET = 'whsec_AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=';

describe('request signing', () => {
  it('makes a pk_ public key and an sk_ secret of 32 random bytes', () => {
    const keys = newMerchantKeys();
    expect(keys.clientPublicKey).toMatch(/^pk_[0-9a-f]{32}$/);
    expect(keys.signingSecret).toMatch(/^sk_[A-Za-z0-9+/]{43}=$/);
    expect(secretKeyBytes(keys.signingSecret)).toHaveLength(32);
    const others = Array.from({ length: 50 }, newMerchantKeys);
    expect(new Set(others.map((other) => other.signingSecret)).size).toBe(50);
    expect(new Set(others.map((other) => other.clientPublicKey)).size).toBe(50);
    expect(secretKeyBytes(newSigningSecret())).toHaveLength(32);
  });

  it('uses the base64-decoded bytes after whsec_ or sk_ as the HMAC key', () => {
    expect(secretKeyBytes(SECRET)).toEqual(Buffer.from([...Array(32).keys()]));
    expect(secretKeyBytes(SECRET.replace('whsec_', 'sk_'))).toEqual(
      Buffer.from([...Array(32).keys()]),
    );
  });

  it.each([
    'sk_0123',
    'secret',
    'pk_AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=',
    'whsec_',
    'whsec_not base64!',
    `whsec_${Buffer.alloc(16).toString('base64')}`,
    `whsec_${Buffer.alloc(65).toString('base64')}`,
  ])('refuses %s as a secret', (secret) => {
    expect(() => secretKeyBytes(secret)).toThrow(/sk_|whsec_/);
  });

  it('signs timestamp, method, path with query and body (the documented openssl result)', () => {
    // printf '%s' '1700000000.POST./api/merchant/v1/invoices.{"amount":150000}' \
    //   | openssl dgst -sha256 -mac HMAC -macopt hexkey:000102…1f
    const signature = requestSignature(SECRET, {
      timestamp: '1700000000',
      method: 'post',
      pathWithQuery: '/api/merchant/v1/invoices',
      body: '{"amount":150000}',
    });
    expect(signature).toBe('ea0ee00c0fea0205be70f128b65bccf8a05888cb0892a631b6967cc32574c4cc');
    expect(
      requestSignature(SECRET, {
        timestamp: '1700000000',
        method: 'POST',
        pathWithQuery: '/api/merchant/v1/invoices',
        body: Buffer.from('{"amount":150000}'),
      }),
    ).toBe(signature);
  });

  it('compares signatures in constant time and only well-formed ones', () => {
    const expected = 'ea0ee00c0fea0205be70f128b65bccf8a05888cb0892a631b6967cc32574c4cc';
    expect(signatureMatches(expected, expected)).toBe(true);
    expect(signatureMatches(expected.toUpperCase(), expected)).toBe(true);
    expect(signatureMatches(`${expected.slice(0, 63)}d`, expected)).toBe(false);
    expect(signatureMatches(expected.slice(0, 62), expected)).toBe(false);
    expect(signatureMatches(`${expected}00`, expected)).toBe(false);
    expect(signatureMatches(`v1=${expected}`, expected)).toBe(false);
    expect(signatureMatches('', expected)).toBe(false);
  });
});
