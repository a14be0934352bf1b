import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * A merchant's key pair. The public key names the merchant on every API request (and is shown in
 * the back office); the secret is shared with the merchant once, at creation, and never again.
 *
 * The secret has the Standard Webhooks format (`whsec_` + base64 of 32 random bytes) because the
 * same secret signs our callbacks to the merchant (https://www.standardwebhooks.com), so the
 * merchant can verify those with any Standard Webhooks library and keeps one secret, not two.
 */
export interface MerchantKeys {
  clientPublicKey: string;
  signingSecret: string;
}

const SECRET_PREFIX = 'whsec_';
const SECRET_BYTES = 32;

export const newMerchantKeys = (): MerchantKeys => ({
  clientPublicKey: `pk_${randomBytes(16).toString('hex')}`,
  signingSecret: `${SECRET_PREFIX}${randomBytes(SECRET_BYTES).toString('base64')}`,
});

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/**
 * The HMAC key of a secret: the bytes after `whsec_`, base64-decoded (as Standard Webhooks
 * defines it). Throws for anything else, so a malformed stored secret can never silently turn
 * into a weak key.
 */
export const secretKeyBytes = (secret: string): Buffer => {
  if (!secret.startsWith(SECRET_PREFIX)) {
    throw new Error('A merchant signing secret starts with whsec_');
  }
  const encoded = secret.slice(SECRET_PREFIX.length);
  const bytes = Buffer.from(encoded, 'base64');
  // Standard Webhooks allows 24..64 byte secrets; Buffer.from ignores bad characters, so check.
  if (!BASE64.test(encoded) || bytes.length < 24 || bytes.length > 64) {
    throw new Error('A merchant signing secret is whsec_ followed by base64 of 24 to 64 bytes');
  }
  return bytes;
};

/** What a merchant signs on each API request. */
export interface SignedRequestParts {
  /** Unix time in seconds, as sent in X-Timestamp. */
  timestamp: string;
  /** Upper case, e.g. POST. */
  method: string;
  /** Path and query string exactly as sent, e.g. /api/merchant/v1/invoices?merchantInvoiceId=1. */
  pathWithQuery: string;
  /** The request body bytes exactly as sent; empty for GET. */
  body: Buffer | string;
}

/**
 * HMAC-SHA256 over `${timestamp}.${METHOD}.${pathWithQuery}.${body}` with the secret's key bytes,
 * lower-case hex: the X-Signature header. The server and merchants (see docs/merchant-api.md)
 * compute exactly this.
 */
export const merchantRequestSignature = (secret: string, parts: SignedRequestParts): string =>
  createHmac('sha256', secretKeyBytes(secret))
    .update(`${parts.timestamp}.${parts.method.toUpperCase()}.${parts.pathWithQuery}.`)
    .update(parts.body)
    .digest('hex');

const HEX_SHA256 = /^[0-9a-fA-F]{64}$/;

/** Compares a presented signature with the expected one in constant time. */
export const signatureMatches = (presented: string, expectedHex: string): boolean => {
  if (!HEX_SHA256.test(presented)) return false;
  const expected = Buffer.from(expectedHex, 'hex');
  const given = Buffer.from(presented, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
};
