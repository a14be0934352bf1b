import type { StaffRole, StaffUser } from '@paygate/api';
import { type FakeAnswer, fakeApi } from '../../testing/fake-api.ts';
import { personWith } from '../../testing/test-people.ts';

/** Test data of the Users screens, shaped as the server answers (decision 0019). */

/** A platform administrator: every merchant's users. */
export const MANAGE_ALL = ['user.manage', 'merchant.rw.all', 'merchant.read'];
/** A merchant's administrator: their own merchant's users (merchant 3 below). */
export const MANAGE_OWN = ['user.manage.own', 'merchant.read'];
export const OWN_MERCHANT_ID = 3;

export const staffUser = (overrides: Partial<StaffUser> = {}): StaffUser => ({
  id: 11,
  username: 'aziz',
  firstName: 'Aziz',
  lastName: 'Karimov',
  merchantId: 3,
  merchantName: 'Silk Road Games',
  roles: ['merchant'],
  permissions: ['merchant.read'],
  enabled: true,
  hasPassword: true,
  twoFactorEnabled: false,
  createdAt: '2026-01-10T08:00:00.000Z',
  lastSignInAt: '2026-03-05T14:07:09.000Z',
  liveSessions: 2,
  manageable: true,
  ...overrides,
});

export const PLATFORM_USER = staffUser({
  id: 12,
  username: 'ops.lead',
  firstName: 'Malika',
  lastName: 'Yusupova',
  merchantId: null,
  merchantName: null,
  roles: ['operator', 'support'],
  enabled: false,
  hasPassword: false,
  lastSignInAt: null,
  liveSessions: 0,
});

const role = (overrides: Partial<StaffRole> & Pick<StaffRole, 'id' | 'name'>): StaffRole => ({
  description: '',
  permissions: [],
  builtIn: true,
  requiresTwoFactor: false,
  holders: 1,
  assignable: true,
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

export const ADMIN_ROLE = role({
  id: 1,
  name: 'admin',
  description: 'Platform administrators: every permission',
  permissions: ['merchant.rw.all', 'user.manage', 'role.manage', 'merchant.read'],
  requiresTwoFactor: true,
  assignable: false,
});
export const MERCHANT_ROLE = role({
  id: 2,
  name: 'merchant',
  description: "A merchant's own staff: its invoices, terminals, reports, settlements and users",
  permissions: ['merchant.read', 'user.manage.own'],
});
export const SUPPORT_ROLE = role({
  id: 3,
  name: 'support',
  description: "Platform support: every merchant's invoices, callbacks and tickets",
  permissions: ['merchant.rw.all', 'merchant.read'],
});
export const FINANCE_ROLE = role({
  id: 5,
  name: 'Finance viewer',
  description: 'Sees balances and reports',
  permissions: ['merchant.read', 'merchant.read.finance'],
  builtIn: false,
});

/** GET /api/v1/roles for a caller who holds everything but admin's user.manage/role.manage. */
export const ROLES: StaffRole[] = [ADMIN_ROLE, MERCHANT_ROLE, SUPPORT_ROLE, FINANCE_ROLE];

export const MERCHANTS = {
  data: {
    items: [
      { id: 3, name: 'Silk Road Games', clientPublicKey: 'pk_1', terminals: [] },
      { id: 5, name: 'Tashkent Books', clientPublicKey: 'pk_2', terminals: [] },
    ],
    page: 0,
    size: 50,
    total: 2,
  },
};

export const usersPage = (items: StaffUser[], total = items.length) => ({
  data: { items, page: 0, size: 10, total },
});

export const PASSWORD_LINK = {
  token: 'tok-123',
  path: '/password-reset/tok-123',
  expiresAt: '2026-03-06T14:07:09.000Z',
};

/** A signed-in person with the permissions, and the users calls answering the test data. */
export const usersApi = (
  permissions: string[],
  routes: Record<string, FakeAnswer> = {},
  person: Record<string, unknown> = {},
) =>
  fakeApi({
    'GET /api/v1/people/me': { body: { data: personWith(permissions, person) } },
    'GET /api/v1/users': { body: usersPage([staffUser(), PLATFORM_USER]) },
    'GET /api/v1/users/11': { body: { data: staffUser() } },
    'GET /api/v1/roles': { body: { data: ROLES } },
    'GET /api/v1/merchant': { body: MERCHANTS },
    'GET /api/v1/merchant/me': { body: { data: MERCHANTS.data.items[0] } },
    ...routes,
  });

/** The `?query` of the list calls, in order. */
export const listQueries = (calls: readonly string[]) =>
  calls
    .filter((call) => call.startsWith('GET /api/v1/users?'))
    .map((call) => new URLSearchParams(call.slice(call.indexOf('?'))));
