import type { AuditLogEntry } from '@paygate/api';
import { type FakeAnswer, fakeApi } from '../../testing/fake-api.ts';
import { personWith } from '../../testing/test-people.ts';

/** Test data of the audit log screen, shaped as the server answers (issue 22 item 5). */

export const AUDIT_READ = ['audit.read'];
export const LIST = 'GET /api/v1/audit';
export const EVENT_CODES = 'GET /api/v1/audit/event-codes';
export const CSV = 'GET /api/v1/audit/csv';

export const auditEntry = (overrides: Partial<AuditLogEntry> = {}): AuditLogEntry => ({
  id: 41,
  time: '2026-03-05T14:07:09.000Z',
  eventCode: 'USER_CHANGED',
  description: 'User cashier.lola changed',
  actor: { id: 3, username: 'admin' },
  merchantId: 2,
  merchantName: 'Lola Market',
  entityType: 'person',
  entityId: '12',
  sourceIp: '203.0.113.7',
  details: {
    roles: { from: ['support'], to: ['support', 'operator'] },
    enabled: { from: true, to: false },
  },
  ...overrides,
});

/** A failed sign-in of an unknown username: nobody signed in, from an address, platform-wide. */
export const FAILED_SIGN_IN = auditEntry({
  id: 40,
  time: '2026-03-05T09:00:01.000Z',
  eventCode: 'LOGIN_FAILED',
  description: 'Sign-in failed for ghost',
  actor: null,
  merchantId: null,
  merchantName: null,
  entityType: null,
  entityId: null,
  sourceIp: '198.51.100.20',
  details: { username: 'ghost', reason: 'unknown username' },
});

/** An administrator created by the create-admin command: no person, no request. */
export const COMMAND_ROW = auditEntry({
  id: 39,
  time: '2026-03-01T00:00:00.000Z',
  eventCode: 'ADMINISTRATOR_CREATED',
  description: 'Administrator root created',
  actor: null,
  merchantId: null,
  merchantName: null,
  entityType: 'person',
  entityId: '1',
  sourceIp: null,
  details: null,
});

export const ENTRIES = [auditEntry(), FAILED_SIGN_IN, COMMAND_ROW];

export const KINDS = ['ADMINISTRATOR_CREATED', 'LOGIN_FAILED', 'ROLE_CHANGED', 'USER_CHANGED'];

export const auditPage = (items: AuditLogEntry[], total = items.length, page = 0, size = 10) => ({
  data: { items, page, size, total },
});

/** The query parameters of the audit list calls, in order. */
export const listQueries = (calls: readonly string[]) =>
  calls
    .filter((call) => call.startsWith(`${LIST}?`))
    .map((call) => Object.fromEntries(new URLSearchParams(call.split('?')[1])));

export const lastListQuery = (calls: readonly string[]) => listQueries(calls).at(-1);

/** A signed-in person with the permissions, and the audit calls answering the test data. */
export const auditApi = (
  permissions: string[] = AUDIT_READ,
  routes: Record<string, FakeAnswer> = {},
) =>
  fakeApi({
    'GET /api/v1/people/me': { body: { data: personWith(permissions) } },
    [LIST]: { body: auditPage(ENTRIES) },
    [EVENT_CODES]: { body: { data: KINDS } },
    ...routes,
  });
