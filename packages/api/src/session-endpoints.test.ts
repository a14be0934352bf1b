import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorMessageOf, statusTextOf } from './api-errors.ts';
import { sessionExpired } from './base-api.ts';
import { invoiceApi } from './invoice-endpoints.ts';
import { paymentFormApi } from './payment-form-endpoints.ts';
import { peopleApi } from './people-endpoints.ts';
import { referenceApi } from './reference-endpoints.ts';
import { LOGOUT_TIMEOUT_MS, sessionApi } from './session-endpoints.ts';
import { data, makeStore, stubFetch } from './testing/api-test-store.ts';

const unauthorized = (statusText = 'Unauthorized') => ({
  status: 401,
  statusText,
  body: { detail: 'Unauthorized' },
});

const person = {
  id: 1,
  username: 'ann',
  personal: { firstName: 'Ann', lastName: 'Tester' },
  permissions: ['merchant.read'],
  role: 'merchant',
  merchantId: 3,
  testDashboard: false,
};

afterEach(() => vi.unstubAllGlobals());

describe('a 401 signs the user out', () => {
  it('dispatches sessionExpired when a call that needs the session is answered 401', async () => {
    stubFetch({ 'GET /api/v1/people/me': () => unauthorized() });
    const { store, actionTypes } = makeStore();

    const result = await store.dispatch(peopleApi.endpoints.getCurrentPerson.initiate());

    expect(result.error).toMatchObject({ status: 401, statusText: 'Unauthorized' });
    expect(actionTypes).toContain(sessionExpired.type);
    expect(sessionExpired.type).toBe('api/sessionExpired');
  });

  it('does so from any endpoint, mutations included', async () => {
    stubFetch({ 'PATCH /api/v1/invoice/status': () => unauthorized() });
    const { store, actionTypes } = makeStore();

    await store.dispatch(
      invoiceApi.endpoints.changeInvoiceStatus.initiate({ invoiceId: 'x', statusId: 1 }),
    );

    expect(actionTypes.filter((type) => type === sessionExpired.type)).toHaveLength(1);
  });

  it('does not for other errors', async () => {
    stubFetch({ 'GET /api/v1/people/me': () => ({ status: 403, body: { detail: 'Forbidden' } }) });
    const { store, actionTypes } = makeStore();

    await store.dispatch(peopleApi.endpoints.getCurrentPerson.initiate());

    expect(actionTypes).not.toContain(sessionExpired.type);
  });

  it("login's own 401 comes back to the caller with the status text, without signing out", async () => {
    const { requests } = stubFetch({
      'POST /api/v1/login': () => ({
        status: 401,
        statusText: 'Unauthorized',
        body: { detail: 'Invalid username or password' },
      }),
    });
    const { store, actionTypes } = makeStore();

    const result = await store.dispatch(
      sessionApi.endpoints.login.initiate({ username: 'ann', password: 'wrong' }),
    );

    expect(actionTypes).not.toContain(sessionExpired.type);
    expect('error' in result && result.error).toMatchObject({
      status: 401,
      statusText: 'Unauthorized',
      data: { detail: 'Invalid username or password' },
    });
    const error = 'error' in result ? result.error : undefined;
    expect(statusTextOf(error)).toBe('Unauthorized');
    expect(errorMessageOf(error)).toBe('Invalid username or password');
    expect(await requests()[0]?.clone().json()).toEqual({ username: 'ann', password: 'wrong' });
  });

  it('gives the standard status text when the answer has none (HTTP/2)', async () => {
    stubFetch({ 'POST /api/v1/login': () => ({ status: 401, statusText: '', body: {} }) });
    const { store } = makeStore();

    const result = await store.dispatch(
      sessionApi.endpoints.login.initiate({ username: 'ann', password: 'wrong' }),
    );

    const error = 'error' in result ? result.error : undefined;
    expect(statusTextOf(error)).toBe('Unauthorized');
    expect(errorMessageOf(error)).toBe('Unauthorized');
  });

  it('the public payment form never signs anyone out', async () => {
    stubFetch({ 'POST /api/payments/form/f-1/status': () => unauthorized() });
    const { store, actionTypes } = makeStore();

    const result = await store.dispatch(
      paymentFormApi.endpoints.getPaymentStatus.initiate({ formId: 'f-1' }),
    );

    expect(result.error).toMatchObject({ status: 401 });
    expect(actionTypes).not.toContain(sessionExpired.type);
  });
});

describe('session cache', () => {
  it('keeps the current person and reference lists after their last subscriber leaves (SPEC §9)', async () => {
    vi.useFakeTimers();
    try {
      const { callsTo } = stubFetch({
        'GET /api/v1/people/me': () => data(person),
        'GET /api/v1/reference/currency': () => data([]),
      });
      const { store } = makeStore();
      const me = store.dispatch(peopleApi.endpoints.getCurrentPerson.initiate());
      const currencies = store.dispatch(referenceApi.endpoints.getCurrencies.initiate());
      await Promise.all([me, currencies]);
      me.unsubscribe();
      currencies.unsubscribe();

      await vi.advanceTimersByTimeAsync(24 * 60 * 60 * 1000);

      expect(peopleApi.endpoints.getCurrentPerson.select()(store.getState()).data).toEqual(person);
      await store.dispatch(peopleApi.endpoints.getCurrentPerson.initiate()).unwrap();
      expect(callsTo('GET /api/v1/people/me')).toBe(1);
      expect(callsTo('GET /api/v1/reference/currency')).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a successful login drops what an earlier session cached', async () => {
    let me = person;
    const { callsTo } = stubFetch({
      'GET /api/v1/people/me': () => data(me),
      'POST /api/v1/login': () => data({ expiresAt: '2026-03-01T10:00:00.000Z' }),
    });
    const { store } = makeStore();
    const subscription = store.dispatch(peopleApi.endpoints.getCurrentPerson.initiate());
    await subscription;

    me = { ...person, id: 2, username: 'bob' };
    await store.dispatch(sessionApi.endpoints.login.initiate({ username: 'bob', password: 'pw' }));

    await vi.waitFor(() =>
      expect(peopleApi.endpoints.getCurrentPerson.select()(store.getState()).data?.username).toBe(
        'bob',
      ),
    );
    expect(callsTo('GET /api/v1/people/me')).toBe(2);
    subscription.unsubscribe();
  });
});

describe('logout', () => {
  it('is public: its answer never counts as news about the session', async () => {
    stubFetch({ 'POST /api/v1/logout': () => unauthorized() });
    const { store, actionTypes } = makeStore();

    const result = await store.dispatch(sessionApi.endpoints.logout.initiate());

    expect('error' in result).toBe(true);
    expect(actionTypes).not.toContain(sessionExpired.type);
  });

  it('gives up after LOGOUT_TIMEOUT_MS, so an unconfirmed sign-out can be tried again', async () => {
    vi.useFakeTimers();
    try {
      vi.stubGlobal(
        'fetch',
        vi.fn(
          (request: Request) =>
            new Promise((_resolve, reject) => {
              request.signal.addEventListener('abort', () => reject(request.signal.reason));
            }),
        ),
      );
      const { store } = makeStore();
      const pending = store.dispatch(sessionApi.endpoints.logout.initiate());
      await vi.advanceTimersByTimeAsync(LOGOUT_TIMEOUT_MS);
      const result = await pending;
      expect('error' in result && result.error).toMatchObject({ status: 'TIMEOUT_ERROR' });
      expect(LOGOUT_TIMEOUT_MS).toBe(10_000);
    } finally {
      vi.useRealTimers();
    }
  });
});
