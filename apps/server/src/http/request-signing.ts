import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Signing secrets and request signatures shared by every party that calls us with a signed
 * request (merchants' API keys, production providers).
 *
 * A secret is a prefix and base64 of 32 random bytes: `sk_` for a merchant's API key secret,
 * `whsec_` for provider secrets, webhook signing secrets and merchant keys made before API keys
 * were separated from webhook secrets (issue 23, decision 0021). `whsec_` is the Standard
 * Webhooks format (https://www.standardwebhooks.com), so those verify callbacks with any
 * Standard Webhooks library.
 */
export const API_KEY_SECRET_PREFIX = 'sk_';
export const WEBHOOK_SECRET_PREFIX = 'whsec_';
const SECRET_PREFIXES = [API_KEY_SECRET_PREFIX, WEBHOOK_SECRET_PREFIX] as const;
const SECRET_BYTES = 32;

export const newSigningSecret = (
  prefix: (typeof SECRET_PREFIXES)[number] = WEBHOOK_SECRET_PREFIX,
): string => `${prefix}${randomBytes(SECRET_BYTES).toString('base64')}`;

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/**
 * The HMAC key of a secret: the bytes after the prefix, base64-decoded (as Standard Webhooks
 * defines it for `whsec_`). Throws for anything else, so a malformed stored secret can never
 * silently turn into a weak key.
 */
export const secretKeyBytes = (secret: string): Buffer => {
  const prefix = SECRET_PREFIXES.find((candidate) => secret.startsWith(candidate));
  if (!prefix) throw new Error('A signing secret starts with sk_ or whsec_');
  const encoded = secret.slice(prefix.length);
  const bytes = Buffer.from(encoded, 'base64');
  // Standard Webhooks allows 24..64 byte secrets; Buffer.from ignores bad characters, so check.
  if (!BASE64.test(encoded) || bytes.length < 24 || bytes.length > 64) {
    throw new Error(`A signing secret is ${prefix} followed by base64 of 24 to 64 bytes`);
  }
  return bytes;
};

/** What a caller signs on each request. */
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
 * lower-case hex: the X-Signature header. The server and its callers (docs/merchant-api.md,
 * docs/provider-api.md) compute exactly this.
 */
export const requestSignature = (secret: string, parts: SignedRequestParts): string =>
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
