import { ROLE_PERMISSIONS } from '@paygate/domain';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../http/http-errors.ts';
import type { AuthenticatedPerson } from '../auth/authenticated-person.ts';
import { merchantScopeOf, scopeAllows, singleMerchantOf } from './merchant-scope.ts';

const person = (overrides: Partial<AuthenticatedPerson>): AuthenticatedPerson => ({
  id: 1,
  username: 'p',
  firstName: 'P',
  lastName: 'Q',
  merchantId: null,
  roles: ['merchant'],
  permissions: [],
  testDashboard: false,
  sessionId: 's',
  recentlyAuthenticated: true,
  ...overrides,
});

describe('merchant scope', () => {
  const merchantUser = person({ merchantId: 7, permissions: [...ROLE_PERMISSIONS.merchant] });
  const supportUser = person({ permissions: [...ROLE_PERMISSIONS.support] });

  it('confines merchant users to their merchant', () => {
    expect(merchantScopeOf(merchantUser)).toEqual({ kind: 'merchants', ids: [7] });
    expect(merchantScopeOf(merchantUser, 7)).toEqual({ kind: 'merchants', ids: [7] });
    expect(() => merchantScopeOf(merchantUser, 8)).toThrow(HttpError);
    expect(scopeAllows(merchantScopeOf(merchantUser), 8)).toBe(false);
  });

  it('lets merchant.rw.all holders see all or choose one', () => {
    expect(merchantScopeOf(supportUser)).toEqual({ kind: 'all' });
    expect(merchantScopeOf(supportUser, 8)).toEqual({ kind: 'merchants', ids: [8] });
    expect(scopeAllows(merchantScopeOf(supportUser), 12345)).toBe(true);
  });

  it('gives staff without a merchant and without merchant.rw.all nothing', () => {
    expect(merchantScopeOf(person({}))).toEqual({ kind: 'merchants', ids: [] });
  });

  it('resolves the single merchant a call acts on', () => {
    expect(singleMerchantOf(merchantUser)).toBe(7);
    expect(singleMerchantOf(supportUser, 8)).toBe(8);
    expect(() => singleMerchantOf(supportUser)).toThrow('Choose a merchant');
    expect(() => singleMerchantOf(person({}))).toThrow('Merchant not found');
  });
});
