/**
 * SPEC §3, §7: the credential call carries a supportCode derived from the form id and the
 * verficationKey of the init response. It proves the caller read this form's init answer (the
 * key is a server HMAC of the form id, never stored), so a form id alone cannot assign
 * requisites. supportCode = first 16 bytes of SHA-256("<formId>.<verficationKey>"), hex.
 * Uses Web Crypto, present in browsers and in Node.
 */
interface WebCryptoDigest {
  subtle: { digest: (algorithm: 'SHA-256', data: Uint8Array) => Promise<ArrayBuffer> };
}

const SUPPORT_CODE_BYTES = 16;

/** Form ids and keys are base64url, so their characters are single bytes. */
const asciiBytes = (text: string): Uint8Array =>
  Uint8Array.from(text, (char) => char.charCodeAt(0) & 0xff);

export const computeSupportCode = async (
  formId: string,
  verificationKey: string,
): Promise<string> => {
  const webCrypto = (globalThis as unknown as { crypto: WebCryptoDigest }).crypto;
  const digest = await webCrypto.subtle.digest(
    'SHA-256',
    asciiBytes(`${formId}.${verificationKey}`),
  );
  return Array.from(new Uint8Array(digest).slice(0, SUPPORT_CODE_BYTES), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
};
