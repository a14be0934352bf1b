import type { Bank, PaymentFormData } from '@paygate/api/payment-form';
import { BANK_SEARCH_DEBOUNCE_MS, TOAST_AUTO_HIDE_MS } from '@paygate/domain';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  advance,
  BANKS,
  data,
  FORM_ID,
  failure,
  formData,
  HUMO,
  type Reply,
  RUB,
  SBP,
  settle,
  stubPaymentServer,
  UZS,
  useFormFakeTimers,
} from '../../../testing/payment-server.ts';
import { renderPayment } from '../../../testing/render-payment.tsx';

vi.mock('@paygate/domain', async (importOriginal) =>
  (await import('../../../testing/payment-server.ts')).mockSupportCode(importOriginal),
);

const SBP_WITHDRAWAL: Partial<PaymentFormData> = {
  type: 'withdrawal',
  currencyInfo: RUB,
  methods: [SBP],
  canChangeAmount: false,
  amount: 150_000,
  paymentMethodName: 'Sbp',
};

beforeEach(() => useFormFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Opens the withdrawal Credential step (the preset method asks for it at once). */
const openWithdrawal = async ({
  language = 'en',
  form = SBP_WITHDRAWAL,
  banks = data(BANKS),
  handlers = {},
}: {
  language?: 'en' | 'ru' | 'uz';
  form?: Partial<PaymentFormData>;
  banks?: Reply | (() => Reply | Promise<Reply>);
  /** Other answers than these, by route. */
  handlers?: Parameters<typeof stubPaymentServer>[0];
} = {}) => {
  const server = stubPaymentServer({
    'POST init': data(formData(form)),
    'POST credential': data(formData(form)),
    'GET banks/sbp': banks,
    'POST complete': data({ successUrl: null }),
    'POST status': data({ status: 'IN_PROGRESS', invoiceId: 'inv-7f3a' }),
    ...handlers,
  });
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  const { t } = await renderPayment({ language });
  await settle();
  return {
    server,
    user,
    t,
    phone: () => screen.getByRole('textbox', { name: t('form.field.phone') }),
  };
};

const optionNames = () => screen.queryAllByRole('option').map((option) => option.textContent);

/** The confirmation of the payout (decision 0011), in English. */
const confirmation = () => screen.queryByRole('region', { name: 'Check the details' });

/** The customer reads the payout back and confirms it. */
const confirmPayout = async (user: ReturnType<typeof userEvent.setup>) => {
  expect(confirmation()).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Confirm' }));
  await settle();
};

describe('withdrawal phone (SPEC §5)', () => {
  it('masks the input as +7 (999) 999-99-99 and shows the hint', async () => {
    const { user, phone } = await openWithdrawal();
    expect(phone()).toHaveAttribute('placeholder', '+7 (999) 999-99-99');
    expect(phone()).toHaveAttribute('type', 'tel');
    expect(phone()).toHaveAccessibleDescription('The number must start with 9');
    await user.type(phone(), '912345');
    expect(phone()).toHaveValue('+7 (912) 345');
    await user.type(phone(), '6789123');
    expect(phone()).toHaveValue('+7 (912) 345-67-89');
    await user.clear(phone());
    await user.paste('8 (912) 345-67-89');
    expect(phone()).toHaveValue('+7 (912) 345-67-89');
  });

  it('says form.field.phoneNumberError once 10 digits do not start with 9', async () => {
    const { user, phone, t } = await openWithdrawal({ language: 'ru' });
    await user.type(phone(), '812345678');
    expect(phone()).not.toHaveAttribute('aria-invalid');
    await user.type(phone(), '9');
    expect(phone()).toHaveValue('+7 (812) 345-67-89');
    expect(phone()).toHaveAttribute('aria-invalid', 'true');
    expect(phone()).toHaveAccessibleDescription(
      `${t('form.field.phoneNumberHint')} ${t('form.field.phoneNumberError')}`,
    );
    expect(t('form.field.phoneNumberError')).toBe('Неверный номер: он должен начинаться с 9');
  });

  it("'Fill in the phone number' and focus when the phone is short", async () => {
    const { user, phone, server } = await openWithdrawal();
    await user.click(screen.getByRole('option', { name: 'Sberbank' }));
    await user.type(phone(), '91234');
    await user.click(screen.getByRole('button', { name: 'Confirm withdrawal' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Fill in the phone number');
    expect(phone()).toHaveFocus();
    // The SPEC's checks come first: nothing to confirm yet.
    expect(confirmation()).toBeNull();
    expect(server.callsTo('POST complete')).toHaveLength(0);
  });

  it("'Fill in the phone number' for a whole number that does not start with 9", async () => {
    const { user, phone, server } = await openWithdrawal();
    await user.click(screen.getByRole('option', { name: 'Sberbank' }));
    await user.type(phone(), '8123456789');
    await user.click(screen.getByRole('button', { name: 'Confirm withdrawal' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Fill in the phone number');
    expect(phone()).toHaveFocus();
    // The SPEC's checks come first: nothing to confirm yet.
    expect(confirmation()).toBeNull();
    expect(server.callsTo('POST complete')).toHaveLength(0);
  });

  it('the toast closes by itself after 5000 ms, or with its button', async () => {
    const { user } = await openWithdrawal({ language: 'uz' });
    await user.click(screen.getByRole('button', { name: 'Pul yechishni tasdiqlash' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Bankni tanlang');
    await advance(TOAST_AUTO_HIDE_MS - 1);
    expect(screen.getByRole('alert')).toHaveTextContent('Bankni tanlang');
    await advance(1);
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
    await user.click(screen.getByRole('button', { name: 'Pul yechishni tasdiqlash' }));
    await user.click(screen.getByRole('button', { name: 'Yopish' }));
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
  });

  it('takes a UZS number of +998 and 9 digits and sends it without +', async () => {
    const form = {
      ...SBP_WITHDRAWAL,
      currencyInfo: UZS,
      methods: [HUMO],
      paymentMethodName: 'Humo',
    };
    const { user, phone, server } = await openWithdrawal({ form });
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(phone()).toHaveAttribute('placeholder', '+998');
    expect(phone()).toHaveAccessibleDescription('Enter the number with the country code');
    await user.type(phone(), '+998 (90) 123-45-67');
    expect(phone()).toHaveValue('+998901234567');
    await user.click(screen.getByRole('button', { name: 'Confirm withdrawal' }));
    expect(confirmation()).toHaveTextContent('+998 90 123 45 67');
    await confirmPayout(user);
    expect(server.callsTo('POST complete')[0]?.body).toEqual({
      formId: FORM_ID,
      credential: '998901234567',
    });
  });

  it('keeps SPEC’s back button while the payout is read back, when the amount can change', async () => {
    const form = { ...withdrawalIn(UZS), canChangeAmount: true };
    const { user, phone, server, t } = await openWithdrawal({ form });
    await user.type(phone(), '+998901234567');
    await user.click(screen.getByRole('button', { name: 'Confirm withdrawal' }));
    expect(confirmation()).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: t('form.button.back') }));
    await settle();
    expect(confirmation()).toBeNull();
    expect(screen.getByRole('heading', { name: t('form.header.amountWithdrawal') })).toBeVisible();
    expect(server.callsTo('POST complete')).toHaveLength(0);
  });
});

const KGS = {
  id: 1,
  code: 'KGS',
  name: 'Kyrgyz som',
  dimension: 2,
  minValue: 10_000,
  maxValue: 50_000_000,
};
const AZN = {
  id: 3,
  code: 'AZN',
  name: 'Azerbaijani manat',
  dimension: 2,
  minValue: 1_000,
  maxValue: 1_000_000,
};

/** A Humo-style withdrawal (no bank) in `currencyInfo`. */
const withdrawalIn = (currencyInfo: PaymentFormData['currencyInfo']) => ({
  ...SBP_WITHDRAWAL,
  currencyInfo,
  methods: [HUMO],
  paymentMethodName: 'Humo',
});

describe('withdrawal phone per currency (SPEC §5: KGS +996, UZS +998, AZN +994, 13 characters)', () => {
  it('refuses a UZS number without +998 before sending, in the rule’s words (issue 20)', async () => {
    const { user, phone, server } = await openWithdrawal({ form: withdrawalIn(UZS) });
    const rule = 'The phone number must be +998 followed by 9 digits';
    await user.type(phone(), '9');
    expect(phone()).not.toHaveAttribute('aria-invalid');
    // "90" can no longer become +998…: said at once, under the field.
    await user.type(phone(), '01234567');
    expect(phone()).toHaveValue('901234567');
    expect(phone()).toHaveAttribute('aria-invalid', 'true');
    expect(phone()).toHaveAccessibleDescription(`Enter the number with the country code ${rule}`);
    await user.click(screen.getByRole('button', { name: 'Confirm withdrawal' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Fill in the phone number');
    expect(phone()).toHaveFocus();
    await settle();
    expect(server.callsTo('POST complete')).toHaveLength(0);
  });

  it('says the rule when a short number is refused, until the number is right', async () => {
    const { user, phone, server } = await openWithdrawal({ form: withdrawalIn(UZS) });
    await user.type(phone(), '+99890123');
    expect(phone()).not.toHaveAttribute('aria-invalid');
    await user.click(screen.getByRole('button', { name: 'Confirm withdrawal' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Fill in the phone number');
    expect(phone()).toHaveAttribute('aria-invalid', 'true');
    expect(phone()).toHaveAccessibleDescription(
      /The phone number must be \+998 followed by 9 digits$/,
    );
    await user.type(phone(), '4567');
    expect(phone()).not.toHaveAttribute('aria-invalid');
    await user.click(screen.getByRole('button', { name: 'Confirm withdrawal' }));
    await confirmPayout(user);
    expect(server.callsTo('POST complete')[0]?.body).toEqual({
      formId: FORM_ID,
      credential: '998901234567',
    });
  });

  it('refuses a number of another country and one digit too many', async () => {
    const { user, phone, server } = await openWithdrawal({ form: withdrawalIn(UZS) });
    await user.type(phone(), '+996555123456');
    expect(phone()).toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('button', { name: 'Confirm withdrawal' }));
    await user.clear(phone());
    await user.type(phone(), '+9989012345678');
    expect(phone()).toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('button', { name: 'Confirm withdrawal' }));
    await settle();
    expect(server.callsTo('POST complete')).toHaveLength(0);
  });

  it.each([
    ['KGS', KGS, '+996', '+996555123456', '996555123456', '555123456'],
    ['AZN', AZN, '+994', '+994501234567', '994501234567', '501234567'],
  ])('applies the %s rule', async (_code, currency, prefix, right, sent, national) => {
    const { user, phone, server } = await openWithdrawal({ form: withdrawalIn(currency) });
    expect(phone()).toHaveAttribute('placeholder', prefix);
    await user.type(phone(), national);
    expect(phone()).toHaveAccessibleDescription(
      `Enter the number with the country code The phone number must be ${prefix} followed by 9 digits`,
    );
    await user.click(screen.getByRole('button', { name: 'Confirm withdrawal' }));
    await settle();
    expect(server.callsTo('POST complete')).toHaveLength(0);
    await user.clear(phone());
    await user.type(phone(), right);
    expect(phone()).not.toHaveAttribute('aria-invalid');
    await user.click(screen.getByRole('button', { name: 'Confirm withdrawal' }));
    await confirmPayout(user);
    expect(server.callsTo('POST complete')[0]?.body).toEqual({ formId: FORM_ID, credential: sent });
  });

  it('holds a currency without a rule to 9 to 15 digits, the server’s rule, before sending', async () => {
    const USD = {
      id: 9,
      code: 'USD',
      name: 'US dollar',
      dimension: 2,
      minValue: 100,
      maxValue: 1e7,
    };
    const { user, phone, server } = await openWithdrawal({ form: withdrawalIn(USD) });
    const confirm = () => user.click(screen.getByRole('button', { name: 'Confirm withdrawal' }));
    // 9 characters but 8 digits: not a number the server takes.
    await user.type(phone(), '+12345678');
    await confirm();
    expect(screen.getByRole('alert')).toHaveTextContent('Fill in the phone number');
    expect(phone()).toHaveFocus();
    await settle();
    expect(server.callsTo('POST complete')).toHaveLength(0);
    // The field holds at most 15 digits (E.164), with or without the plus.
    await user.clear(phone());
    await user.type(phone(), '1234567890123456');
    expect(phone()).toHaveValue('123456789012345');
    await user.clear(phone());
    await user.type(phone(), '+1234567890123456');
    expect(phone()).toHaveValue('+123456789012345');
    await user.clear(phone());
    await user.type(phone(), '+123456789');
    await confirm();
    // No display rule for USD: the number is read back as it was typed.
    expect(confirmation()).toHaveTextContent('+123456789');
    await confirmPayout(user);
    expect(server.callsTo('POST complete')[0]?.body).toEqual({
      formId: FORM_ID,
      credential: '123456789',
    });
  });

  it.each([
    ['ru', 'Номер телефона должен состоять из +996 и 9 цифр'],
    ['uz', 'Telefon raqami +996 va 9 ta raqamdan iborat boʻlishi kerak'],
  ] as const)('says the rule in %s', async (language, text) => {
    const { user, phone, t } = await openWithdrawal({ language, form: withdrawalIn(KGS) });
    await user.type(phone(), '0555');
    expect(phone()).toHaveAccessibleDescription(
      `${t('form.field.phoneInternationalHint')} ${text}`,
    );
  });
});

describe('bank of a fast-payment withdrawal (SPEC §2, §5)', () => {
  it('is asked for exactly when the server says the method needs one, whatever its code or name', async () => {
    const renamed = { ...SBP, code: 'SBPALFA', name: 'Alfa fast payments' };
    const { user, phone, server } = await openWithdrawal({
      form: { ...SBP_WITHDRAWAL, methods: [renamed], paymentMethodName: renamed.name },
    });
    await user.type(phone(), '9123456789');
    await user.click(screen.getByRole('button', { name: 'Confirm withdrawal' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose the bank');
    expect(server.callsTo('POST complete')).toHaveLength(0);
    cleanup();

    const noBank = { ...SBP, needsSbpBank: false };
    const second = await openWithdrawal({ form: { ...SBP_WITHDRAWAL, methods: [noBank] } });
    expect(screen.queryByRole('combobox', { name: 'Your bank' })).toBeNull();
    await second.user.type(second.phone(), '9123456789');
    await second.user.click(screen.getByRole('button', { name: 'Confirm withdrawal' }));
    expect(confirmation()).not.toHaveTextContent('Bank');
    await confirmPayout(second.user);
    expect(second.server.callsTo('POST complete')[0]?.body).toEqual({
      formId: FORM_ID,
      credential: '79123456789',
    });
  });

  it('shows a spinner while the banks load', async () => {
    let answer: (reply: Reply) => void = () => {};
    await openWithdrawal({
      banks: () =>
        new Promise<Reply>((resolve) => {
          answer = resolve;
        }),
    });
    expect(screen.getByRole('status', { name: 'Loading the banks' })).toBeInTheDocument();
    expect(optionNames()).toEqual([]);
    answer(data(BANKS));
    await settle();
    expect(screen.queryByRole('status', { name: 'Loading the banks' })).toBeNull();
    expect(optionNames()).toEqual(['Sberbank', 'T-Bank', 'Alfa Bank']);
  });

  it("'Choose the bank' when none is chosen, with the search box focused", async () => {
    const { user, phone, server } = await openWithdrawal();
    await user.type(phone(), '9123456789');
    await user.click(screen.getByRole('button', { name: 'Confirm withdrawal' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose the bank');
    expect(screen.getByRole('combobox', { name: 'Your bank' })).toHaveFocus();
    expect(confirmation()).toBeNull();
    expect(server.callsTo('POST complete')).toHaveLength(0);
  });

  it('filters after 350 ms, ignoring case and whitespace', async () => {
    await openWithdrawal();
    const search = screen.getByRole('combobox', { name: 'Your bank' });
    expect(BANK_SEARCH_DEBOUNCE_MS).toBe(350);
    fireEvent.change(search, { target: { value: ' AL FA ' } });
    await advance(349);
    expect(optionNames()).toHaveLength(3);
    await advance(1);
    expect(optionNames()).toEqual(['Alfa Bank']);
  });

  it.each([
    ['en', 'Nothing found.'],
    ['ru', 'Ничего не найдено.'],
    ['uz', 'Hech narsa topilmadi.'],
  ] as const)('says %s "%s" when nothing matches', async (language, text) => {
    await openWithdrawal({ language });
    fireEvent.change(screen.getByRole('combobox'), { target: { value: 'zzz' } });
    await advance(BANK_SEARCH_DEBOUNCE_MS);
    expect(optionNames()).toEqual([]);
    expect(screen.getByText(text)).toBeInTheDocument();
  });

  it('can be chosen with the keyboard only', async () => {
    const { user, phone, server } = await openWithdrawal();
    await user.click(screen.getByRole('combobox'));
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(screen.getByText('Selected bank: T-Bank')).toBeInTheDocument();
    await user.tab({ shift: true });
    expect(phone()).toHaveFocus();
    await user.keyboard('9123456789{Enter}');
    expect(server.callsTo('POST complete')).toHaveLength(0);
    expect(screen.getByRole('heading', { name: 'Check the details' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Confirm' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await settle();
    expect(server.callsTo('POST complete')[0]?.body).toMatchObject({
      bankCodeInteger: 100_000_000_004,
      credential: '79123456789',
    });
  });

  it('offers to try again when the banks cannot be loaded', async () => {
    let reply: Reply = failure(500, 'Internal Server Error');
    const { user } = await openWithdrawal({ banks: () => reply });
    expect(screen.getByText('The list of banks could not be loaded.')).toBeInTheDocument();
    reply = data([{ id: 1, value: 'Only Bank', codeInteger: 7 } satisfies Bank]);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await settle();
    expect(optionNames()).toEqual(['Only Bank']);
  });
});

describe('the payout is confirmed before it is sent (decision 0011)', () => {
  /** An SBP payout with T-Bank and +7 (912) 345-67-89 filled in and submitted. */
  const submitSbpPayout = async (options: Parameters<typeof openWithdrawal>[0] = {}) => {
    const opened = await openWithdrawal(options);
    const { user, phone, t } = opened;
    await user.click(screen.getByRole('option', { name: 'T-Bank' }));
    await user.type(phone(), '9123456789');
    await user.click(screen.getByRole('button', { name: t('form.button.withdraw') }));
    return opened;
  };

  it('shows the amount, the number and the bank, focused and labelled, and sends nothing yet', async () => {
    const { server } = await submitSbpPayout();
    await settle();
    expect(server.callsTo('POST complete')).toHaveLength(0);
    const panel = confirmation();
    expect(panel).toBeInTheDocument();
    const heading = within(panel as HTMLElement).getByRole('heading', {
      name: 'Check the details',
    });
    expect(heading).toHaveFocus();
    expect(heading).toHaveAccessibleDescription(
      'The payout goes to this number. It cannot be cancelled once sent.',
    );
    const details = within(panel as HTMLElement);
    expect(details.getByText('1500.00 RUB')).toBeInTheDocument();
    expect(details.getByText('+7 (912) 345-67-89')).toBeInTheDocument();
    expect(details.getByText('T-Bank')).toBeInTheDocument();
    // Its two buttons are the only ones left: the fields wait, hidden, behind it.
    expect(screen.getByRole('button', { name: 'Confirm' })).toHaveAttribute('type', 'button');
    expect(screen.getByRole('button', { name: 'Change' })).toHaveAttribute('type', 'button');
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Confirm withdrawal' })).toBeNull();
    // The time left stays on the button that sends.
    expect(screen.getByRole('button', { name: 'Confirm' })).toHaveAccessibleDescription(
      'Time left 00:15:00',
    );
  });

  it('Confirm sends exactly one request with the number and the bank, disabled while it runs', async () => {
    let answer: (reply: Reply) => void = () => {};
    const { user, server } = await submitSbpPayout({
      handlers: {
        'POST complete': () =>
          new Promise<Reply>((resolve) => {
            answer = resolve;
          }),
      },
    });
    const confirm = screen.getByRole('button', { name: 'Confirm' });
    await user.click(confirm);
    await settle();
    expect(confirm).toBeDisabled();
    expect(confirm).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('button', { name: 'Change' })).toBeDisabled();
    await user.click(confirm);
    await settle();
    expect(server.callsTo('POST complete').map((call) => call.body)).toEqual([
      { formId: FORM_ID, credential: '79123456789', bankCodeInteger: 100_000_000_004 },
    ]);
    answer(data({ successUrl: null }));
    await settle();
    expect(screen.getByRole('heading', { name: '+1500.00 RUB' })).toBeInTheDocument();
    expect(server.callsTo('POST complete')).toHaveLength(1);
  });

  it('Change goes back with the number and the bank kept, the phone focused, nothing sent', async () => {
    const { user, server, phone } = await submitSbpPayout();
    await user.click(screen.getByRole('button', { name: 'Change' }));
    await settle();
    expect(confirmation()).toBeNull();
    expect(phone()).toHaveValue('+7 (912) 345-67-89');
    expect(phone()).toHaveFocus();
    expect(screen.getByText('Selected bank: T-Bank')).toBeInTheDocument();
    expect(server.callsTo('POST complete')).toHaveLength(0);
    // Another number: the panel reads back the new one, and that one is sent.
    await user.clear(phone());
    await user.type(phone(), '9987654321');
    await user.click(screen.getByRole('button', { name: 'Confirm withdrawal' }));
    expect(confirmation()).toHaveTextContent('+7 (998) 765-43-21');
    await confirmPayout(user);
    expect(server.callsTo('POST complete').map((call) => call.body)).toEqual([
      { formId: FORM_ID, credential: '79987654321', bankCodeInteger: 100_000_000_004 },
    ]);
  });

  it('a refused request fails as the submit did before', async () => {
    const { user } = await submitSbpPayout({
      handlers: {
        'POST complete': failure(400, 'The phone number must be +7 followed by 10 digits'),
      },
    });
    await confirmPayout(user);
    expect(screen.getByRole('heading', { name: 'Fail' })).toBeInTheDocument();
  });

  it('the deadline still ends the form while the panel is shown', async () => {
    const form = { ...SBP_WITHDRAWAL, expiredIn: new Date(Date.now() + 60_000).toISOString() };
    const { server } = await submitSbpPayout({
      form,
      handlers: {
        // Read again at the deadline (decision 0026): expired.
        'POST init': (_body, call) =>
          call === 0 ? data(formData(form)) : failure(410, 'The payment has expired'),
      },
    });
    expect(confirmation()).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Confirm' })).toHaveAccessibleDescription(
      'Time left 00:01:00',
    );
    await advance(60_000);
    expect(screen.getByRole('heading', { name: 'This payment has expired' })).toBeInTheDocument();
    expect(confirmation()).toBeNull();
    expect(server.callsTo('POST complete')).toHaveLength(0);
  });

  it.each([
    ['ru', 'Проверьте данные', 'Подтвердить', 'Изменить'],
    ['uz', 'Maʼlumotlarni tekshiring', 'Tasdiqlash', 'Oʻzgartirish'],
  ] as const)('speaks %s', async (language, heading, confirm, change) => {
    const { t } = await submitSbpPayout({ language });
    const panel = screen.getByRole('region', { name: heading });
    expect(panel).toHaveTextContent(t('form.text.confirmWithdrawal'));
    expect(within(panel).getByRole('button', { name: confirm })).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: change })).toBeInTheDocument();
  });
});
