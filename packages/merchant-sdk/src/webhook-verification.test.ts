import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { WebhookEvent } from './merchant-api-types.ts';
import { verifyWebhook, WebhookVerificationError } from './webhook-verification.ts';

const CURRENT_KEY = Buffer.alloc(32, 1);
const PREVIOUS_KEY = Buffer.alloc(32, 2);
const CURRENT = `whsec_${CURRENT_KEY.toString('base64')}`;
const PREVIOUS = `whsec_${PREVIOUS_KEY.toString('base64')}`;

/** Signed as the server signs a delivery (apps/server/src/modules/callbacks/callback-signing.ts). */
const delivery = (
  body: string,
  { keys = [CURRENT_KEY], id = 'evt_42', sentAt = new Date() } = {},
) => {
  const timestamp = String(Math.floor(sentAt.getTime() / 1000));
  const signature = keys
    .map(
      (key) =>
        `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`,
    )
    .join(' ');
  return {
    body,
    headers: {
      'webhook-id': id,
      'webhook-timestamp': timestamp,
      'webhook-signature': signature,
    } as Record<string, string>,
  };
};

const DONE = JSON.stringify({
  type: 'invoice.done',
  timestamp: '2025-11-23T09:30:00.000Z',
  data: {
    invoiceId: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
    merchantInvoiceId: 'ORD-100017',
    flowType: 'DEPOSIT',
    status: 'DONE',
    amount: 150_000,
    fee: 1_500,
    currency: 'UZS',
    terminalId: 12,
    isTest: true,
    createdAt: '2025-11-23T09:12:44.120Z',
    statusDate: '2025-11-23T09:30:00.000Z',
    previousStatus: 'IN_PROGRESS',
  },
});

/** What a handler does with the union: narrowing by type reaches each data shape. */
const describeEvent = (event: WebhookEvent): string => {
  switch (event.type) {
    case 'webhook.test':
      return `test to endpoint ${event.data.endpointId}`;
    case 'invoice.amount_changed':
      return `${event.data.invoiceId}: ${event.data.previousAmount} → ${event.data.amount}`;
    default:
      return `${event.type} ${event.data.invoiceId} ${event.data.status} ${event.data.amount}`;
  }
};

describe('verifyWebhook', () => {
  it('returns the verified event, typed by its type', () => {
    const { body, headers } = delivery(DONE);
    const event = verifyWebhook(body, headers, CURRENT);
    expect(event).toEqual(JSON.parse(DONE));
    expect(describeEvent(event)).toBe(
      'invoice.done 7c9e6679-7425-40de-944b-e07fc1f90ae7 DONE 150000',
    );
  });

  it('takes node:http headers (any case, repeated) and fetch Headers, and a Buffer body', () => {
    const { body, headers } = delivery(DONE);
    const upper = Object.fromEntries(
      Object.entries(headers).map(([name, value]) => [name.toUpperCase(), value]),
    );
    expect(verifyWebhook(body, upper, CURRENT)).toMatchObject({ type: 'invoice.done' });
    expect(verifyWebhook(Buffer.from(body), new Headers(headers), CURRENT)).toMatchObject({
      type: 'invoice.done',
    });
    // A header sent twice (one signature each) counts as the list of both.
    const rotated = delivery(DONE, { keys: [PREVIOUS_KEY, CURRENT_KEY] });
    const signatures = rotated.headers['webhook-signature']?.split(' ') ?? [];
    expect(
      verifyWebhook(body, { ...rotated.headers, 'webhook-signature': signatures }, CURRENT),
    ).toMatchObject({ type: 'invoice.done' });
  });

  it('accepts either secret while a rotated one signs next to the new one', () => {
    const { body, headers } = delivery(DONE, { keys: [CURRENT_KEY, PREVIOUS_KEY] });
    expect(headers['webhook-signature']?.split(' ')).toHaveLength(2);
    expect(verifyWebhook(body, headers, CURRENT)).toMatchObject({ type: 'invoice.done' });
    expect(verifyWebhook(body, headers, PREVIOUS)).toMatchObject({ type: 'invoice.done' });
  });

  it('types the test event', () => {
    const { body, headers } = delivery(
      JSON.stringify({
        type: 'webhook.test',
        timestamp: '2025-11-23T09:30:00.000Z',
        data: { message: 'Hello', endpointId: 3 },
      }),
    );
    expect(describeEvent(verifyWebhook(body, headers, CURRENT))).toBe('test to endpoint 3');
  });

  it.each([
    ['a changed body', () => ({ ...delivery(DONE), body: DONE.replace('150000', '950000') })],
    ['another secret', () => delivery(DONE, { keys: [PREVIOUS_KEY] })],
    [
      'another event id',
      () => ({ ...delivery(DONE), headers: { ...delivery(DONE).headers, 'webhook-id': 'evt_43' } }),
    ],
    [
      'a timestamp over 5 minutes old',
      () => delivery(DONE, { sentAt: new Date(Date.now() - 6 * 60_000) }),
    ],
    [
      'a timestamp over 5 minutes ahead',
      () => delivery(DONE, { sentAt: new Date(Date.now() + 6 * 60_000) }),
    ],
  ])('refuses %s', (_, make) => {
    const { body, headers } = make();
    expect(() => verifyWebhook(body, headers, CURRENT)).toThrow(WebhookVerificationError);
  });

  it.each(['webhook-id', 'webhook-timestamp', 'webhook-signature'])(
    'refuses a delivery without %s',
    (name) => {
      const { body, headers } = delivery(DONE);
      delete headers[name];
      expect(() => verifyWebhook(body, headers, CURRENT)).toThrow(
        new WebhookVerificationError(`The ${name} header is missing`),
      );
    },
  );

  it('refuses a signed body that is not an event', () => {
    for (const body of ['not json', '[]', '{"type":"invoice.done"}']) {
      const signed = delivery(body);
      expect(() => verifyWebhook(signed.body, signed.headers, CURRENT)).toThrow(
        WebhookVerificationError,
      );
    }
  });
});
