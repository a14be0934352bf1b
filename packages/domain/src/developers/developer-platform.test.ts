import { describe, expect, it } from 'vitest';
import {
  finalStatusEventType,
  isApiKeyScope,
  isWebhookEventType,
  WEBHOOK_TEST_EVENT_TYPE,
  webhookEventIdOf,
  webhookEventPublicId,
} from './developer-platform.ts';

describe('developer platform rules', () => {
  it('knows the two scopes and nothing else', () => {
    expect(isApiKeyScope('invoices:read')).toBe(true);
    expect(isApiKeyScope('invoices:write')).toBe(true);
    expect(isApiKeyScope('invoices:*')).toBe(false);
  });

  it('names the final statuses by their own event types', () => {
    expect(finalStatusEventType('DONE')).toBe('invoice.done');
    expect(finalStatusEventType('DECLINED')).toBe('invoice.declined');
    expect(finalStatusEventType('CANCELED')).toBe('invoice.canceled');
    expect(finalStatusEventType('IN_PROGRESS')).toBeNull();
    expect(finalStatusEventType('PAYED')).toBeNull();
  });

  it('never lets an endpoint subscribe to the test event', () => {
    expect(isWebhookEventType(WEBHOOK_TEST_EVENT_TYPE)).toBe(false);
    expect(isWebhookEventType('invoice.created')).toBe(true);
  });

  it('turns event ids into public ids and back, refusing anything else', () => {
    expect(webhookEventPublicId(42)).toBe('evt_42');
    expect(webhookEventIdOf('evt_42')).toBe(42);
    for (const bad of ['evt_0', 'evt_042', 'evt_', 'msg_42', 'evt_1e3', 'evt_12345678901234567'])
      expect(webhookEventIdOf(bad)).toBeNull();
  });
});
