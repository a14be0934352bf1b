import type { BalanceMovement, Currency } from '@paygate/api';
import { type FakeAnswer, fakeApi } from '../../testing/fake-api.ts';
import { personWith } from '../../testing/test-people.ts';

/** Test data of the Balance movements screen, shaped as the server answers (decision 0029). */

export const REPORT_READ_BALANCE = ['report.read.balance'];
export const LIST = 'GET /api/v1/balance/movements';
export const CURRENCIES = 'GET /api/v1/reference/currency';
export const MERCHANTS = 'GET /api/v1/merchant';

export const UZS: Currency = {
  id: 101002,
  name: 'Uzbek sum',
  code: 'UZS',
  dimension: 2,
  minValue: 100,
  maxValue: 100_000_000,
};
export const JPY: Currency = {
  id: 101003,
  name: 'Yen',
  code: 'JPY',
  dimension: 0,
  minValue: 1,
  maxValue: 10_000_000,
};

export const INVOICE_ID = '0b6f3c1e-0000-4000-8000-000000000001';

/** A deposit confirmed by a person: its invoice, its change and the balance after it. */
export const movement = (overrides: Partial<BalanceMovement> = {}): BalanceMovement => ({
  id: 41,
  createdAt: '2026-03-05T14:07:09.000Z',
  cause: 'invoice',
  terminalId: 11,
  invoiceId: INVOICE_ID,
  merchantInvoiceId: 'order-1',
  settlementId: null,
  flowType: 'DEPOSIT',
  statusBefore: 'IN_PROGRESS',
  statusAfter: 'DONE',
  amountBefore: 1_000_000,
  amountAfter: 1_000_000,
  feeBefore: 0,
  feeAfter: 25_000,
  availableChange: 975_000,
  reservedChange: 0,
  availableAfter: 1_375_000,
  reservedAfter: 0,
  changedBy: 'admin',
  ...overrides,
});

/** A settlement the merchant's user made: no invoice. */
export const SETTLEMENT = movement({
  id: 40,
  createdAt: '2026-03-05T09:00:01.000Z',
  cause: 'settlement',
  terminalId: 11,
  invoiceId: null,
  merchantInvoiceId: null,
  settlementId: 7,
  flowType: null,
  statusBefore: null,
  statusAfter: null,
  amountBefore: null,
  amountAfter: null,
  feeBefore: null,
  feeAfter: null,
  availableChange: -400_000,
  availableAfter: 400_000,
  changedBy: 'cashier',
});

/** A deposit the platform wrote (nobody made it) when the ledger was opened. */
export const OPENING = movement({
  id: 39,
  createdAt: '2026-03-01T00:00:00.000Z',
  invoiceId: '0b6f3c1e-0000-4000-8000-000000000002',
  merchantInvoiceId: 'order-0',
  statusBefore: null,
  statusAfter: 'DONE',
  amountBefore: null,
  feeBefore: null,
  feeAfter: 0,
  availableChange: 800_000,
  availableAfter: 800_000,
  changedBy: null,
});

export const MOVEMENTS = [movement(), SETTLEMENT, OPENING];

export const movementPage = (
  items: BalanceMovement[],
  hasMore = false,
  currency: { code: string; dimension: number } = { code: 'UZS', dimension: 2 },
) => ({ body: { data: { currency, items, hasMore } } });

/** The query parameters of the list calls, in order. */
export const listQueries = (calls: readonly string[]) =>
  calls
    .filter((call) => call.startsWith(`${LIST}?`))
    .map((call) => Object.fromEntries(new URLSearchParams(call.split('?')[1])));

/** A signed-in person with the permissions, and the calls answering the test data. */
export const balanceMovementsApi = (
  permissions: string[] = REPORT_READ_BALANCE,
  routes: Record<string, FakeAnswer> = {},
  person: Record<string, unknown> = { merchantId: 3, role: 'merchant' },
) =>
  fakeApi({
    'GET /api/v1/people/me': { body: { data: personWith(permissions, person) } },
    [CURRENCIES]: { body: { data: [UZS, JPY] } },
    [LIST]: movementPage(MOVEMENTS),
    ...routes,
  });
