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

// The server secrets the keys come from: JWT_SECRET, then, after a change of it, the previous one.

let serverSecrets: string[] = [];
const keysByPurpose = new Map<string, Buffer[]>();

/**
 * Sets the server secret (JWT_SECRET) and, after a change of it, the previous one
 * (JWT_SECRET_PREVIOUS): values sealed under that still open, and the start-up pass seals them
 * again under the new key (resealSecretsAtRest). Once per process, before the database is used:
 * main.ts does it, the test setup does it for tests.
 */
export const configureSecretsAtRest = (serverSecret: string, previousServerSecret?: string) => {
  serverSecrets = [serverSecret, previousServerSecret].filter(
    (secret): secret is string => secret !== undefined && secret !== '',
  );
  keysByPurpose.clear();
};

/** One kind of sealed value: its key's purpose and the prefix that marks it sealed. */
interface SealedKind {
  purpose: string;
  prefix: string;
}

/** The keys of a kind: the current server secret's first. */
const keysOf = ({ purpose }: SealedKind): Buffer[] => {
  if (serverSecrets.length === 0) {
    throw new Error('secrets at rest: configureSecretsAtRest was not called');
  }
  let keys = keysByPurpose.get(purpose);
  if (!keys) {
    keys = serverSecrets.map((secret) => secretKeyOf(secret, purpose));
    keysByPurpose.set(purpose, keys);
  }
  return keys;
};

const sealAs = (kind: SealedKind, plain: string): string =>
  `${kind.prefix}${sealText(keysOf(kind)[0] as Buffer, plain)}`;

/** The plain value, or null when it is not of this kind or opens under no key. */
const openAs = (kind: SealedKind, stored: string): string | null => {
  if (!stored.startsWith(kind.prefix)) return null;
  const body = stored.slice(kind.prefix.length);
  for (const key of keysOf(kind)) {
    const plain = openText(key, body);
    if (plain !== null) return plain;
  }
  return null;
};

const isUnderCurrentKeyAs = (kind: SealedKind, stored: string): boolean =>
  stored.startsWith(kind.prefix) &&
  openText(keysOf(kind)[0] as Buffer, stored.slice(kind.prefix.length)) !== null;

/** What a start says when a sealed value opens under no key. */
export const UNOPENABLE_SECRET_MESSAGE =
  'cannot be opened: was JWT_SECRET changed without JWT_SECRET_PREVIOUS?';

// Signing secrets: a column type that seals on write and opens on read, so the repositories
// handle plain secrets and the database holds none.

const SIGNING_SECRETS: SealedKind = { purpose: 'signing secrets at rest v1', prefix: 'sealed:v1:' };

export const sealSigningSecret = (plain: string): string => sealAs(SIGNING_SECRETS, plain);

/** Whether a stored value is sealed; one that is not was written before sealing existed. */
export const isSealed = (stored: string): boolean => stored.startsWith(SIGNING_SECRETS.prefix);

/** Whether a stored value is sealed under the current key (else the start-up pass reseals it). */
export const isSealedUnderCurrentKey = (stored: string): boolean =>
  isUnderCurrentKeyAs(SIGNING_SECRETS, stored);

/**
 * The secret of a stored value. A value written before sealing existed is plain, and read as
 * it is until the start-up pass seals it (resealSecretsAtRest). One that opens under no key
 * means the server secret changed without JWT_SECRET_PREVIOUS: an error, never a wrong secret.
 */
export const openSigningSecret = (stored: string): string => {
  if (!isSealed(stored)) return stored;
  const plain = openAs(SIGNING_SECRETS, stored);
  if (plain === null) throw new Error(`a stored signing secret ${UNOPENABLE_SECRET_MESSAGE}`);
  return plain;
};

/** A text column holding a signing secret sealed (the SQL type stays `text`). */
export const sealedText = customType<{ data: string; driverData: string }>({
  dataType: () => 'text',
  toDriver: sealSigningSecret,
  fromDriver: openSigningSecret,
});

// TOTP secrets (two-factor sign-in): a key of their own, and a stored form older than the
// signing secrets' (people.totp_secret and totp_pending_secret hold it as it is).

const TOTP_SECRETS: SealedKind = { purpose: 'totp secret at rest v1', prefix: 'v1:' };

export const sealTotpSecret = (base32Secret: string): string => sealAs(TOTP_SECRETS, base32Secret);

/** The secret, or null when it opens under neither configured server secret (or was tampered with). */
export const openTotpSecret = (stored: string): string | null => openAs(TOTP_SECRETS, stored);

/** Whether a stored TOTP secret is sealed under the current key (else the start-up pass reseals it). */
export const isTotpSecretUnderCurrentKey = (stored: string): boolean =>
  isUnderCurrentKeyAs(TOTP_SECRETS, stored);
