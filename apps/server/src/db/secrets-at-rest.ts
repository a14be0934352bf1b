import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { customType } from 'drizzle-orm/pg-core';

/**
 * Secrets the server must read back (HMAC keys: merchants' API key secrets, webhook signing
 * secrets, providers' signing secrets; TOTP secrets) are kept sealed: AES-256-GCM under a key
 * derived from the server secret (HKDF-SHA256, one key per use), so a copy of the database or a
 * backup alone signs nothing (decision 0013, "Secrets at rest").
 */

/** A key for one use (`purpose` names it), derived from the server secret. */
export const secretKeyOf = (serverSecret: string, purpose: string): Buffer =>
  Buffer.from(hkdfSync('sha256', serverSecret, 'paygate', purpose, 32));

/** `iv:tag:ciphertext`, each base64url: a fresh random IV every time. */
export const sealText = (key: Buffer, plain: string): string => {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url')).join(':');
};

/** The text sealText sealed, or null when it cannot be opened (another key, or tampered with). */
export const openText = (key: Buffer, stored: string): string | null => {
  const [iv, tag, sealed, extra] = stored.split(':');
  if (!iv || !tag || sealed === undefined || extra !== undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([
      decipher.update(Buffer.from(sealed, 'base64url')),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    return null;
  }
};

// Signing secrets: a column type that seals on write and opens on read, so the repositories
// handle plain secrets and the database holds none.

const SIGNING_SECRET_PREFIX = 'sealed:v1:';
const SIGNING_SECRET_PURPOSE = 'signing secrets at rest v1';
/** The key new values are sealed under, then the previous server secret's (after a change). */
let signingSecretKeys: Buffer[] = [];

/**
 * Sets the keys of the signing-secret columns from the server secret (JWT_SECRET) and, after a
 * change of it, the previous one (JWT_SECRET_PREVIOUS): values sealed under that still open, and
 * the start-up pass seals them again under the new key. Once per process, before the database is
 * used: main.ts does it, the test setup does it for tests.
 */
export const configureSecretsAtRest = (serverSecret: string, previousServerSecret?: string) => {
  signingSecretKeys = [serverSecret, previousServerSecret]
    .filter((secret): secret is string => secret !== undefined && secret !== '')
    .map((secret) => secretKeyOf(secret, SIGNING_SECRET_PURPOSE));
};

const requireKeys = (): Buffer[] => {
  if (signingSecretKeys.length === 0) {
    throw new Error('secrets at rest: configureSecretsAtRest was not called');
  }
  return signingSecretKeys;
};

/** The key new values are sealed under. */
const currentKey = (): Buffer => requireKeys()[0] as Buffer;

export const sealSigningSecret = (plain: string): string =>
  `${SIGNING_SECRET_PREFIX}${sealText(currentKey(), plain)}`;

/** Whether a stored value is sealed; one that is not was written before sealing existed. */
export const isSealed = (stored: string): boolean => stored.startsWith(SIGNING_SECRET_PREFIX);

/** Whether a stored value is sealed under the current key (else the start-up pass reseals it). */
export const isSealedUnderCurrentKey = (stored: string): boolean =>
  isSealed(stored) && openText(currentKey(), stored.slice(SIGNING_SECRET_PREFIX.length)) !== null;

/**
 * The secret of a stored value. A value written before sealing existed is plain, and read as
 * it is until the start-up pass seals it (resealSigningSecrets). One that opens under no key
 * means the server secret changed without JWT_SECRET_PREVIOUS: an error, never a wrong secret.
 */
export const openSigningSecret = (stored: string): string => {
  if (!isSealed(stored)) return stored;
  const body = stored.slice(SIGNING_SECRET_PREFIX.length);
  for (const key of requireKeys()) {
    const plain = openText(key, body);
    if (plain !== null) return plain;
  }
  throw new Error(
    'a stored signing secret cannot be opened: was JWT_SECRET changed without JWT_SECRET_PREVIOUS?',
  );
};

/** A text column holding a signing secret sealed (the SQL type stays `text`). */
export const sealedText = customType<{ data: string; driverData: string }>({
  dataType: () => 'text',
  toDriver: sealSigningSecret,
  fromDriver: openSigningSecret,
});
