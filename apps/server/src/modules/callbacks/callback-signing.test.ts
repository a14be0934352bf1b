import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import {
  callbackMessageId,
  callbackSigningKey,
  standardWebhookHeaders,
} from './callback-signing.ts';
import { newWebhookSecret } from './callback-test-receiver.ts';

const sentAt = new Date('2026-03-01T12:00:00.750Z');
const body = '{"invoiceId":"b5d1…","status":"DONE","amount":"100000"}';

describe('Standard Webhooks signing of callbacks', () => {
  it('signs as the reference library does with a whsec_ secret', () => {
    const secret = newWebhookSecret();
    const headers = standardWebhookHeaders([callbackSigningKey(secret)], 'msg_cb_7', sentAt, body);
    expect(headers).toEqual({
      'webhook-id': 'msg_cb_7',
      'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
      'webhook-signature': new Webhook(secret).sign('msg_cb_7', sentAt, body),
    });
  });

  it('uses the UTF-8 bytes of a secret without the prefix as the key', () => {
    const legacy = 'sk_0123456789abcdef';
    expect(callbackSigningKey(legacy)).toEqual(Buffer.from(legacy, 'utf8'));
    expect(
      standardWebhookHeaders([callbackSigningKey(legacy)], 'msg_cb_1', sentAt, body)[
        'webhook-signature'
      ],
    ).toBe(new Webhook(legacy, { format: 'raw' }).sign('msg_cb_1', sentAt, body));
  });

  it('refuses an empty secret and a whsec_ secret that is not base64 of 24 to 64 bytes', () => {
    expect(() => callbackSigningKey('')).toThrow('no signing secret');
    const malformed = 'A signing secret is whsec_ followed by base64 of 24 to 64 bytes';
    expect(() => callbackSigningKey('whsec_')).toThrow(malformed);
    expect(() => callbackSigningKey('whsec_abc$def')).toThrow(malformed);
    // Too short to be a Standard Webhooks key, though valid base64.
    expect(() => callbackSigningKey('whsec_c2hvcnQ=')).toThrow(malformed);
  });

  it('names the message after its event, the same on every retry and resend', () => {
    expect(callbackMessageId({ id: 42, eventId: 7, resendOf: null })).toBe('evt_7');
    expect(callbackMessageId({ id: 43, eventId: 7, resendOf: 42 })).toBe('evt_7');
    // A callback queued before events existed keeps the name it had, and its resends too.
    expect(callbackMessageId({ id: 42, eventId: null, resendOf: null })).toBe('msg_cb_42');
    expect(callbackMessageId({ id: 44, eventId: null, resendOf: 42 })).toBe('msg_cb_42');
  });

  it('signs with every secret during a rotation, each verifying on its own', () => {
    const previous = newWebhookSecret();
    const next = newWebhookSecret();
    const headers = standardWebhookHeaders(
      [callbackSigningKey(next), callbackSigningKey(previous)],
      'evt_9',
      new Date(),
      body,
    );
    expect(headers['webhook-signature'].split(' ')).toHaveLength(2);
    for (const secret of [previous, next])
      expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => new Webhook(newWebhookSecret()).verify(body, headers)).toThrow();
  });
});
