import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

/**
 * The cryptography of two-factor sign-in (issue 22 item 3, decision 0019): TOTP per RFC 6238 as
 * authenticator apps expect it (otpauth: SHA-1, 6 digits, 30 seconds, a 160-bit secret; sealed at
 * rest by db/secrets-at-rest.ts), and single-use recovery codes kept only as salted hashes.
 */

/** The name authenticator apps show above the account. */
export const TOTP_ISSUER = 'Paygate back office';
/** Codes one step either side of now are accepted (clocks drift; a code lives 30 s). */
const TOTP_WINDOW = 1;
const TOTP_PERIOD_SECONDS = 30;

export const RECOVERY_CODE_COUNT = 10;

const totpOf = (base32Secret: string, username: string) =>
  new TOTP({
    issuer: TOTP_ISSUER,
    label: username,
    algorithm: 'SHA1',
    digits: 6,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(base32Secret),
  });

/** A new random secret, base32 as apps take it when typed in. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

/** What an authenticator app scans: the otpauth:// URI, and the same as a QR code (SVG). */
export const enrolmentOf = async (base32Secret: string, username: string) => {
  const otpauthUri = totpOf(base32Secret, username).toString();
  const qrSvg = await QRCode.toString(otpauthUri, {
    type: 'svg',
    margin: 1,
    errorCorrectionLevel: 'M',
  });
  return { secret: base32Secret, otpauthUri, qrSvg };
};

/**
 * The 30-second step a 6-digit code was made for, or null when it matches none within the
 * window. The caller refuses a step not after the last accepted one (no replay).
 */
export const acceptedTotpStep = (
  base32Secret: string,
  code: string,
  now = Date.now(),
): number | null => {
  const token = code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  const delta = totpOf(base32Secret, '').validate({ token, timestamp: now, window: TOTP_WINDOW });
  if (delta === null) return null;
  return Math.floor(now / 1000 / TOTP_PERIOD_SECONDS) + delta;
};

// Recovery codes: 10 groups of letters and digits without look-alikes, e.g. "k7m2p-9xq4t".

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

const recoveryCode = () => {
  const characters = Array.from(
    { length: 10 },
    () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)],
  ).join('');
  return `${characters.slice(0, 5)}-${characters.slice(5)}`;
};

/** A fresh set of recovery codes (10 characters of 31: about 49.5 bits each). */
export const newRecoveryCodes = (): string[] =>
  Array.from({ length: RECOVERY_CODE_COUNT }, recoveryCode);

/** A recovery code as it is hashed: lower case, without spaces or dashes. */
const normalisedRecoveryCode = (code: string) => code.toLowerCase().replace(/[\s-]+/g, '');

/**
 * Stored recovery codes are `s2$<salt>$<SHA-256 of salt and code>` (base64url), a random salt per
 * code (OWASP ASVS 2.6.2: codes of under 112 bits are stored salted). Without a salt one pass over
 * the ~2^49.5 codes would find every person's codes in a copy of the database at once. Codes
 * stored before the salt are a bare SHA-256 in hex, and are still taken until they are renewed.
 */
const SALTED_PREFIX = 's2$';
const SALT_BYTES = 16;

const saltedDigest = (salt: Buffer, code: string) =>
  createHash('sha256').update(salt).update(normalisedRecoveryCode(code)).digest();

/** The stored form of a new recovery code: salted, never the same twice for the same code. */
export const recoveryCodeHash = (code: string): string => {
  const salt = randomBytes(SALT_BYTES);
  return `${SALTED_PREFIX}${salt.toString('base64url')}$${saltedDigest(salt, code).toString('base64url')}`;
};

/** The digest a stored recovery code holds and the one `code` gives, or null if unreadable. */
const digestsOf = (stored: string, code: string): [Buffer, Buffer] | null => {
  if (!stored.startsWith(SALTED_PREFIX)) {
    // Stored before salting: the SHA-256 of the code, hex.
    if (!/^[0-9a-f]{64}$/.test(stored)) return null;
    const unsalted = createHash('sha256').update(normalisedRecoveryCode(code)).digest();
    return [Buffer.from(stored, 'hex'), unsalted];
  }
  const parts = stored.slice(SALTED_PREFIX.length).split('$');
  const [salt, digest] = parts;
  if (parts.length !== 2 || !salt || !digest) return null;
  return [Buffer.from(digest, 'base64url'), saltedDigest(Buffer.from(salt, 'base64url'), code)];
};

/** Whether `code` is the recovery code `stored` keeps, compared in constant time. */
export const recoveryCodeMatches = (stored: string, code: string): boolean => {
  const digests = digestsOf(stored, code);
  if (!digests) return false;
  const [kept, given] = digests;
  return kept.length === given.length && timingSafeEqual(kept, given);
};

/** Whether what was typed looks like a recovery code rather than a 6-digit TOTP code. */
export const looksLikeRecoveryCode = (code: string): boolean =>
  /^[a-z0-9]{10}$/i.test(code.replace(/[\s-]+/g, '')) && !/^\d+$/.test(code.trim());
