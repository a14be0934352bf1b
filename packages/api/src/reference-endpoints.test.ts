import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PaymentMethodReference } from './api-types.ts';
import { referenceApi } from './reference-endpoints.ts';
import { data, makeStore, stubFetch } from './testing/api-test-store.ts';

const HUMO: PaymentMethodReference = {
  id: 1,
  code: 'HUMOUZS',
  name: 'Humo',
  currency: { id: 101002, code: 'UZS', dimension: 2 },
  minAmount: 100_000,
  maxAmount: 2_000_000_000,
  requisiteKind: 'card',
  enabled: true,
};

afterEach(() => vi.unstubAllGlobals());

describe('getPaymentMethods', () => {
  it('calls GET /api/v1/payment-method with the session cookie and returns its data', async () => {
    const { requests } = stubFetch({ 'GET /api/v1/payment-method': () => data([HUMO]) });
    const { store } = makeStore();

    const result = await store.dispatch(referenceApi.endpoints.getPaymentMethods.initiate());

    expect(result.data).toEqual([HUMO]);
    const [request] = requests();
    expect(request?.method).toBe('GET');
    expect(new URL(request?.url ?? '').pathname).toBe('/api/v1/payment-method');
    expect(request?.credentials).toBe('include');
  });

  it('keeps the list for the whole session after its last subscriber leaves (SPEC §9)', async () => {
    vi.useFakeTimers();
    try {
      const { callsTo } = stubFetch({ 'GET /api/v1/payment-method': () => data([HUMO]) });
      const { store } = makeStore();
      const first = store.dispatch(referenceApi.endpoints.getPaymentMethods.initiate());
      await first;
      first.unsubscribe();

      await vi.advanceTimersByTimeAsync(24 * 60 * 60 * 1000);

      expect(referenceApi.endpoints.getPaymentMethods.select()(store.getState()).data).toEqual([
        HUMO,
      ]);
      const second = store.dispatch(referenceApi.endpoints.getPaymentMethods.initiate());
      await second.unwrap();
      second.unsubscribe();
      expect(callsTo('GET /api/v1/payment-method')).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it("reports the server's refusal as an error result", async () => {
    stubFetch({
      'GET /api/v1/payment-method': () => ({
        status: 403,
        body: { detail: 'Missing permission people.account' },
      }),
    });
    const { store } = makeStore();

    const result = await store.dispatch(referenceApi.endpoints.getPaymentMethods.initiate());

    expect(result.error).toMatchObject({
      status: 403,
      data: { detail: 'Missing permission people.account' },
    });
  });
});
