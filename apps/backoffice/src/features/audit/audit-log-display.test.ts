import { describe, expect, it } from 'vitest';
import {
  actorText,
  changeLines,
  changeValueText,
  entityText,
  eventCodeLabel,
  merchantText,
} from './audit-log-display.ts';

describe('audit log display', () => {
  it('says event codes in words', () => {
    expect(eventCodeLabel('USER_CREATED')).toBe('User created');
    expect(eventCodeLabel('LOGOUT')).toBe('Logout');
    expect(eventCodeLabel('TWO_FACTOR_RESET')).toBe('Two factor reset');
    expect(eventCodeLabel('MERCHANT_KEY_2_SHOWN')).toBe('Merchant key 2 shown');
  });

  it('names the actor, nobody for an anonymous request, the system without one', () => {
    expect(actorText({ actor: { id: 3, username: 'admin' }, sourceIp: null })).toBe('admin');
    expect(actorText({ actor: { id: 3, username: '' }, sourceIp: null })).toBe('#3');
    expect(actorText({ actor: null, sourceIp: '203.0.113.7' })).toBe('—');
    expect(actorText({ actor: null, sourceIp: null })).toBe('System');
  });

  it('names the merchant, Platform for platform-wide rows', () => {
    expect(merchantText({ merchantId: 2, merchantName: 'Lola Market' })).toBe('Lola Market');
    expect(merchantText({ merchantId: 2, merchantName: null })).toBe('Merchant 2');
    expect(merchantText({ merchantId: null, merchantName: null })).toBe('Platform');
  });

  it('names the entity', () => {
    expect(entityText({ entityType: 'role', entityId: '5' })).toBe('role 5');
    expect(entityText({ entityType: null, entityId: null })).toBe('—');
  });

  it('writes from → to pairs as lines', () => {
    expect(
      changeLines({
        roles: { from: ['support'], to: ['support', 'operator'] },
        merchantId: { from: null, to: 4 },
        permissions: { from: [], to: ['audit.read'] },
        name: { from: 'Old', to: { first: 'New' } },
      }),
    ).toEqual([
      'roles: support → support, operator',
      'merchantId: — → 4',
      'permissions: — → audit.read',
      'name: Old → {"first":"New"}',
    ]);
  });

  it('leaves anything else to JSON', () => {
    expect(changeLines(null)).toBeNull();
    expect(changeLines({})).toBeNull();
    expect(changeLines({ username: 'ghost' })).toBeNull();
    expect(changeLines({ roles: { from: [], to: ['a'] }, reason: 'x' })).toBeNull();
    expect(changeLines({ roles: { from: [], to: ['a'], by: 'x' } })).toBeNull();
    expect(changeLines({ roles: [{ from: 1, to: 2 }] })).toBeNull();
  });

  it('writes values readably', () => {
    expect(changeValueText(false)).toBe('false');
    expect(changeValueText('')).toBe('—');
    expect(changeValueText([1, null, 'x'])).toBe('1, —, x');
  });
});
