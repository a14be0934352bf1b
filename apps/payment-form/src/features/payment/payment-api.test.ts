import { computeSupportCode } from '@paygate/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  data,
  FORM_ID,
  failure,
  formData,
  stubPaymentServer,
} from '../../testing/payment-server.ts';
import {
  completePayment,
  fetchPaymentForm,
  fetchPaymentStatus,
  fetchSbpBanks,
  PaymentApiError,
  requestPaymentCredential,
} from './payment-api.ts';

afterEach(() => vi.unstubAllGlobals());

describe('payment form calls (SPEC §7)', () => {
  it('posts init and status without a body and reads data', async () => {
    const form = formData();
    const server = stubPaymentServer({
      'POST init': data(form),
      'POST status': data({ status: 'NEW', invoiceId: 'inv-7f3a' }),
    });
    expect(await fetchPaymentForm(FORM_ID)).toEqual(form);
    expect(await fetchPaymentStatus(FORM_ID)).toEqual({ status: 'NEW', invoiceId: 'inv-7f3a' });
    expect(server.calls.map(({ route, body, headers }) => ({ route, body, headers }))).toEqual([
      { route: 'POST init', body: undefined, headers: {} },
      { route: 'POST status', body: undefined, headers: {} },
    ]);
    const [first] = server.fetchMock.mock.calls[0] ?? [];
    expect(first && new URL(first.url).pathname).toBe(`/api/payments/form/${FORM_ID}/init`);
    expect(first?.credentials).toBe('include');
  });

  it('answers a read in flight when an earlier read of the same payment is dropped', async () => {
    // An earlier read's answer is dropped a minute after it; a read of the same payment in flight
    // at that moment resolved undefined and the form stopped rendering (at the deadline of a
    // one-minute payment, in the e2e run).
    vi.useFakeTimers();
    try {
      const form = formData();
      const status = { status: 'NEW', invoiceId: 'inv-7f3a' };
      const later = (reply: ReturnType<typeof data>) =>
        new Promise<ReturnType<typeof data>>((resolve) => setTimeout(() => resolve(reply), 2_000));
      const answers = { init: 0, status: 0 };
      stubPaymentServer({
        'POST init': () => (++answers.init === 1 ? data(form) : later(data(form))),
        'POST status': () => (++answers.status === 1 ? data(status) : later(data(status))),
      });
      expect(await fetchPaymentForm(FORM_ID)).toEqual(form);
      expect(await fetchPaymentStatus(FORM_ID)).toEqual(status);
      await vi.advanceTimersByTimeAsync(59_000);
      const readings = Promise.all([fetchPaymentForm(FORM_ID), fetchPaymentStatus(FORM_ID)]);
      await vi.advanceTimersByTimeAsync(3_000);
      expect(await readings).toEqual([form, status]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('posts the credential request and the completion as JSON with the form id', async () => {
    const server = stubPaymentServer({
      'POST credential': data(formData()),
      'POST complete': data({ successUrl: 'https://shop.example/s' }),
    });
    const supportCode = await computeSupportCode(FORM_ID, 'key-1');
    await requestPaymentCredential(FORM_ID, { amount: 100_000, paymentMethodId: 1, supportCode });
    expect(
      await completePayment(FORM_ID, { credential: '79123456789', bankCodeInteger: 4 }),
    ).toEqual({ successUrl: 'https://shop.example/s' });
    expect(server.calls.map(({ body, headers }) => ({ body, headers }))).toEqual([
      {
        body: { amount: 100_000, paymentMethodId: 1, supportCode, formId: FORM_ID },
        headers: { 'content-type': 'application/json' },
      },
      {
        body: { credential: '79123456789', bankCodeInteger: 4, formId: FORM_ID },
        headers: { 'content-type': 'application/json' },
      },
    ]);
  });

  it('gets the SBP banks', async () => {
    stubPaymentServer({ 'GET banks/sbp': data([{ id: 1, value: 'Sberbank', codeInteger: 2 }]) });
    expect(await fetchSbpBanks(FORM_ID)).toEqual([{ id: 1, value: 'Sberbank', codeInteger: 2 }]);
  });

  it('throws the status and the server message of an error answer', async () => {
    stubPaymentServer({ 'POST init': failure(410, 'The payment has expired', 'payment_expired') });
    const error = await fetchPaymentForm(FORM_ID).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PaymentApiError);
    expect(error).toMatchObject({
      status: 410,
      message: 'The payment has expired',
      code: 'payment_expired',
    });
  });

  it('throws a status of null without an answer, and passes aborts through', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(fetchPaymentStatus(FORM_ID)).rejects.toMatchObject({
      name: 'PaymentApiError',
      status: null,
      code: null,
      message: expect.stringContaining('Failed to fetch'),
    });
    stubPaymentServer({ 'POST status': data({ status: 'NEW', invoiceId: 'x' }) });
    const controller = new AbortController();
    controller.abort();
    await expect(fetchPaymentStatus(FORM_ID, controller.signal)).rejects.toMatchObject({
      name: 'AbortError',
    });
  });
});
