import { createHmac, timingSafeEqual } from 'node:crypto';
import { computeSupportCode } from '@paygate/domain';

/**
 * The verficationKey of a form's init answer: an HMAC of the form id with a server secret, so it
 * needs no storage and cannot be computed without the server. The credential call proves it read
 * the key by sending computeSupportCode(formId, key) (packages/domain, shared with the form).
 */
export const verificationKeyOf = (secret: string, formId: string): string =>
  createHmac('sha256', secret).update(`payment-form-verification:${formId}`).digest('base64url');

export const isValidSupportCode = async (
  secret: string,
  formId: string,
  supportCode: string,
): Promise<boolean> => {
  const expected = Buffer.from(await computeSupportCode(formId, verificationKeyOf(secret, formId)));
  const given = Buffer.from(supportCode);
  return given.length === expected.length && timingSafeEqual(given, expected);
};
