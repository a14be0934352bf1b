import { createHmac } from 'node:crypto';

/**
 * Request signing exactly as the server checks it (apps/server/src/http/request-signing.ts,
 * docs/merchant-api.md): X-Signature is the lower-case hex HMAC-SHA256 of
 * `${timestamp}.${METHOD}.${pathWithQuery}.${body}`, keyed with the bytes of the secret — the
 * base64 after its prefix, `sk_` for API keys, `whsec_` for keys made before API keys had
 * their own prefix.
 */

/** What one request signs. */
export interface SignedRequestParts {
  /** Unix time in whole seconds, as sent in X-Timestamp. */
  timestamp: string;
  /** GET, POST (upper-cased before signing). */
  method: string;
  /** Path and query string exactly as sent, e.g. /api/merchant/v1/invoices?limit=5. */
  pathWithQuery: string;
  /** The body exactly as sent; empty for GET. */
  body: string | Uint8Array;
}

const SECRET_PREFIXES = ['sk_', 'whsec_'] as const;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/**
 * The HMAC key of a secret: the bytes after its prefix, base64-decoded. Throws for anything
 * else (the server refuses the same secrets), so a mistyped secret fails at once, not as 401s.
 */
export const secretKeyBytes = (secret: string): Buffer => {
  const prefix = SECRET_PREFIXES.find((candidate) => secret.startsWith(candidate));
  if (!prefix) throw new TypeError('A Paygate API secret starts with sk_ (or whsec_)');
  const encoded = secret.slice(prefix.length);
  const bytes = Buffer.from(encoded, 'base64');
  if (!BASE64.test(encoded) || bytes.length < 24 || bytes.length > 64) {
    throw new TypeError(`A Paygate API secret is ${prefix} followed by base64 of 24 to 64 bytes`);
  }
  return bytes;
};

/** The X-Signature of a request. */
export const sign = (parts: SignedRequestParts, secret: string): string =>
  createHmac('sha256', secretKeyBytes(secret))
    .update(`${parts.timestamp}.${parts.method.toUpperCase()}.${parts.pathWithQuery}.`)
    .update(parts.body)
    .digest('hex');

/** X-Timestamp of a moment: Unix time in whole seconds. */
export const unixTimestamp = (at: Date): string => String(Math.floor(at.getTime() / 1000));
