import { describe, expect, it } from 'vitest';
import {
  API_KEY_SCOPE_LABELS,
  API_KEY_SCOPES,
  balanceTransactionIdOf,
  balanceTransactionPublicId,
  finalStatusEventType,
  isApiKeyScope,
  isWebhookEventType,
  permissionMissingForScope,
  WEBHOOK_TEST_EVENT_TYPE,
  webhookEventIdOf,
  webhookEventPublicId,
} from './developer-platform.ts';

describe('developer platform rules', () => {
  it('names the permission a person lacks to give a scope, and nothing for the free scopes', () => {
    const keysOnly = { permissions: ['merchant.keys'] };
    const withBalances = { permissions: ['merchant.keys', 'report.read.balance'] };
    expect(permissionMissingForScope(keysOnly, 'invoices:read')).toBeNull();
    expect(permissionMissingForScope(keysOnly, 'invoices:write')).toBeNull();
    expect(permissionMissingForScope(keysOnly, 'balance:read')).toBe('report.read.balance');
    expect(permissionMissingForScope(withBalances, 'balance:read')).toBeNull();
  });

  it('knows the three scopes and nothing else', () => {
    expect(API_KEY_SCOPES).toEqual(['invoices:read', 'invoices:write', 'balance:read']);
    expect(isApiKeyScope('invoices:read')).toBe(true);
    expect(isApiKeyScope('invoices:write')).toBe(true);
    expect(isApiKeyScope('balance:read')).toBe(true);
    expect(isApiKeyScope('invoices:*')).toBe(false);
    expect(isApiKeyScope('balance:write')).toBe(false);
    expect(isApiKeyScope('balances:read')).toBe(false);
  });

  it('names every scope in the words of the Developers screen', () => {
    expect(API_KEY_SCOPE_LABELS).toEqual({
      'invoices:read': 'Read invoices and events',
      'invoices:write': 'Create invoices',
      'balance:read': 'Read balances and balance transactions',
    });
    expect(Object.keys(API_KEY_SCOPE_LABELS)).toEqual([...API_KEY_SCOPES]);
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
    // Past 2^53 a number stands for another: 9999999999999999 reads as 10000000000000000.
    expect(webhookEventIdOf(`evt_${Number.MAX_SAFE_INTEGER}`)).toBe(Number.MAX_SAFE_INTEGER);
    expect(webhookEventIdOf('evt_9999999999999999')).toBeNull();
  });

  it('turns balance transaction ids into public ids and back, refusing anything else', () => {
    expect(balanceTransactionPublicId(42)).toBe('btx_42');
    expect(balanceTransactionIdOf('btx_42')).toBe(42);
    for (const id of [1, 9, 1_000_000, Number.MAX_SAFE_INTEGER]) {
      expect(balanceTransactionIdOf(balanceTransactionPublicId(id))).toBe(id);
    }
    for (const bad of [
      'btx_0',
      'btx_01',
      'btx_',
      'btx_1x',
      'btx_1e3',
      'btx_-1',
      ' btx_1',
      'BTX_1',
      'evt_1',
      'btx_12345678901234567',
      'btx_9999999999999999',
    ])
      expect(balanceTransactionIdOf(bad), bad).toBeNull();
  });
});
