import { createHmac } from 'node:crypto';
import { webhookEventPublicId } from '@paygate/domain';
import { secretKeyBytes } from '../../http/request-signing.ts';

/**
 * Standard Webhooks signing (https://www.standardwebhooks.com, spec "Signature scheme"), so a
 * merchant verifies our callbacks with any off-the-shelf Standard Webhooks library.
 */

const SECRET_PREFIX = 'whsec_';

/**
 * The HMAC key of a merchant signing secret.
 *
 * - `whsec_<base64>` (the Standard Webhooks format every new merchant gets): the base64-decoded
 *   part, exactly as the Standard Webhooks libraries derive it from the same string, and with
 *   the same checks as the merchant's request signatures.
 * - Anything else (secrets stored before the format change): the string's UTF-8 bytes. Such a
 *   merchant verifies with the raw-key form of the libraries, e.g.
 *   `new Webhook(secret, { format: 'raw' })` in the JavaScript one.
 *
 * Throws for an empty secret and a malformed `whsec_` one, so a damaged secret never silently
 * becomes a different key.
 */
export const callbackSigningKey = (secret: string): Buffer => {
  if (secret.startsWith(SECRET_PREFIX)) return secretKeyBytes(secret);
  if (secret.length === 0) throw new Error('The merchant has no signing secret');
  return Buffer.from(secret, 'utf8');
};

/**
 * The webhook-id of a delivery: the event's public id (evt_…), the same on every retry and on a
 * resend, so merchants deduplicate by it. A callback from before events existed keeps its own,
 * and its resends the first delivery's.
 */
export const callbackMessageId = (callback: {
  id: number;
  eventId: number | null;
  resendOf: number | null;
}): string =>
  callback.eventId === null
    ? `msg_cb_${callback.resendOf ?? callback.id}`
    : webhookEventPublicId(callback.eventId);

export interface StandardWebhookHeaders {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

/**
 * The three Standard Webhooks headers of one delivery attempt: `v1,` + base64 of
 * HMAC-SHA256(key, `${id}.${timestamp}.${body}`) for each key, space-separated (during a
 * secret rotation both the new and the previous secret sign), the timestamp in unix seconds.
 * `body` must be exactly the bytes sent.
 */
export const standardWebhookHeaders = (
  keys: readonly Buffer[],
  messageId: string,
  sentAt: Date,
  body: string,
): StandardWebhookHeaders => {
  const timestamp = String(Math.floor(sentAt.getTime() / 1000));
  const signatures = keys.map(
    (key) =>
      `v1,${createHmac('sha256', key).update(`${messageId}.${timestamp}.${body}`, 'utf8').digest('base64')}`,
  );
  return {
    'webhook-id': messageId,
    'webhook-timestamp': timestamp,
    'webhook-signature': signatures.join(' '),
  };
};
