import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { secretKeyBytes, sign, unixTimestamp } from './request-signing.ts';

/** The documented example key: bytes 0 to 31 (docs/merchant-api.md). */
const KEY = Buffer.from(Array.from({ length: 32 }, (_, index) => index));
const SECRET = `whsec_${KEY.toString('base64')}`;

describe('request signing', () => {
  it('signs the documented example to the documented openssl result (as the server does)', () => {
    // printf '%s' '1700000000.POST./api/merchant/v1/invoices.{"amount":150000}' \
    //   | openssl dgst -sha256 -mac HMAC -macopt hexkey:000102…1f
    // (apps/server/src/http/request-signing.test.ts holds the server to the same value.)
    const parts = {
      timestamp: '1700000000',
      method: 'post',
      pathWithQuery: '/api/merchant/v1/invoices',
      body: '{"amount":150000}',
    };
    const expected = 'ea0ee00c0fea0205be70f128b65bccf8a05888cb0892a631b6967cc32574c4cc';
    expect(SECRET).toBe('whsec_AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=');
    expect(sign(parts, SECRET)).toBe(expected);
    expect(sign({ ...parts, body: new TextEncoder().encode(parts.body) }, SECRET)).toBe(expected);
    // An sk_ secret of the same bytes is the same key.
    expect(sign(parts, `sk_${KEY.toString('base64')}`)).toBe(expected);
  });

  it('signs a GET with its query and an empty body', () => {
    const parts = {
      timestamp: '1700000000',
      method: 'GET',
      pathWithQuery: '/api/merchant/v1/invoices?status=NEW&status=DONE&limit=5',
      body: '',
    };
    expect(sign(parts, SECRET)).toBe(
      createHmac('sha256', KEY)
        .update('1700000000.GET./api/merchant/v1/invoices?status=NEW&status=DONE&limit=5.')
        .digest('hex'),
    );
  });

  it.each([
    'AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=',
    'pk_AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=',
    'sk_',
    'sk_not base64!',
    `sk_${Buffer.alloc(16).toString('base64')}`,
    `whsec_${Buffer.alloc(65).toString('base64')}`,
  ])('refuses %s as a secret, as the server would', (secret) => {
    expect(() => secretKeyBytes(secret)).toThrow(/sk_|whsec_/);
  });

  it('takes the timestamp in whole Unix seconds', () => {
    expect(unixTimestamp(new Date('2023-11-14T22:13:20.999Z'))).toBe('1700000000');
  });
});
