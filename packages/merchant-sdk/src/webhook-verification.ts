import {
  WebhookVerificationError as StandardWebhooksError,
  Webhook,
  type WebhookUnbrandedRequiredHeaders,
} from 'standardwebhooks';
import type { WebhookEvent } from './merchant-api-types.ts';

/**
 * Webhook deliveries are signed per Standard Webhooks (https://www.standardwebhooks.com) with
 * the merchant's webhook secret (`whsec_…`, Developers screen): headers webhook-id (the event
 * id, `evt_…`, the same on every retry: deduplicate by it), webhook-timestamp and
 * webhook-signature (two space-separated signatures while a rotated secret is still in its
 * grace period; either verifies).
 */

/** A delivery failed verification: wrong secret, changed body, missing header or too old. */
export class WebhookVerificationError extends Error {
  override readonly name = 'WebhookVerificationError';
}

/** Headers as node:http (`request.headers`), fetch (`Headers`) or a framework gives them. */
export type WebhookHeaders =
  | Headers
  | Readonly<Record<string, string | readonly string[] | undefined>>;

const HEADER_NAMES = ['webhook-id', 'webhook-timestamp', 'webhook-signature'] as const;

const headerValue = (headers: WebhookHeaders, name: string): string | undefined => {
  if (typeof Headers !== 'undefined' && headers instanceof Headers) {
    return headers.get(name) ?? undefined;
  }
  const record = headers as Readonly<Record<string, string | readonly string[] | undefined>>;
  const key = Object.keys(record).find((candidate) => candidate.toLowerCase() === name);
  const value = key === undefined ? undefined : record[key];
  // A header sent twice: its signatures together, as one space-separated list.
  return typeof value === 'string' ? value : value?.join(' ');
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Verifies one delivery and returns its body, the `{ type, timestamp, data }` envelope typed by
 * `type`. `rawBody` must be the body exactly as received (before any JSON parsing), `secret`
 * the webhook secret (`whsec_…`). Throws WebhookVerificationError when the signature does not
 * match, a header is missing or the timestamp is more than 5 minutes away (a replay): answer
 * such a request 400 and ignore it.
 *
 * New event types may be added to the API: handle the types you know and acknowledge the rest.
 */
export const verifyWebhook = (
  rawBody: string | Uint8Array,
  headers: WebhookHeaders,
  secret: string,
): WebhookEvent => {
  const signed = {} as WebhookUnbrandedRequiredHeaders;
  for (const name of HEADER_NAMES) {
    const value = headerValue(headers, name);
    if (!value) throw new WebhookVerificationError(`The ${name} header is missing`);
    signed[name] = value;
  }
  const body = typeof rawBody === 'string' ? rawBody : Buffer.from(rawBody).toString('utf8');
  let payload: unknown;
  try {
    payload = new Webhook(secret).verify(body, signed);
  } catch (error) {
    if (error instanceof StandardWebhooksError) {
      throw new WebhookVerificationError(error.message, { cause: error });
    }
    if (error instanceof SyntaxError) {
      throw new WebhookVerificationError('The body is not JSON', { cause: error });
    }
    throw error;
  }
  if (
    !isRecord(payload) ||
    typeof payload.type !== 'string' ||
    typeof payload.timestamp !== 'string' ||
    !isRecord(payload.data)
  ) {
    throw new WebhookVerificationError('The body is not a { type, timestamp, data } event');
  }
  return payload as WebhookEvent;
};
