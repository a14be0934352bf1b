import type { PaymentFormData } from '@paygate/api/payment-form';
import { PAYMENT_STATUS_POLL_MS } from '@paygate/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  advance,
  CARD_CREDENTIALS,
  data,
  failure,
  formData,
  HUMO,
  RUB,
  SBP,
  settle,
  stubPaymentServer,
  UZCARD,
  UZS,
  useFormFakeTimers,
} from '../../testing/payment-server.ts';
import { renderPayment } from '../../testing/render-payment.tsx';

// Web Crypto answers on another thread, too late for fake timers (see payment-server.ts).
vi.mock('@paygate/domain', async (importOriginal) =>
  (await import('../../testing/payment-server.ts')).mockSupportCode(importOriginal),
);

const NOW = new Date('2026-03-05T10:00:00Z');
const liveRegion = () => document.querySelector('.pf-page > p[role="status"]');
const inMinutes = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000).toISOString();

beforeEach(() => useFormFakeTimers(NOW));
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const start = async (language: 'en' | 'ru' | 'uz' = 'en') => {
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  const { t } = await renderPayment({ language });
  await settle();
  return { user, t };
};

/** No answer at all (fetch rejects): what a dropped connection or a timeout looks like. */
const noAnswer = (): never => {
  throw new TypeError('Failed to fetch');
};

/** A withdrawal already requested: a reload resumes at Processing (decision 0008). */
const processingForm = (overrides: Partial<PaymentFormData> = {}) =>
  formData({ type: 'withdrawal', status: 'IN_PROGRESS', paymentMethodName: 'Humo', ...overrides });

describe('loading', () => {
  it('shows a spinner while the form loads, then the first step', async () => {
    let answer: (value: unknown) => void = () => {};
    stubPaymentServer({
      'POST init': () =>
        new Promise((resolve) => {
          answer = () => resolve(data(formData()));
        }),
    });
    const { t } = await start();
    expect(screen.getByRole('status', { name: t('form.loading') })).toBeInTheDocument();
    expect(liveRegion()).toBeEmptyDOMElement();
    answer(undefined);
    await settle();
    expect(screen.getByRole('heading', { name: t('form.header.method') })).toBeInTheDocument();
  });

  it('says a payment is not found on 404', async () => {
    stubPaymentServer({ 'POST init': failure(404, 'Payment not found') });
    const { t } = await start('ru');
    expect(screen.getByRole('heading', { name: 'Платёж не найден' })).toBeInTheDocument();
    expect(t('form.header.notFound')).toBe('Платёж не найден');
  });

  it('shows an expired form (410 while still open) as expired', async () => {
    stubPaymentServer({
      'POST init': failure(410, 'The payment has expired'),
      'POST status': data({ status: 'NEW', invoiceId: 'inv-1' }),
    });
    const { t } = await start();
    expect(screen.getByRole('heading', { name: t('form.header.expired') })).toBeInTheDocument();
    expect(screen.getByText('inv-1')).toBeInTheDocument();
    expect(liveRegion()).toHaveTextContent(t('form.announce.expired'));
  });

  it('shows a finished form by its status: DONE Success, CANCELED Fail', async () => {
    const server = stubPaymentServer({
      'POST init': failure(409, 'The payment is already finished'),
      'POST status': data({ status: 'DONE', invoiceId: 'inv-1' }),
    });
    const { t } = await start();
    expect(screen.getByRole('heading', { name: t('form.header.success') })).toBeInTheDocument();
    expect(server.callsTo('POST status')).toHaveLength(1);
  });

  it('still leads back to the shop when a payment this tab had open is reloaded closed', async () => {
    stubPaymentServer({ 'POST init': data(formData()) });
    const first = await renderPayment();
    await settle();
    first.unmount();
    // Reloaded after the payment ended: init no longer answers the shop's addresses.
    stubPaymentServer({
      'POST init': failure(409, 'The payment is already finished'),
      'POST status': data({ status: 'DONE', invoiceId: 'inv-1' }),
    });
    const { t } = await start();
    expect(screen.getByRole('heading', { name: t('form.header.success') })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: t('form.button.continue') })).toHaveAttribute(
      'href',
      'https://shop.example/success',
    );
  });

  it('has no way back to offer for a closed payment this tab never had open', async () => {
    stubPaymentServer({
      'POST init': failure(409, 'The payment is already finished'),
      'POST status': data({ status: 'DONE', invoiceId: 'inv-1' }),
    });
    const { t } = await start();
    expect(screen.getByRole('heading', { name: t('form.header.success') })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: t('form.button.continue') })).toBeNull();
  });

  it('shows a cancelled form as Fail with its invoice id', async () => {
    stubPaymentServer({
      'POST init': failure(410, 'The payment was cancelled'),
      'POST status': data({ status: 'CANCELED', invoiceId: 'inv-2' }),
    });
    const { t } = await start();
    expect(screen.getByRole('heading', { name: t('form.header.fail') })).toBeInTheDocument();
    expect(screen.getByText('inv-2')).toBeInTheDocument();
  });

  it('shows a form cancelled by the staff or its terminal (410 payment_canceled) as Fail, to the cancel URL', async () => {
    // The terminal was switched off: the payment is still NEW, yet nothing can be done with it.
    stubPaymentServer({
      'POST init': failure(410, 'The payment was cancelled', 'payment_canceled'),
      'POST status': data({ status: 'NEW', invoiceId: 'inv-3' }),
    });
    const { t } = await start();
    expect(screen.getByRole('heading', { name: t('form.header.fail') })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: t('form.header.expired') })).toBeNull();
    expect(screen.getByText(t('form.text.fail'))).toBeInTheDocument();
    expect(screen.getByText('inv-3')).toBeInTheDocument();
  });

  it('says the payment is unavailable when no method can take its fixed amount (decision 0026)', async () => {
    stubPaymentServer({
      'POST init': data(formData({ methods: [], canChangeAmount: false, amount: 50_000 })),
    });
    const { t } = await start();
    expect(screen.getByRole('heading', { name: t('form.header.unavailable') })).toHaveFocus();
    expect(screen.getByText(t('form.text.noMethod'))).toBeInTheDocument();
    expect(screen.queryByText(t('form.text.fail'))).toBeNull();
    expect(liveRegion()).toHaveTextContent(t('form.announce.unavailable'));
    expect(screen.getByRole('link', { name: t('form.button.continue') })).toHaveAttribute(
      'href',
      'https://shop.example/error',
    );
  });

  it('offers to try again when the form cannot be loaded', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const { t } = await start();
    expect(screen.getByRole('heading', { name: t('form.header.fail') })).toBeInTheDocument();
    expect(screen.getByText(t('form.text.unavailable'))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: t('form.button.tryAgain') })).toBeInTheDocument();
  });
});

describe('Processing polls the status every 5000 ms (SPEC §4)', () => {
  it('asks at once, then every 5000 ms, until DONE gives Success', async () => {
    let status = 'IN_PROGRESS';
    const server = stubPaymentServer({
      'POST init': data(processingForm()),
      'POST status': () => data({ status, invoiceId: 'inv-7f3a' }),
    });
    const { t } = await start();
    expect(PAYMENT_STATUS_POLL_MS).toBe(5000);
    expect(screen.getByText(t('form.text.processing'))).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '+5000.00 UZS' })).toBeInTheDocument();
    expect(server.callsTo('POST status')).toHaveLength(1);
    await advance(4999);
    expect(server.callsTo('POST status')).toHaveLength(1);
    await advance(1);
    expect(server.callsTo('POST status')).toHaveLength(2);
    status = 'PAYED';
    await advance(5000);
    expect(server.callsTo('POST status')).toHaveLength(3);
    expect(screen.getByText(t('form.text.processing'))).toBeInTheDocument();
    status = 'DONE';
    await advance(5000);
    expect(screen.getByRole('heading', { name: t('form.header.success') })).toBeInTheDocument();
    await advance(20_000);
    expect(server.callsTo('POST status')).toHaveLength(4);
  });

  it.each(['CANCELED', 'DECLINED'])(
    '%s goes to Fail, continuing to the cancel URL',
    async (status) => {
      stubPaymentServer({
        'POST init': data(processingForm()),
        'POST status': data({ status, invoiceId: 'inv-7f3a' }),
      });
      const { t } = await start();
      expect(screen.getByRole('heading', { name: t('form.header.fail') })).toBeInTheDocument();
      expect(screen.getByText(t('form.text.fail'))).toBeInTheDocument();
      expect(screen.getByRole('link', { name: t('form.button.continue') })).toHaveAttribute(
        'href',
        'https://shop.example/cancel',
      );
      expect(liveRegion()).toHaveTextContent(t('form.announce.fail'));
    },
  );

  it('a reload after "I have paid" resumes at Processing, never offering the requisites again', async () => {
    // Issue 20: init of a deposit the customer marked paid (customerMarkedPaid), method preset.
    const paid = {
      methods: [HUMO],
      paymentMethodName: 'Humo',
      status: 'IN_PROGRESS',
      credentials: CARD_CREDENTIALS,
      customerMarkedPaid: true,
    };
    let status = 'IN_PROGRESS';
    const server = stubPaymentServer({
      'POST init': data(formData(paid)),
      'POST credential': data(formData(paid)),
      'POST status': () => data({ status, invoiceId: 'inv-7f3a' }),
    });
    const { t } = await start();
    expect(screen.getByRole('heading', { name: '+5000.00 UZS' })).toBeInTheDocument();
    expect(screen.getByText(t('form.text.processing'))).toBeInTheDocument();
    expect(liveRegion()).toHaveTextContent(t('form.announce.processing'));
    expect(screen.queryByRole('button', { name: t('form.button.paid') })).toBeNull();
    expect(screen.queryByText('8600 1234 1234 1234')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Copy/ })).toBeNull();
    expect(server.callsTo('POST credential')).toHaveLength(0);
    expect(server.callsTo('POST status')).toHaveLength(1);
    await advance(PAYMENT_STATUS_POLL_MS);
    expect(server.callsTo('POST status')).toHaveLength(2);
    status = 'DONE';
    await advance(PAYMENT_STATUS_POLL_MS);
    expect(screen.getByRole('heading', { name: t('form.header.success') })).toBeInTheDocument();
    expect(server.callsTo('POST credential')).toHaveLength(0);
  });

  it('a definite error (404) goes to Fail at once, continuing to the error URL', async () => {
    let answer = data({ status: 'IN_PROGRESS', invoiceId: 'inv-7f3a' });
    const server = stubPaymentServer({
      'POST init': data(processingForm()),
      'POST status': () => answer,
    });
    const { t } = await start();
    answer = failure(404, 'Payment not found');
    await advance(5000);
    expect(screen.getByRole('heading', { name: t('form.header.fail') })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: t('form.button.continue') })).toHaveAttribute(
      'href',
      'https://shop.example/error',
    );
    await advance(20_000);
    expect(server.callsTo('POST status')).toHaveLength(2);
  });

  it('polls on through a lost answer, a 5xx or a 429; the third in a row goes to Fail (decision 0026)', async () => {
    // Poll 0 answers; 1 and 2 fail; 3 answers (the count starts again); 4, 5 and 6 fail.
    const replies = [
      () => data({ status: 'IN_PROGRESS', invoiceId: 'inv-7f3a' }),
      noAnswer,
      () => failure(503, 'Service Unavailable'),
      () => data({ status: 'IN_PROGRESS', invoiceId: 'inv-7f3a' }),
      () => failure(429, 'Too Many Requests'),
      noAnswer,
      () => failure(500, 'Internal Server Error'),
    ];
    const server = stubPaymentServer({
      'POST init': data(processingForm()),
      'POST status': (_body, call) => (replies[call] ?? noAnswer)(),
    });
    const { t } = await start();
    for (let poll = 1; poll <= 5; poll += 1) {
      await advance(PAYMENT_STATUS_POLL_MS);
      expect(server.callsTo('POST status')).toHaveLength(poll + 1);
      expect(screen.getByText(t('form.text.processing'))).toBeInTheDocument();
    }
    await advance(PAYMENT_STATUS_POLL_MS);
    expect(server.callsTo('POST status')).toHaveLength(7);
    expect(screen.getByRole('heading', { name: t('form.header.fail') })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: t('form.button.continue') })).toHaveAttribute(
      'href',
      'https://shop.example/error',
    );
    await advance(20_000);
    expect(server.callsTo('POST status')).toHaveLength(7);
  });

  it('a lost poll followed by DONE gives Success', async () => {
    const replies = [noAnswer, () => data({ status: 'DONE', invoiceId: 'inv-7f3a' })];
    stubPaymentServer({
      'POST init': data(processingForm()),
      'POST status': (_body, call) => (replies[call] ?? noAnswer)(),
    });
    const { t } = await start();
    expect(screen.getByText(t('form.text.processing'))).toBeInTheDocument();
    await advance(PAYMENT_STATUS_POLL_MS);
    expect(screen.getByRole('heading', { name: t('form.header.success') })).toBeInTheDocument();
  });
});

describe('the requisites step watches the status (decision 0026)', () => {
  const requisites = { methods: [HUMO], paymentMethodName: 'Humo' };
  const atRequisites = async (status: (call: number) => ReturnType<typeof data>) => {
    const server = stubPaymentServer({
      'POST init': data(formData(requisites)),
      'POST credential': data(formData({ ...requisites, credentials: CARD_CREDENTIALS })),
      'POST status': (_body, call) => status(call),
    });
    const started = await start();
    expect(screen.getByRole('heading', { name: started.t('form.header.deposit') })).toBeVisible();
    return { server, ...started };
  };

  it('every 5000 ms: PAYED changes nothing, DONE goes to Success', async () => {
    let status = 'IN_PROGRESS';
    const { server, t } = await atRequisites(() => data({ status, invoiceId: 'inv-7f3a' }));
    expect(server.callsTo('POST status')).toHaveLength(0);
    await advance(PAYMENT_STATUS_POLL_MS);
    expect(server.callsTo('POST status')).toHaveLength(1);
    status = 'PAYED';
    await advance(PAYMENT_STATUS_POLL_MS);
    expect(server.callsTo('POST status')).toHaveLength(2);
    expect(screen.getByRole('button', { name: t('form.button.paid') })).toBeInTheDocument();
    status = 'DONE';
    await advance(PAYMENT_STATUS_POLL_MS);
    expect(screen.getByRole('heading', { name: t('form.header.success') })).toBeInTheDocument();
    await advance(20_000);
    expect(server.callsTo('POST status')).toHaveLength(3);
  });

  it.each(['CANCELED', 'DECLINED'])('%s goes to Fail, to the cancel URL', async (status) => {
    const { t } = await atRequisites(() => data({ status, invoiceId: 'inv-7f3a' }));
    await advance(PAYMENT_STATUS_POLL_MS);
    expect(screen.getByRole('heading', { name: t('form.header.fail') })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: t('form.button.continue') })).toHaveAttribute(
      'href',
      'https://shop.example/cancel',
    );
  });

  it('ignores failed polls: the next tick asks again', async () => {
    const replies = [noAnswer, () => failure(500, 'Internal Server Error'), noAnswer, noAnswer];
    const { server, t } = await atRequisites(
      (call) => replies[call]?.() ?? data({ status: 'DONE', invoiceId: 'inv-7f3a' }),
    );
    await advance(4 * PAYMENT_STATUS_POLL_MS);
    expect(server.callsTo('POST status')).toHaveLength(4);
    expect(screen.getByRole('heading', { name: t('form.header.deposit') })).toBeInTheDocument();
    await advance(PAYMENT_STATUS_POLL_MS);
    expect(screen.getByRole('heading', { name: t('form.header.success') })).toBeInTheDocument();
  });

  it('stops when the customer goes back', async () => {
    const { server, user, t } = await atRequisites(() =>
      data({ status: 'IN_PROGRESS', invoiceId: 'inv-7f3a' }),
    );
    await user.click(screen.getByRole('button', { name: t('form.button.back') }));
    await advance(20_000);
    expect(server.callsTo('POST status')).toHaveLength(0);
  });
});

describe('credential request', () => {
  it('retries a deposit answer without credentials after 1 second', async () => {
    let credentials: PaymentFormData['credentials'] = null;
    const server = stubPaymentServer({
      'POST init': data(formData({ methods: [HUMO], canChangeAmount: false })),
      'POST credential': () => data(formData({ status: 'IN_PROGRESS', credentials })),
    });
    const { user, t } = await start();
    await user.click(screen.getByRole('button', { name: t('form.button.deposit') }));
    await settle();
    expect(server.callsTo('POST credential')).toHaveLength(1);
    expect(screen.getByRole('heading', { name: t('form.pending') })).toBeInTheDocument();
    await advance(999);
    expect(server.callsTo('POST credential')).toHaveLength(1);
    await advance(1);
    expect(server.callsTo('POST credential')).toHaveLength(2);
    credentials = CARD_CREDENTIALS;
    await advance(1000);
    expect(server.callsTo('POST credential')).toHaveLength(3);
    expect(screen.getByRole('heading', { name: t('form.header.deposit') })).toBeInTheDocument();
    await advance(5000);
    expect(server.callsTo('POST credential')).toHaveLength(3);
  });

  it('gives up after 10 retries without requisites: Fail, to the error URL (decision 0026)', async () => {
    const server = stubPaymentServer({
      'POST init': data(formData({ methods: [HUMO], canChangeAmount: false })),
      'POST credential': data(formData({ status: 'IN_PROGRESS', credentials: null })),
    });
    const { user, t } = await start();
    await user.click(screen.getByRole('button', { name: t('form.button.deposit') }));
    await settle();
    for (let retry = 1; retry <= 10; retry += 1) {
      expect(screen.getByRole('heading', { name: t('form.pending') })).toBeInTheDocument();
      await advance(1000);
      expect(server.callsTo('POST credential')).toHaveLength(retry + 1);
    }
    expect(screen.getByRole('heading', { name: t('form.header.fail') })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: t('form.button.continue') })).toHaveAttribute(
      'href',
      'https://shop.example/error',
    );
    await advance(10_000);
    expect(server.callsTo('POST credential')).toHaveLength(11);
  });

  it('requests credentials at once for a preset method', async () => {
    const server = stubPaymentServer({
      'POST init': data(formData({ paymentMethodName: 'Uzs' })),
      'POST credential': data(formData({ credentials: CARD_CREDENTIALS })),
    });
    const { t } = await start();
    expect(server.callsTo('POST credential')[0]?.body).toMatchObject({ paymentMethodId: 2 });
    expect(screen.getByRole('heading', { name: t('form.header.deposit') })).toBeInTheDocument();
  });

  it('tells the customer of a test payment to send no money, and only then', async () => {
    const sandbox = {
      value: '0000000000000000',
      owner: 'TEST PAYMENT, SEND NO MONEY',
      country_code: null,
      bank_name: 'Sandbox',
      type: 'card' as const,
    };
    stubPaymentServer({
      'POST init': data(formData({ paymentMethodName: 'Uzs', isTest: true })),
      'POST credential': data(formData({ credentials: sandbox, isTest: true })),
    });
    const { t } = await start();
    expect(screen.getByRole('heading', { name: t('form.header.deposit') })).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent(t('form.text.testPayment'));
    expect(screen.getByText('0000 0000 0000 0000')).toBeInTheDocument();
  });

  it('shows no test-payment note on a real payment', async () => {
    stubPaymentServer({
      'POST init': data(formData({ paymentMethodName: 'Uzs' })),
      'POST credential': data(formData({ credentials: CARD_CREDENTIALS })),
    });
    const { t } = await start();
    expect(screen.getByRole('heading', { name: t('form.header.deposit') })).toBeInTheDocument();
    expect(screen.queryByText(t('form.text.testPayment'))).not.toBeInTheDocument();
  });

  it('an error goes to Fail with the invoice id to copy and the error URL', async () => {
    stubPaymentServer({
      'POST init': data(formData({ methods: [HUMO] })),
      'POST credential': failure(409, 'No account available for this amount'),
    });
    const { user, t } = await start();
    await user.click(screen.getByRole('button', { name: t('form.button.deposit') }));
    await settle();
    expect(screen.getByRole('heading', { name: 'Fail' })).toBeInTheDocument();
    expect(screen.getByText('Something went wrong')).toBeInTheDocument();
    expect(screen.getByText('inv-7f3a')).toBeInTheDocument();
    const copy = screen.getByRole('button', { name: 'Copy Invoice ID' });
    await user.click(copy);
    expect(await navigator.clipboard.readText()).toBe('inv-7f3a');
    expect(copy).toHaveTextContent('Copied');
    expect(screen.getByRole('link', { name: 'Continue' })).toHaveAttribute(
      'href',
      'https://shop.example/error',
    );
  });

  it('a customer holding too many unfinished payments (409) stays on the amount step and is told to come back', async () => {
    const server = stubPaymentServer({
      'POST init': data(formData({ methods: [HUMO] })),
      'POST credential': failure(
        409,
        'Too many unfinished payments. Finish one of them or wait for it to expire, then try again.',
        'too_many_open_payments',
      ),
    });
    const { user, t } = await start();
    const deposit = screen.getByRole('button', { name: t('form.button.deposit') });
    await user.click(deposit);
    await settle();
    expect(await screen.findByText(t('form.toast.tooManyOpen'))).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Fail' })).not.toBeInTheDocument();
    // Still the amount step: the customer may try again.
    await user.click(screen.getByRole('button', { name: t('form.button.deposit') }));
    await settle();
    expect(server.callsTo('POST credential')).toHaveLength(2);
  });

  it('another method for a deposit whose requisites were reserved meanwhile (409) resumes the requisites', async () => {
    // This page was opened before another tab of the same payment got requisites with Humo.
    const reserved = formData({
      status: 'IN_PROGRESS',
      amount: 500_000,
      reservedAmount: 500_000,
      paymentMethodName: 'Humo',
      credentials: CARD_CREDENTIALS,
    });
    const server = stubPaymentServer({
      'POST init': (_body, call) => data(call === 0 ? formData() : reserved),
      'POST credential': (body) =>
        (body as { paymentMethodId: number }).paymentMethodId === HUMO.id
          ? data(reserved)
          : failure(409, 'A payment method has already been chosen', 'payment_method_chosen'),
    });
    const { user, t } = await start();
    await user.click(screen.getByRole('button', { name: /^Uzs/ }));
    await user.click(screen.getByRole('button', { name: t('form.button.deposit') }));
    await settle();

    // The server keeps the requisites it reserved: the form reads the payment again and shows
    // them, instead of failing.
    expect(server.callsTo('POST init')).toHaveLength(2);
    expect(server.callsTo('POST credential').map((call) => call.body)).toMatchObject([
      { paymentMethodId: UZCARD.id },
      { paymentMethodId: HUMO.id, amount: 500_000 },
    ]);
    expect(screen.getByRole('heading', { name: t('form.header.deposit') })).toBeInTheDocument();
    expect(screen.getByText('8600 1234 1234 1234')).toBeInTheDocument();
  });

  it('a payment confirmed before "I have paid" shows Success, not a failure', async () => {
    const form = { methods: [HUMO], paymentMethodName: 'Humo' };
    const server = stubPaymentServer({
      'POST init': data(formData(form)),
      'POST credential': data(formData({ ...form, credentials: CARD_CREDENTIALS })),
      'POST complete': failure(409, 'The payment is already finished'),
      'POST status': data({ status: 'DONE', invoiceId: 'inv-7f3a' }),
    });
    const { user, t } = await start();
    await user.click(screen.getByRole('button', { name: t('form.button.paid') }));
    await settle();
    expect(server.callsTo('POST status')).toHaveLength(1);
    expect(screen.getByRole('heading', { name: t('form.header.success') })).toBeInTheDocument();
  });

  it('a 410 payment_canceled while asking shows Fail, to the cancel URL', async () => {
    stubPaymentServer({
      'POST init': data(formData({ methods: [HUMO] })),
      'POST credential': failure(410, 'The payment was cancelled', 'payment_canceled'),
    });
    const { user, t } = await start();
    await user.click(screen.getByRole('button', { name: t('form.button.deposit') }));
    await settle();
    expect(screen.getByRole('heading', { name: t('form.header.fail') })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: t('form.button.continue') })).toHaveAttribute(
      'href',
      'https://shop.example/cancel',
    );
  });

  it('a 410 while asking shows the expired screen', async () => {
    stubPaymentServer({
      'POST init': data(formData({ methods: [HUMO] })),
      'POST credential': failure(410, 'The payment has expired'),
    });
    const { user, t } = await start();
    await user.click(screen.getByRole('button', { name: t('form.button.deposit') }));
    await settle();
    expect(screen.getByRole('heading', { name: t('form.header.expired') })).toBeInTheDocument();
  });

  it('shows a phone number to pay to for by_mobile requisites', async () => {
    stubPaymentServer({
      'POST init': data(formData({ methods: [HUMO], paymentMethodName: 'Humo' })),
      'POST credential': data(
        formData({
          credentials: { ...CARD_CREDENTIALS, type: 'by_mobile', value: '+998901234567' },
        }),
      ),
    });
    const { user } = await start();
    expect(screen.getByText('+998 90 123 45 67')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Copy Phone number' }));
    expect(await navigator.clipboard.readText()).toBe('+998901234567');
    expect(screen.queryByRole('button', { name: 'Copy Card number' })).toBeNull();
  });
});

describe('amount step (SPEC §2, §5)', () => {
  it('shows the method and its limits; plus and minus stay within them', async () => {
    stubPaymentServer({
      'POST init': data(
        formData({
          amount: 300_000,
          methods: [{ ...HUMO, minAmount: 200_000, maxAmount: 400_000 }],
        }),
      ),
    });
    const { user } = await start();
    expect(screen.getByText('Humo')).toBeInTheDocument();
    expect(screen.getByText('From 2000.00 UZS to 4000.00 UZS')).toBeInTheDocument();
    const amount = screen.getByRole('status', { name: 'Amount' });
    const plus = screen.getByRole('button', { name: 'Increase the amount by 1000.00 UZS' });
    const minus = screen.getByRole('button', { name: 'Decrease the amount by 1000.00 UZS' });
    await user.click(plus);
    expect(amount).toHaveTextContent('4000.00 UZS');
    expect(plus).toBeDisabled();
    await user.click(minus);
    await user.click(minus);
    expect(amount).toHaveTextContent('2000.00 UZS');
    expect(minus).toBeDisabled();
  });

  it('never goes down to zero, though the currency and method minimums are zero', async () => {
    stubPaymentServer({
      'POST init': data(
        formData({
          amount: 100_000,
          currencyInfo: { ...UZS, minValue: 0 },
          methods: [{ ...HUMO, minAmount: 0 }],
        }),
      ),
    });
    await start();
    // The server refuses a payment of nothing; the form says so before sending one.
    expect(screen.getByText('From 0.01 UZS to 20000000.00 UZS')).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Decrease the amount by 1000.00 UZS' }),
    ).toBeDisabled();
  });

  it('offers the quick amounts within the limits', async () => {
    stubPaymentServer({
      'POST init': data(formData({ methods: [{ ...HUMO, maxAmount: 5_000_000 }] })),
    });
    const { user } = await start();
    const quick = within(screen.getByRole('group', { name: 'Quick amounts' }));
    expect(quick.getAllByRole('button').map((button) => button.textContent)).toEqual([
      '1000.00 UZS',
      '10000.00 UZS',
      '50000.00 UZS',
      '100000.00 UZS',
    ]);
    expect(quick.getByRole('button', { name: '100000.00 UZS' })).toBeDisabled();
    await user.click(quick.getByRole('button', { name: '50000.00 UZS' }));
    expect(screen.getByRole('status', { name: 'Amount' })).toHaveTextContent('50000.00 UZS');
    expect(quick.getByRole('button', { name: '50000.00 UZS' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('cannot go on with an amount outside the limits', async () => {
    stubPaymentServer({ 'POST init': data(formData({ amount: 50_000, methods: [HUMO] })) });
    await start();
    expect(
      screen.getByText('Choose an amount from 1000.00 UZS to 20000000.00 UZS'),
    ).toHaveAttribute('role', 'alert');
    expect(screen.getByRole('button', { name: 'Deposit' })).toBeDisabled();
  });
});

describe('countdown button (SPEC §2)', () => {
  const renderAmountStep = async (expiredIn: string) => {
    stubPaymentServer({ 'POST init': data(formData({ methods: [HUMO], expiredIn })) });
    await start();
    return screen.getByRole('button', { name: 'Deposit' });
  };

  it('shows HH:MM:SS within a day and counts down every second', async () => {
    const button = await renderAmountStep(inMinutes(15));
    expect(button).toHaveAccessibleDescription('Time left 00:15:00');
    await advance(1000);
    expect(button).toHaveAccessibleDescription('Time left 00:14:59');
    await advance(60_000);
    expect(button).toHaveAccessibleDescription('Time left 00:13:59');
  });

  it('shows days when more than a day is left, in the language of the form', async () => {
    const button = await renderAmountStep(inMinutes(2 * 24 * 60 + 5));
    expect(button).toHaveTextContent('2 d');
  });

  it('turns red once hours and minutes are gone', async () => {
    const button = await renderAmountStep(new Date(NOW.getTime() + 61_000).toISOString());
    const timer = () => button.querySelector('.pf-timer');
    expect(timer()).not.toHaveAttribute('data-critical');
    await advance(1000);
    expect(timer()).toHaveTextContent('00:01:00');
    expect(timer()).not.toHaveAttribute('data-critical');
    await advance(1000);
    expect(timer()).toHaveTextContent('00:00:59');
    expect(timer()).toHaveAttribute('data-critical');
  });

  it('shows the expired screen at the deadline, with the way back to the shop', async () => {
    await renderAmountStep(new Date(NOW.getTime() + 3_000).toISOString());
    await advance(2_999);
    expect(screen.getByRole('button', { name: 'Deposit' })).toBeInTheDocument();
    await advance(1);
    expect(screen.getByRole('heading', { name: 'This payment has expired' })).toHaveFocus();
    expect(liveRegion()).toHaveTextContent('This payment has expired');
    expect(screen.getByRole('link', { name: 'Continue' })).toHaveAttribute(
      'href',
      'https://shop.example/error',
    );
  });

  it('also ends the requisites step at the deadline', async () => {
    const form = { methods: [HUMO], paymentMethodName: 'Humo', expiredIn: inMinutes(1) };
    stubPaymentServer({
      'POST init': data(formData(form)),
      'POST credential': data(formData({ ...form, credentials: CARD_CREDENTIALS })),
    });
    await start();
    expect(screen.getByRole('button', { name: 'I have paid' })).toHaveAccessibleDescription(
      'Time left 00:01:00',
    );
    await advance(60_000);
    expect(screen.getByRole('heading', { name: 'This payment has expired' })).toBeInTheDocument();
  });

  describe('reads the payment first: it may have moved on (decision 0026)', () => {
    const form = { methods: [HUMO], paymentMethodName: 'Humo', expiredIn: inMinutes(1) };
    const atDeadline = async (reread: () => ReturnType<typeof data>, status = 'IN_PROGRESS') => {
      // The requisites step polls IN_PROGRESS until the payment is read at the deadline.
      let read = false;
      const server = stubPaymentServer({
        'POST init': (_body, call) => {
          if (call === 0) return data(formData(form));
          read = true;
          return reread();
        },
        'POST credential': data(formData({ ...form, credentials: CARD_CREDENTIALS })),
        'POST status': () => data({ status: read ? status : 'IN_PROGRESS', invoiceId: 'inv-7f3a' }),
      });
      const started = await start();
      expect(screen.getByRole('button', { name: 'I have paid' })).toBeInTheDocument();
      await advance(60_000);
      expect(server.callsTo('POST init')).toHaveLength(2);
      return { server, ...started };
    };

    it('marked paid (in another tab) or PAYED: Processing, polled', async () => {
      const paid = { ...form, status: 'IN_PROGRESS', customerMarkedPaid: true };
      const { server, t } = await atDeadline(() => data(formData(paid)));
      expect(screen.getByText(t('form.text.processing'))).toBeInTheDocument();
      const polls = server.callsTo('POST status').length;
      await advance(PAYMENT_STATUS_POLL_MS);
      expect(server.callsTo('POST status').length).toBeGreaterThan(polls);
    });

    it('PAYED: Processing', async () => {
      const { t } = await atDeadline(() => data(formData({ ...form, status: 'PAYED' })));
      expect(screen.getByText(t('form.text.processing'))).toBeInTheDocument();
    });

    it('finished (409) DONE: Success', async () => {
      const { t } = await atDeadline(() => failure(409, 'The payment is already finished'), 'DONE');
      expect(screen.getByRole('heading', { name: t('form.header.success') })).toBeInTheDocument();
    });

    it('cancelled (410) CANCELED: Fail, to the cancel URL', async () => {
      const { t } = await atDeadline(
        () => failure(410, 'The payment was cancelled', 'payment_canceled'),
        'CANCELED',
      );
      expect(screen.getByRole('heading', { name: t('form.header.fail') })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: t('form.button.continue') })).toHaveAttribute(
        'href',
        'https://shop.example/cancel',
      );
    });

    it('expired (410) while still open, or unreadable: the expired screen', async () => {
      await atDeadline(() => failure(410, 'The payment has expired', 'payment_expired'));
      expect(screen.getByRole('heading', { name: 'This payment has expired' })).toBeInTheDocument();
    });

    it('unreadable: the expired screen', async () => {
      await atDeadline(noAnswer);
      expect(screen.getByRole('heading', { name: 'This payment has expired' })).toBeInTheDocument();
    });
  });
});

/**
 * Humo chosen, the amount raised to 6000.00 UZS and sent; the server reserves the requisites for
 * it; then Back to the amount step. `methods` as the form data offers them at first,
 * `answerMethods` as the credential answer does (limits changed meanwhile).
 */
const backFromReservedRequisites = async (
  methods = formData().methods,
  answerMethods = methods,
) => {
  const server = stubPaymentServer({
    'POST init': data(formData({ methods })),
    'POST credential': data(
      formData({
        methods: answerMethods,
        status: 'IN_PROGRESS',
        amount: 600_000,
        paymentMethodName: 'Humo',
        credentials: CARD_CREDENTIALS,
      }),
    ),
  });
  const { user, t } = await start();
  const increase = () =>
    screen.getByRole('button', { name: t('form.amount.increase', { step: '1000.00 UZS' }) });
  await user.click(screen.getByRole('button', { name: /^Humo/ }));
  await user.click(increase());
  expect(screen.queryByText(t('form.amount.reserved'))).toBeNull();
  await user.click(screen.getByRole('button', { name: t('form.button.deposit') }));
  await settle();
  await user.click(screen.getByRole('button', { name: t('form.button.back') }));
  return { server, user, t, increase };
};

describe('back button (SPEC §2, §4)', () => {
  it('goes from Credential to Init to Method when the amount can change', async () => {
    stubPaymentServer({
      'POST init': data(formData()),
      'POST credential': data(formData({ credentials: CARD_CREDENTIALS })),
    });
    const { user } = await start();
    await user.click(screen.getByRole('button', { name: /^Humo/ }));
    await user.click(screen.getByRole('button', { name: 'Deposit' }));
    await settle();
    expect(screen.getByRole('heading', { name: 'Payment details' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('heading', { name: 'Amount to pay' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('heading', { name: 'Choose a payment method' })).toBeInTheDocument();
  });

  it('after the requisites, shows their amount fixed on the amount step and says why (decision 0011)', async () => {
    const { server, user, t, increase } = await backFromReservedRequisites();
    const decrease = () =>
      screen.getByRole('button', { name: t('form.amount.decrease', { step: '1000.00 UZS' }) });

    // The server keeps the requisites, whatever amount is asked next: the amount is shown fixed,
    // and the step's heading (which has the focus) and the amount say why.
    const heading = screen.getByRole('heading', { name: t('form.header.amount') });
    expect(heading).toHaveFocus();
    expect(heading).toHaveAccessibleDescription(t('form.amount.reserved'));
    const amount = screen.getByRole('status', { name: t('form.amount.label') });
    expect(amount).toHaveTextContent('6000.00 UZS');
    expect(amount).toHaveAccessibleDescription(t('form.amount.reserved'));
    expect(increase()).toBeDisabled();
    expect(decrease()).toBeDisabled();
    const quick = within(screen.getByRole('group', { name: t('form.amount.quick') }));
    for (const button of quick.getAllByRole('button')) expect(button).toBeDisabled();

    // The keyboard goes from the heading to Deposit, which gives the same requisites again.
    await user.tab();
    expect(screen.getByRole('button', { name: t('form.button.deposit') })).toHaveFocus();
    await user.keyboard('{Enter}');
    await settle();
    expect(server.callsTo('POST credential').map((call) => call.body)).toMatchObject([
      { amount: 600_000 },
      { amount: 600_000 },
    ]);
    expect(screen.getByRole('heading', { name: t('form.header.deposit') })).not.toHaveAttribute(
      'aria-describedby',
    );
  });

  it('after the requisites, offers only the method they were issued with and says why (decision 0011)', async () => {
    const { server, user, t } = await backFromReservedRequisites();
    await user.click(screen.getByRole('button', { name: t('form.button.back') }));

    const note = t('form.method.reserved', { amount: '6000.00 UZS', method: 'Humo' });
    const heading = screen.getByRole('heading', { name: t('form.header.method') });
    expect(heading).toHaveFocus();
    expect(heading).toHaveAccessibleDescription(note);
    expect(screen.getByRole('button', { name: /^Uzs/ })).toBeDisabled();
    const humo = screen.getByRole('button', { name: /^Humo/ });
    expect(humo).toBeEnabled();

    // The keyboard goes from the heading to Humo, then on to the same requisites.
    await user.tab();
    expect(humo).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('status', { name: t('form.amount.label') })).toHaveTextContent(
      '6000.00 UZS',
    );
    await user.click(screen.getByRole('button', { name: t('form.button.deposit') }));
    await settle();
    expect(server.callsTo('POST credential').map((call) => call.body)).toMatchObject([
      { amount: 600_000, paymentMethodId: HUMO.id },
      { amount: 600_000, paymentMethodId: HUMO.id },
    ]);
  });

  it('after the requisites, lets the reserved amount go when the limits of its method leave it out now', async () => {
    const { server, user, t } = await backFromReservedRequisites(formData().methods, [
      { ...HUMO, maxAmount: 550_000 },
      UZCARD,
    ]);

    // 6000.00 UZS is above Humo's 5500.00 now, but it cannot change: no refusal, and Deposit goes.
    expect(screen.getByRole('status', { name: t('form.amount.label') })).toHaveTextContent(
      '6000.00 UZS',
    );
    expect(
      screen.queryByText(t('form.amount.outOfLimits', { min: '1000.00 UZS', max: '5500.00 UZS' })),
    ).toBeNull();
    const deposit = screen.getByRole('button', { name: t('form.button.deposit') });
    expect(deposit).toBeEnabled();
    await user.click(deposit);
    await settle();
    expect(server.callsTo('POST credential')).toHaveLength(2);
  });

  it('says on the requisites when they keep another amount than the one asked (a page opened before them)', async () => {
    // Requisites reserved meanwhile, in another tab, for 5000.00 UZS: the server keeps them.
    const server = stubPaymentServer({
      'POST init': data(formData()),
      'POST credential': data(
        formData({
          status: 'IN_PROGRESS',
          reservedAmount: 500_000,
          paymentMethodName: 'Humo',
          credentials: CARD_CREDENTIALS,
        }),
      ),
    });
    const { user, t } = await start('ru');
    await user.click(screen.getByRole('button', { name: /^Humo/ }));
    await user.click(
      screen.getByRole('button', { name: t('form.amount.increase', { step: '1000.00 UZS' }) }),
    );
    await user.click(screen.getByRole('button', { name: t('form.button.deposit') }));
    await settle();
    expect(server.callsTo('POST credential')[0]?.body).toMatchObject({ amount: 600_000 });

    const note = t('form.text.amountNotTaken', { chosen: '6000.00 UZS', amount: '5000.00 UZS' });
    expect(note).toBe(
      'Выбранная сумма 6000.00 UZS не учтена: эти реквизиты уже выданы на 5000.00 UZS.',
    );
    expect(screen.getByText(note)).toBeInTheDocument();
    const heading = screen.getByRole('heading', { name: t('form.header.deposit') });
    expect(heading).toHaveFocus();
    expect(heading).toHaveAccessibleDescription(note);
  });

  it('is absent with a fixed amount and one method', async () => {
    stubPaymentServer({
      'POST init': data(formData({ methods: [HUMO], canChangeAmount: false })),
      'POST credential': data(
        formData({ methods: [HUMO], canChangeAmount: false, credentials: CARD_CREDENTIALS }),
      ),
    });
    const { user } = await start();
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Deposit' }));
    await settle();
    expect(screen.getByRole('heading', { name: 'Payment details' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
  });

  it('is never shown for RUB', async () => {
    const rub = { currencyInfo: RUB, methods: [SBP, { ...SBP, id: 6, name: 'Sberbank' }] };
    stubPaymentServer({
      'POST init': data(formData(rub)),
      'POST credential': data(formData({ ...rub, credentials: CARD_CREDENTIALS })),
    });
    const { user } = await start();
    await user.click(screen.getByRole('button', { name: /^Sberbank/ }));
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Deposit' }));
    await settle();
    expect(screen.getByRole('heading', { name: 'Payment details' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
  });
});

describe('completing', () => {
  it('an error goes to Fail and the error URL', async () => {
    stubPaymentServer({
      'POST init': data(formData({ methods: [HUMO], paymentMethodName: 'Humo' })),
      'POST credential': data(formData({ credentials: CARD_CREDENTIALS })),
      'POST complete': failure(400, 'Choose a payment method first'),
    });
    const { user } = await start();
    await user.click(screen.getByRole('button', { name: 'I have paid' }));
    await settle();
    expect(screen.getByRole('heading', { name: 'Fail' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue' })).toHaveAttribute(
      'href',
      'https://shop.example/error',
    );
  });

  it('a 410 payment_canceled goes to Fail and the cancel URL, not the expired screen', async () => {
    stubPaymentServer({
      'POST init': data(formData({ methods: [HUMO], paymentMethodName: 'Humo' })),
      'POST credential': data(formData({ credentials: CARD_CREDENTIALS })),
      'POST complete': failure(410, 'The payment was cancelled', 'payment_canceled'),
    });
    const { user } = await start();
    await user.click(screen.getByRole('button', { name: 'I have paid' }));
    await settle();
    expect(screen.getByRole('heading', { name: 'Fail' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue' })).toHaveAttribute(
      'href',
      'https://shop.example/cancel',
    );
  });

  describe('an answer lost (none, or a 5xx): the payment is read before failing (decision 0026)', () => {
    const deposit = { methods: [HUMO], paymentMethodName: 'Humo' };
    const payOnce = async (
      complete: (call: number) => ReturnType<typeof data>,
      reread: () => ReturnType<typeof data>,
      status = 'IN_PROGRESS',
    ) => {
      const server = stubPaymentServer({
        'POST init': (_body, call) => (call === 0 ? data(formData(deposit)) : reread()),
        'POST credential': data(
          formData({ ...deposit, status: 'IN_PROGRESS', credentials: CARD_CREDENTIALS }),
        ),
        'POST complete': (_body, call) => complete(call),
        'POST status': data({ status, invoiceId: 'inv-7f3a' }),
      });
      const started = await start();
      await started.user.click(screen.getByRole('button', { name: 'I have paid' }));
      await settle();
      return { server, ...started };
    };

    it('"I have paid" taken though its answer was lost (502): Processing', async () => {
      const marked = { ...deposit, status: 'IN_PROGRESS', customerMarkedPaid: true };
      const { server, t } = await payOnce(
        () => failure(502, 'Bad Gateway'),
        () => data(formData(marked)),
      );
      expect(server.callsTo('POST init')).toHaveLength(2);
      expect(screen.getByText(t('form.text.processing'))).toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: 'Fail' })).toBeNull();
    });

    it('ended meanwhile (no answer, then init 409 and DONE): Success', async () => {
      const { t } = await payOnce(
        noAnswer,
        () => failure(409, 'The payment is already finished'),
        'DONE',
      );
      expect(screen.getByRole('heading', { name: t('form.header.success') })).toBeInTheDocument();
    });

    it('not taken (no answer, still not marked paid): the requisites again, with a notice; a second press goes through', async () => {
      const open = { ...deposit, status: 'IN_PROGRESS', credentials: CARD_CREDENTIALS };
      const { server, user, t } = await payOnce(
        (call) => (call === 0 ? noAnswer() : data({ successUrl: null })),
        () => data(formData(open)),
      );
      expect(screen.getByText(t('form.toast.connectionLost'))).toBeInTheDocument();
      expect(screen.getByRole('heading', { name: t('form.header.deposit') })).toBeInTheDocument();
      expect(screen.getByText('8600 1234 1234 1234')).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'I have paid' }));
      await settle();
      expect(server.callsTo('POST complete')).toHaveLength(2);
      expect(screen.getByText(t('form.text.processing'))).toBeInTheDocument();
    });

    it('nothing can be read either: Fail and the error URL (SPEC §4)', async () => {
      await payOnce(noAnswer, noAnswer);
      expect(screen.getByRole('heading', { name: 'Fail' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Continue' })).toHaveAttribute(
        'href',
        'https://shop.example/error',
      );
    });

    it('a definite 4xx is not read again: Fail', async () => {
      const { server } = await payOnce(
        () => failure(400, 'Choose a payment method first'),
        () => data(formData(deposit)),
      );
      expect(server.callsTo('POST init')).toHaveLength(1);
      expect(screen.getByRole('heading', { name: 'Fail' })).toBeInTheDocument();
    });
  });

  it('a confirmed payout whose answer was lost, the payout not asked: the same step, the phone kept, with a notice', async () => {
    const withdrawal: Partial<PaymentFormData> = {
      type: 'withdrawal',
      currencyInfo: RUB,
      methods: [{ ...HUMO, name: 'Tinkoff', code: 'TCSBRUB', minAmount: 10_000 }],
      canChangeAmount: false,
      amount: 150_000,
      paymentMethodName: 'Tinkoff',
    };
    const server = stubPaymentServer({
      'POST init': data(formData(withdrawal)),
      'POST credential': data(formData(withdrawal)),
      'POST complete': (_body, call) =>
        call === 0 ? failure(504, 'Gateway Timeout') : data({ successUrl: null }),
      'POST status': data({ status: 'IN_PROGRESS', invoiceId: 'inv-7f3a' }),
    });
    const { user, t } = await start();
    const phone = screen.getByRole('textbox', { name: t('form.field.phone') });
    await user.type(phone, '9123456789');
    await user.click(screen.getByRole('button', { name: t('form.button.withdraw') }));
    // Confirmed (decision 0011), then the answer is lost.
    await user.click(screen.getByRole('button', { name: t('form.button.confirm') }));
    await settle();
    expect(server.callsTo('POST init')).toHaveLength(2);
    expect(screen.getByText(t('form.toast.connectionLost'))).toBeInTheDocument();
    // The confirmation stays, with the same number, and Confirm has the focus back.
    const confirm = screen.getByRole('button', { name: t('form.button.confirm') });
    expect(confirm).toBeEnabled();
    expect(confirm).toHaveFocus();
    expect(
      screen.getByRole('region', { name: t('form.header.confirmWithdrawal') }),
    ).toHaveTextContent('+7 (912) 345-67-89');
    await user.click(screen.getByRole('button', { name: t('form.button.change') }));
    expect(screen.getByRole('textbox', { name: t('form.field.phone') })).toHaveValue(
      '+7 (912) 345-67-89',
    );
    await user.click(screen.getByRole('button', { name: t('form.button.withdraw') }));
    await user.click(screen.getByRole('button', { name: t('form.button.confirm') }));
    await settle();
    expect(server.callsTo('POST complete').map((call) => call.body)).toEqual([
      { formId: expect.any(String), credential: '79123456789' },
      { formId: expect.any(String), credential: '79123456789' },
    ]);
    expect(screen.getByRole('heading', { name: '+1500.00 RUB' })).toBeInTheDocument();
  });

  it('a confirmed payout taken though its answer was lost: Processing', async () => {
    const withdrawal: Partial<PaymentFormData> = {
      type: 'withdrawal',
      methods: [HUMO],
      canChangeAmount: false,
      paymentMethodName: 'Humo',
    };
    stubPaymentServer({
      'POST init': (_body, call) =>
        data(formData(call === 0 ? withdrawal : { ...withdrawal, status: 'IN_PROGRESS' })),
      'POST credential': data(formData(withdrawal)),
      'POST complete': () => noAnswer(),
      'POST status': data({ status: 'IN_PROGRESS', invoiceId: 'inv-7f3a' }),
    });
    const { user, t } = await start();
    await user.type(screen.getByRole('textbox', { name: t('form.field.phone') }), '+998901234567');
    await user.click(screen.getByRole('button', { name: t('form.button.withdraw') }));
    await user.click(screen.getByRole('button', { name: t('form.button.confirm') }));
    await settle();
    expect(screen.getByText(t('form.text.processing'))).toBeInTheDocument();
  });

  it('leads protocol-relative to a redirect URL without http', async () => {
    stubPaymentServer({
      'POST init': data(processingForm({ cancelUrl: 'shop.example/cancel' })),
      'POST status': data({ status: 'DECLINED', invoiceId: 'inv-7f3a' }),
    });
    await start();
    expect(screen.getByRole('link', { name: 'Continue' })).toHaveAttribute(
      'href',
      '//shop.example/cancel',
    );
  });

  it('offers no continue button for an unsafe or missing URL', async () => {
    stubPaymentServer({
      'POST init': data(processingForm({ cancelUrl: 'javascript:alert(1)', errorUrl: null })),
      'POST status': data({ status: 'DECLINED', invoiceId: 'inv-7f3a' }),
    });
    await start();
    expect(screen.getByRole('heading', { name: 'Fail' })).toBeInTheDocument();
    expect(screen.queryByRole('link')).toBeNull();
  });
});
