import { afterEach, describe, expect, it, vi } from 'vitest';
import { type BalanceMovement, balanceMovementApi } from './balance-movement-endpoints.ts';
import { data, makeStore, stubFetch } from './testing/api-test-store.ts';

const movement = (id: number): BalanceMovement => ({
  id,
  createdAt: '2026-03-05T14:07:09.000Z',
  cause: 'invoice',
  terminalId: 11,
  invoiceId: '0b6f3c1e-0000-4000-8000-000000000001',
  merchantInvoiceId: 'order-1',
  settlementId: null,
  flowType: 'DEPOSIT',
  statusBefore: 'IN_PROGRESS',
  statusAfter: 'DONE',
  amountBefore: 100_000,
  amountAfter: 100_000,
  feeBefore: 0,
  feeAfter: 0,
  availableChange: 100_000,
  reservedChange: 0,
  availableAfter: 100_000 * id,
  reservedAfter: 0,
  changedBy: null,
});

const UZS = { code: 'UZS', dimension: 2 };

afterEach(() => vi.unstubAllGlobals());

describe('getBalanceMovements', () => {
  it('asks for the newest page, then the page before the last movement shown, until none follows', async () => {
    const { requests } = stubFetch({
      'GET /api/v1/balance/movements': (request) => {
        const beforeId = new URL(request.url).searchParams.get('beforeId');
        return beforeId === null
          ? data({ currency: UZS, items: [movement(9), movement(7)], hasMore: true })
          : data({ currency: UZS, items: [movement(3)], hasMore: false });
      },
    });
    const { store } = makeStore();
    const args = { merchantId: 5, currencyId: 101002 };
    const endpoint = balanceMovementApi.endpoints.getBalanceMovements;

    const first = store.dispatch(endpoint.initiate(args));
    await first;
    const next = store.dispatch(endpoint.initiate(args, { direction: 'forward' }));
    await next;

    const state = endpoint.select(args)(store.getState());
    expect(state.data?.pages.flatMap((page) => page.items.map(({ id }) => id))).toEqual([9, 7, 3]);
    expect(state.hasNextPage).toBe(false);
    expect(
      requests().map((request) => Object.fromEntries(new URL(request.url).searchParams)),
    ).toEqual([
      { merchantId: '5', currencyId: '101002' },
      { merchantId: '5', currencyId: '101002', beforeId: '7' },
    ]);
    first.unsubscribe();
    next.unsubscribe();
  });
});
