import type { PaymentFormData } from '@paygate/api/payment-form';
import { SUPPORTED_LANGUAGES } from '@paygate/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  advance,
  BANKS,
  CARD_CREDENTIALS,
  data,
  FORM_ID,
  formData,
  HUMO,
  RUB,
  SBP,
  settle,
  stubPaymentServer,
  useFormFakeTimers,
} from '../../testing/payment-server.ts';
import { renderPayment } from '../../testing/render-payment.tsx';

// Hoisted above the imports, so it loads the helper itself.
vi.mock('@paygate/domain', async (importOriginal) =>
  (await import('../../testing/payment-server.ts')).mockSupportCode(importOriginal),
);

const liveRegion = () => document.querySelector('.pf-page > p[role="status"]');

beforeEach(() => useFormFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** SPEC: a customer completes a deposit and an SBP withdrawal in each language. */
describe.each(SUPPORTED_LANGUAGES)('payment journeys in %s', (language) => {
  it('a deposit: method, amount, requisites with copy, I have paid, processing, success', async () => {
    const depositAnswer = formData({
      status: 'IN_PROGRESS',
      amount: 600_000,
      paymentMethodName: 'Humo',
      credentials: CARD_CREDENTIALS,
    });
    let status = 'IN_PROGRESS';
    const server = stubPaymentServer({
      'POST init': data(formData()),
      'POST credential': data(depositAnswer),
      'POST complete': data({ successUrl: 'https://shop.example/thanks' }),
      'POST status': () => data({ status, invoiceId: 'inv-7f3a' }),
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { t } = await renderPayment({ language });
    await settle();

    // Method: both methods with their limits.
    expect(screen.getByRole('heading', { name: t('form.header.method') })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: /^Humo/ }));

    // Amount step: plus by 1000.00 UZS, then Deposit.
    expect(screen.getByRole('heading', { name: t('form.header.amount') })).toBeInTheDocument();
    expect(screen.getByText('Humo')).toBeInTheDocument();
    await user.click(
      screen.getByRole('button', { name: t('form.amount.increase', { step: '1000.00 UZS' }) }),
    );
    expect(screen.getByRole('status', { name: t('form.amount.label') })).toHaveTextContent(
      '6000.00 UZS',
    );
    await user.click(screen.getByRole('button', { name: t('form.button.deposit') }));
    await settle();
    expect(server.callsTo('POST credential')[0]?.body).toEqual({
      formId: FORM_ID,
      amount: 600_000,
      paymentMethodId: 1,
      supportCode: `support:${FORM_ID}:key-1`,
    });

    // Credential: read-only requisites with copy buttons.
    expect(screen.getByRole('heading', { name: t('form.header.deposit') })).toBeInTheDocument();
    expect(screen.getByText('8600 1234 1234 1234')).toBeInTheDocument();
    expect(screen.getByText('Ivan Petrov')).toBeInTheDocument();
    expect(screen.getByText('Kapitalbank')).toBeInTheDocument();
    const copyCard = screen.getByRole('button', {
      name: `${t('form.copy')} ${t('form.field.cardNumber')}`,
    });
    await user.click(copyCard);
    expect(await navigator.clipboard.readText()).toBe('8600123412341234');
    expect(copyCard).toHaveTextContent(t('form.copied'));
    await user.click(
      screen.getByRole('button', { name: `${t('form.copy')} ${t('form.field.amount')}` }),
    );
    expect(await navigator.clipboard.readText()).toBe('6000.00');
    await user.click(
      screen.getByRole('button', { name: `${t('form.copy')} ${t('form.field.owner')}` }),
    );
    expect(await navigator.clipboard.readText()).toBe('Ivan Petrov');

    await user.click(screen.getByRole('button', { name: t('form.button.paid') }));
    await settle();
    expect(server.callsTo('POST complete')[0]?.body).toEqual({ formId: FORM_ID });

    // Processing: plus sign, amount, text, spinner; announced.
    expect(screen.getByRole('heading', { name: '+6000.00 UZS' })).toBeInTheDocument();
    expect(screen.getByText(t('form.text.processing'))).toBeInTheDocument();
    expect(liveRegion()).toHaveTextContent(t('form.announce.processing'));

    status = 'DONE';
    await advance(5000);
    expect(screen.getByRole('heading', { name: t('form.header.success') })).toBeInTheDocument();
    expect(screen.getByText(t('form.text.success'))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: t('form.button.continue') })).toHaveAttribute(
      'href',
      'https://shop.example/thanks',
    );
    expect(liveRegion()).toHaveTextContent(t('form.announce.success'));
  });

  it('a deposit on a bad network: "I have paid" unanswered, told to try again, then success (decision 0026)', async () => {
    const requisites = formData({
      methods: [HUMO],
      status: 'IN_PROGRESS',
      paymentMethodName: 'Humo',
      credentials: CARD_CREDENTIALS,
    });
    let status = 'IN_PROGRESS';
    let statusAnswered = 0;
    const server = stubPaymentServer({
      'POST init': (_body, call) =>
        data(call === 0 ? formData({ methods: [HUMO], paymentMethodName: 'Humo' }) : requisites),
      'POST credential': data(requisites),
      'POST complete': (_body, call) => {
        if (call === 0) throw new TypeError('Failed to fetch');
        return data({ successUrl: null });
      },
      // Processing: the first poll is lost, the next two answer.
      'POST status': () => {
        statusAnswered += 1;
        if (statusAnswered === 1) return { status: 503 };
        return data({ status, invoiceId: 'inv-7f3a' });
      },
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { t } = await renderPayment({ language });
    await settle();

    expect(screen.getByRole('heading', { name: t('form.header.deposit') })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: t('form.button.paid') }));
    await settle();
    // Not marked paid: the requisites stay, and the customer is told to press again.
    expect(screen.getByRole('alert')).toHaveTextContent(t('form.toast.connectionLost'));
    expect(screen.getByRole('heading', { name: t('form.header.deposit') })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: t('form.button.paid') }));
    await settle();
    expect(server.callsTo('POST complete')).toHaveLength(2);

    expect(screen.getByText(t('form.text.processing'))).toBeInTheDocument();
    await advance(5000);
    expect(screen.getByText(t('form.text.processing'))).toBeInTheDocument();
    status = 'DONE';
    await advance(5000);
    expect(screen.getByRole('heading', { name: t('form.header.success') })).toBeInTheDocument();
  });

  it('an SBP withdrawal: amount, phone and bank, read back and confirmed, processing, success', async () => {
    const withdrawal: Partial<PaymentFormData> = {
      type: 'withdrawal',
      currencyInfo: RUB,
      methods: [SBP],
      canChangeAmount: false,
      amount: 150_000,
    };
    let status = 'IN_PROGRESS';
    const server = stubPaymentServer({
      'POST init': data(formData(withdrawal)),
      'POST credential': data(formData({ ...withdrawal, paymentMethodName: 'Sbp' })),
      'GET banks/sbp': data(BANKS),
      'POST complete': data({ successUrl: null }),
      'POST status': () => data({ status, invoiceId: 'inv-7f3a' }),
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { t } = await renderPayment({ language });
    await settle();

    // Init with a fixed amount: no plus, minus or quick amounts; no back for RUB.
    expect(
      screen.getByRole('heading', { name: t('form.header.amountWithdrawal') }),
    ).toBeInTheDocument();
    expect(screen.getByRole('status', { name: t('form.amount.label') })).toHaveTextContent(
      '1500.00 RUB',
    );
    expect(screen.queryByRole('button', { name: /\+|−/ })).toBeNull();
    expect(screen.queryByRole('button', { name: t('form.button.back') })).toBeNull();
    await user.click(screen.getByRole('button', { name: t('form.button.withdrawal') }));
    await settle();

    expect(screen.getByRole('heading', { name: t('form.header.withdrawal') })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: t('form.button.back') })).toBeNull();
    const phone = screen.getByRole('textbox', { name: t('form.field.phone') });
    expect(phone).toHaveAccessibleDescription(t('form.field.phoneNumberHint'));
    await user.click(screen.getByRole('option', { name: 'T-Bank' }));
    expect(screen.getByText(t('form.field.selectedBank', { bank: 'T-Bank' }))).toBeInTheDocument();
    await user.type(phone, '9123456789');
    expect(phone).toHaveValue('+7 (912) 345-67-89');
    await user.click(screen.getByRole('button', { name: t('form.button.withdraw') }));
    await settle();

    // Read back before it is sent (decision 0011): the amount, the number and the bank.
    expect(server.callsTo('POST complete')).toHaveLength(0);
    const panel = screen.getByRole('region', { name: t('form.header.confirmWithdrawal') });
    expect(
      within(panel).getByRole('heading', { name: t('form.header.confirmWithdrawal') }),
    ).toHaveFocus();
    expect(within(panel).getByText(t('form.text.confirmWithdrawal'))).toBeInTheDocument();
    expect(within(panel).getByText('1500.00 RUB')).toBeInTheDocument();
    expect(within(panel).getByText('+7 (912) 345-67-89')).toBeInTheDocument();
    expect(within(panel).getByText('T-Bank')).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: t('form.button.confirm') }));
    await settle();
    expect(server.callsTo('POST complete')[0]?.body).toEqual({
      formId: FORM_ID,
      credential: '79123456789',
      bankCodeInteger: 100_000_000_004,
    });

    expect(screen.getByRole('heading', { name: '+1500.00 RUB' })).toBeInTheDocument();
    status = 'DONE';
    await advance(5000);
    expect(screen.getByRole('heading', { name: t('form.header.success') })).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('link')).toHaveAttribute(
      'href',
      'https://shop.example/success',
    );
  });
});
