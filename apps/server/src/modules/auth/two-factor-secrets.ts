import { createHash, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

/**
 * The cryptography of two-factor sign-in (issue 22 item 3, decision 0019): TOTP per RFC 6238 as
 * authenticator apps expect it (otpauth: SHA-1, 6 digits, 30 seconds, a 160-bit secret; sealed at
 * rest by db/secrets-at-rest.ts), and single-use recovery codes kept only as hashes.
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

/** A fresh set of recovery codes (about 49 bits each). */
export const newRecoveryCodes = (): string[] =>
  Array.from({ length: RECOVERY_CODE_COUNT }, recoveryCode);

/** The stored form of a recovery code as typed: lower case, without spaces or dashes. */
export const recoveryCodeHash = (code: string): string =>
  createHash('sha256')
    .update(code.toLowerCase().replace(/[\s-]+/g, ''))
    .digest('hex');

/** Whether what was typed looks like a recovery code rather than a 6-digit TOTP code. */
export const looksLikeRecoveryCode = (code: string): boolean =>
  /^[a-z0-9]{10}$/i.test(code.replace(/[\s-]+/g, '')) && !/^\d+$/.test(code.trim());
