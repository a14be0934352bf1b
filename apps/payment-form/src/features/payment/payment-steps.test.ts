import type { PaymentFormData } from '@paygate/api/payment-form';
import { CREDENTIAL_RETRY_MS } from '@paygate/domain';
import { describe, expect, it } from 'vitest';
import {
  CARD_CREDENTIALS,
  formData,
  HUMO,
  RUB,
  SBP,
  UZCARD,
} from '../../testing/payment-server.ts';
import {
  amountLimitsOf,
  amountNotTakenOf,
  autoExitUrlOf,
  CREDENTIAL_RETRY_LIMIT,
  canGoBack,
  canSendAmount,
  exitUrlOf,
  initialPaymentState,
  isMethodSelectable,
  type PaymentAction,
  type PaymentReading,
  type PaymentState,
  POLL_TRANSPORT_FAILURE_LIMIT,
  paymentReducer,
  reservedMethodOf,
} from './payment-steps.ts';

const run = (state: PaymentState, ...actions: PaymentAction[]) =>
  actions.reduce(paymentReducer, state);

const loaded = (overrides: Partial<PaymentFormData> = {}) =>
  run(initialPaymentState, { type: 'loaded', form: formData(overrides) });

/** At Init (amount step) with Humo chosen, amount 5000.00 UZS. */
const atInit = (overrides: Partial<PaymentFormData> = {}) =>
  run(loaded(overrides), { type: 'methodChosen', methodId: HUMO.id });

/** The server reserves the requisites for the amount it answers. */
const depositAnswer = (overrides: Partial<PaymentFormData> = {}) =>
  formData({
    status: 'IN_PROGRESS',
    credentials: CARD_CREDENTIALS,
    reservedAmount: overrides.amount ?? formData().amount,
    ...overrides,
  });

/** At Credential of a deposit, requisites received. */
const atCredential = (overrides: Partial<PaymentFormData> = {}) =>
  run(
    atInit(overrides),
    { type: 'amountSubmitted' },
    { type: 'credentialReceived', form: depositAnswer(overrides) },
  );

const atProcessing = () =>
  run(atCredential(), { type: 'completeRequested' }, { type: 'completed', successUrl: null });

/** The countdown reached the deadline and the payment could not be read: expired. */
const expire = (state: PaymentState) =>
  run(state, { type: 'deadlineReached' }, { type: 'deadlineChecked', reading: null });

const formRead = (overrides: Partial<PaymentFormData> = {}): PaymentReading => ({
  kind: 'form',
  form: formData(overrides),
});
const closedRead = (status: string, canceled = false): PaymentReading => ({
  kind: 'closed',
  status,
  invoiceId: 'inv-9',
  canceled,
});

describe('payment step machine (SPEC §4 Payment form)', () => {
  describe('loading', () => {
    it('starts at Fail until the data loads, with the load as its task', () => {
      expect(initialPaymentState).toMatchObject({
        step: 'fail',
        failure: 'loading',
        task: { kind: 'load' },
        form: null,
      });
    });

    it('goes to Method when there is more than one method, none chosen', () => {
      const state = loaded();
      expect(state).toMatchObject({
        step: 'method',
        failure: null,
        methodId: null,
        task: null,
        amount: 500_000,
        invoiceId: 'inv-7f3a',
      });
    });

    it('goes to Init with the only method chosen', () => {
      expect(loaded({ methods: [HUMO] })).toMatchObject({
        step: 'init',
        methodId: HUMO.id,
        task: null,
      });
    });

    it('chooses a preset method that matches and requests credentials at once', () => {
      expect(loaded({ paymentMethodName: 'Uzs' })).toMatchObject({
        step: 'method',
        methodId: UZCARD.id,
        task: { kind: 'credential', delayMs: 0 },
      });
      expect(loaded({ methods: [HUMO], paymentMethodName: 'Humo' })).toMatchObject({
        step: 'init',
        methodId: HUMO.id,
        task: { kind: 'credential', delayMs: 0 },
      });
    });

    it('ignores a preset method that matches none', () => {
      expect(loaded({ paymentMethodName: 'Tinkoff' })).toMatchObject({
        step: 'method',
        methodId: null,
        task: null,
      });
    });

    it('resumes at Processing when the payment is already on its way (decision 0008)', () => {
      expect(loaded({ status: 'PAYED' }).step).toBe('processing');
      expect(loaded({ status: 'IN_PROGRESS', type: 'withdrawal' }).step).toBe('processing');
      // A deposit with requisites assigned shows them again (its method is preset).
      expect(loaded({ status: 'IN_PROGRESS', paymentMethodName: 'Humo' })).toMatchObject({
        step: 'method',
        task: { kind: 'credential' },
      });
    });

    it('resumes a deposit the customer marked paid at Processing, without its requisites', () => {
      // Issue 20: a reload after "I have paid" offered the requisites and the button again.
      const marked = { status: 'IN_PROGRESS', customerMarkedPaid: true } as const;
      for (const form of [
        formData({ ...marked, paymentMethodName: 'Humo', credentials: CARD_CREDENTIALS }),
        formData({ ...marked, methods: [HUMO] }),
        formData(marked),
      ]) {
        expect(run(initialPaymentState, { type: 'loaded', form })).toMatchObject({
          step: 'processing',
          failure: null,
          credentials: null,
          task: null,
          invoiceId: 'inv-7f3a',
        });
      }
      // A final status still wins.
      expect(loaded({ status: 'DONE', customerMarkedPaid: true }).step).toBe('success');
      expect(loaded({ status: 'DECLINED', customerMarkedPaid: true }).step).toBe('fail');
    });

    it('goes to Processing when a credential answer says the deposit was marked paid', () => {
      const state = run(
        atInit(),
        { type: 'amountSubmitted' },
        { type: 'credentialReceived', form: depositAnswer({ customerMarkedPaid: true }) },
      );
      expect(state).toMatchObject({ step: 'processing', credentials: null, task: null });
    });

    it('ends at Success or Fail for a finished status', () => {
      expect(loaded({ status: 'DONE' }).step).toBe('success');
      expect(loaded({ status: 'DECLINED' })).toMatchObject({ step: 'fail', failure: 'declined' });
    });

    it('says the payment is unavailable when no method is offered, and leaves it to the customer (decision 0026)', () => {
      const none = loaded({ methods: [], canChangeAmount: false });
      expect(none).toMatchObject({ step: 'fail', failure: 'no-method', task: null });
      // Continue still leads back to the shop, but Fail does not go there by itself.
      expect(exitUrlOf(none)).toBe('https://shop.example/error');
      expect(autoExitUrlOf(none)).toBeNull();
      const declined = run(atProcessing(), { type: 'statusReceived', status: 'DECLINED' });
      expect(autoExitUrlOf(declined)).toBe('https://shop.example/cancel');
      expect(autoExitUrlOf(atInit())).toBeNull();
    });

    it('fails with the reason of a failed load', () => {
      expect(run(initialPaymentState, { type: 'loadFailed', reason: 'not-found' })).toMatchObject({
        step: 'fail',
        failure: 'not-found',
        task: null,
      });
      expect(run(initialPaymentState, { type: 'loadFailed', reason: 'unavailable' }).failure).toBe(
        'unavailable',
      );
    });

    it('shows a closed form by its status: Success, Fail, or expired while still open', () => {
      const closed = (status: string) =>
        run(initialPaymentState, { type: 'closed', status, invoiceId: 'inv-9' });
      expect(closed('DONE')).toMatchObject({ step: 'success', invoiceId: 'inv-9', task: null });
      expect(closed('CANCELED')).toMatchObject({ step: 'fail', failure: 'declined' });
      expect(closed('DECLINED')).toMatchObject({ step: 'fail', failure: 'declined' });
      expect(closed('NEW')).toMatchObject({ step: 'fail', failure: 'expired', invoiceId: 'inv-9' });
      expect(closed('IN_PROGRESS')).toMatchObject({ step: 'fail', failure: 'expired' });
    });

    it('shows a form cancelled by the staff or its terminal (410 payment_canceled) as Fail, not expired', () => {
      const canceled = (status: string) =>
        run(initialPaymentState, { type: 'closed', status, invoiceId: 'inv-9', canceled: true });
      // The terminal switched off: the payment is still NEW, but nothing can be done with it.
      expect(canceled('NEW')).toMatchObject({ step: 'fail', failure: 'declined', task: null });
      expect(canceled('CANCELED')).toMatchObject({ step: 'fail', failure: 'declined' });
    });

    it('ignores load answers once loaded', () => {
      const state = loaded();
      expect(run(state, { type: 'loaded', form: formData({ amount: 1 }) })).toBe(state);
      expect(run(state, { type: 'loadFailed', reason: 'not-found' })).toBe(state);
      expect(run(state, { type: 'closed', status: 'DONE', invoiceId: 'x' })).toBe(state);
    });
  });

  describe('choosing a method', () => {
    it('goes to Init when the amount can change', () => {
      expect(run(loaded(), { type: 'methodChosen', methodId: UZCARD.id })).toMatchObject({
        step: 'init',
        methodId: UZCARD.id,
        task: null,
      });
    });

    it('requests credentials for a fixed deposit or withdrawal, then goes to Credential', () => {
      for (const type of ['deposit', 'withdrawal'] as const) {
        const chosen = run(loaded({ type, canChangeAmount: false }), {
          type: 'methodChosen',
          methodId: HUMO.id,
        });
        expect(chosen).toMatchObject({
          step: 'method',
          methodId: HUMO.id,
          task: { kind: 'credential', delayMs: 0 },
        });
        const answer = formData({
          type,
          credentials: type === 'deposit' ? CARD_CREDENTIALS : null,
        });
        expect(run(chosen, { type: 'credentialReceived', form: answer }).step).toBe('credential');
      }
    });

    it('otherwise goes to Credential with the fixed amount', () => {
      const other = loaded({
        canChangeAmount: false,
        type: 'transfer' as PaymentFormData['type'],
      });
      expect(run(other, { type: 'methodChosen', methodId: HUMO.id })).toMatchObject({
        step: 'credential',
        methodId: HUMO.id,
        task: null,
        amount: 500_000,
      });
    });

    it('ignores unknown methods and choices outside the Method step', () => {
      const state = loaded();
      expect(run(state, { type: 'methodChosen', methodId: 99 })).toBe(state);
      const init = atInit();
      expect(run(init, { type: 'methodChosen', methodId: UZCARD.id })).toBe(init);
    });
  });

  describe('amount step (SPEC §5)', () => {
    it('plus and minus move by 100000 minor units', () => {
      const state = atInit();
      expect(run(state, { type: 'amountIncreased' }).amount).toBe(600_000);
      expect(run(state, { type: 'amountDecreased' }).amount).toBe(400_000);
    });

    it('plus stops at the maximum and minus at the minimum', () => {
      const limits = {
        currencyInfo: { ...formData().currencyInfo, minValue: 100_000, maxValue: 700_000 },
      };
      const state = atInit(limits);
      const up = run(state, { type: 'amountIncreased' }, { type: 'amountIncreased' });
      expect(up.amount).toBe(700_000);
      expect(run(up, { type: 'amountIncreased' })).toBe(up);
      const down = run(state, ...Array<PaymentAction>(4).fill({ type: 'amountDecreased' }));
      expect(down.amount).toBe(100_000);
      expect(run(down, { type: 'amountDecreased' })).toBe(down);
    });

    it('keeps within the chosen method limits too', () => {
      const form = formData({ methods: [{ ...HUMO, maxAmount: 550_000 }, UZCARD] });
      expect(amountLimitsOf(form, form.methods[0])).toEqual({
        minValue: 100_000,
        maxValue: 550_000,
      });
      const state = run(
        { ...initialPaymentState },
        { type: 'loaded', form },
        { type: 'methodChosen', methodId: HUMO.id },
      );
      expect(run(state, { type: 'amountIncreased' }).amount).toBe(500_000);
    });

    it('takes a quick amount only within the limits', () => {
      const state = atInit();
      expect(run(state, { type: 'quickAmountChosen', amount: 10_000_000 }).amount).toBe(10_000_000);
      const narrow = atInit({ methods: [{ ...HUMO, maxAmount: 2_000_000 }] });
      expect(run(narrow, { type: 'quickAmountChosen', amount: 5_000_000 })).toBe(narrow);
    });

    it('changes nothing when the amount is fixed', () => {
      const state = run(loaded({ methods: [HUMO], canChangeAmount: false }));
      expect(state.step).toBe('init');
      expect(run(state, { type: 'amountIncreased' })).toBe(state);
      expect(run(state, { type: 'quickAmountChosen', amount: 1_000_000 })).toBe(state);
    });

    it('submitting requests credentials with the amount', () => {
      const state = run(atInit(), { type: 'amountIncreased' }, { type: 'amountSubmitted' });
      expect(state).toMatchObject({
        step: 'init',
        amount: 600_000,
        task: { kind: 'credential', delayMs: 0 },
      });
    });

    it('never reaches zero, though the currency and method minimums are zero (the server’s rule)', () => {
      const zeroMinimums = {
        amount: 100_000,
        currencyInfo: { ...formData().currencyInfo, minValue: 0 },
        methods: [{ ...HUMO, minAmount: 0 }],
      };
      const state = atInit(zeroMinimums);
      expect(amountLimitsOf(formData(zeroMinimums), zeroMinimums.methods[0]).minValue).toBe(1);
      expect(run(state, { type: 'amountDecreased' })).toBe(state);
      const zero = { ...state, amount: 0 };
      expect(run(zero, { type: 'amountSubmitted' })).toBe(zero);
    });

    it('cannot submit an amount outside the limits', () => {
      const state = atInit({ amount: 50_000 });
      expect(run(state, { type: 'amountSubmitted' })).toBe(state);
    });

    it('after Back, keeps the amount the requisites are reserved for (decision 0011)', () => {
      const reserved = run(
        atInit(),
        { type: 'amountIncreased' },
        { type: 'amountSubmitted' },
        { type: 'credentialReceived', form: depositAnswer({ amount: 600_000 }) },
        { type: 'back' },
      );
      expect(reserved).toMatchObject({ step: 'init', amount: 600_000 });
      expect(run(reserved, { type: 'amountIncreased' })).toBe(reserved);
      expect(run(reserved, { type: 'amountDecreased' })).toBe(reserved);
      expect(run(reserved, { type: 'quickAmountChosen', amount: 1_000_000 })).toBe(reserved);
      expect(run(reserved, { type: 'amountSubmitted' })).toMatchObject({
        amount: 600_000,
        task: { kind: 'credential' },
      });
    });

    it('after Back, lets only the method of the reserved requisites be chosen (decision 0011)', () => {
      const atMethod = run(
        atInit(),
        { type: 'amountIncreased' },
        { type: 'amountSubmitted' },
        {
          type: 'credentialReceived',
          form: depositAnswer({ amount: 600_000, paymentMethodName: HUMO.name }),
        },
        { type: 'back' },
        { type: 'back' },
      );
      expect(atMethod).toMatchObject({ step: 'method', amount: 600_000 });
      if (!atMethod.form) throw new Error('no form');
      expect(reservedMethodOf(atMethod.form)).toEqual(HUMO);
      expect(isMethodSelectable(atMethod.form, UZCARD.id)).toBe(false);
      expect(run(atMethod, { type: 'methodChosen', methodId: UZCARD.id })).toBe(atMethod);
      expect(run(atMethod, { type: 'methodChosen', methodId: HUMO.id })).toMatchObject({
        step: 'init',
        methodId: HUMO.id,
        amount: 600_000,
      });

      // Nothing reserved (a new payment, or a payout): every method can be chosen.
      const fresh = loaded();
      if (!fresh.form) throw new Error('no form');
      expect(reservedMethodOf(fresh.form)).toBeUndefined();
      expect(isMethodSelectable(fresh.form, UZCARD.id)).toBe(true);
    });

    it('knows the reserved method by its id: two methods may share a name', () => {
      const twin = { ...UZCARD, name: HUMO.name };
      const reopened = loaded({
        methods: [HUMO, twin],
        status: 'IN_PROGRESS',
        paymentMethodId: twin.id,
        paymentMethodName: twin.name,
        credentials: CARD_CREDENTIALS,
      });
      // Preset on reload: the requisites' own method, not the first of that name.
      expect(reopened).toMatchObject({ methodId: twin.id, task: { kind: 'credential' } });
      if (!reopened.form) throw new Error('no form');
      expect(reservedMethodOf(reopened.form)?.id).toBe(twin.id);
      expect(isMethodSelectable(reopened.form, HUMO.id)).toBe(false);
      expect(isMethodSelectable(reopened.form, twin.id)).toBe(true);

      // A method the form data does not offer: nothing is held back (the server's 409 and the
      // reload still lead to the requisites), rather than every method disabled.
      const unknown = { ...reopened.form, paymentMethodId: 99 };
      expect(reservedMethodOf(unknown)).toBeUndefined();
      expect([HUMO.id, twin.id].map((id) => isMethodSelectable(unknown, id))).toEqual([true, true]);
    });

    it('after Back, sends the reserved amount even when the limits of its method leave it out now', () => {
      // The requisites (Humo) are reserved for 6000.00 UZS; Humo has since been limited to 5500.00.
      // The amount cannot be changed, so the limits must not hold it: the server answers with the
      // reservation before it looks at the amount.
      const limited = { ...HUMO, maxAmount: 550_000 };
      const reserved = run(
        atInit(),
        { type: 'amountIncreased' },
        { type: 'amountSubmitted' },
        {
          type: 'credentialReceived',
          form: depositAnswer({
            methods: [limited, UZCARD],
            amount: 600_000,
            paymentMethodName: HUMO.name,
          }),
        },
        { type: 'back' },
      );
      expect(reserved).toMatchObject({ step: 'init', methodId: HUMO.id, amount: 600_000 });
      expect(run(reserved, { type: 'amountSubmitted' })).toMatchObject({
        task: { kind: 'credential' },
      });
      if (!reserved.form) throw new Error('no form');
      expect(canSendAmount(reserved.form, limited, 600_000)).toBe(true);
      expect(canSendAmount(formData(), limited, 600_000)).toBe(false);
    });
  });

  describe('credential request', () => {
    it('follows the method the answer is for (another tab settled another one meanwhile)', () => {
      const state = run(
        atInit(),
        { type: 'amountSubmitted' },
        {
          type: 'credentialReceived',
          form: depositAnswer({ paymentMethodName: UZCARD.name }),
        },
      );
      expect(state).toMatchObject({ step: 'credential', methodId: UZCARD.id });
      expect(run(state, { type: 'back' })).toMatchObject({ step: 'init', methodId: UZCARD.id });
    });

    it('goes to Credential with the requisites and the amount the server answered', () => {
      const state = run(
        atInit(),
        { type: 'amountSubmitted' },
        { type: 'credentialReceived', form: depositAnswer({ amount: 700_000 }) },
      );
      expect(state).toMatchObject({
        step: 'credential',
        credentials: CARD_CREDENTIALS,
        amount: 700_000,
        task: null,
      });
    });

    it('asks again after 1 second when a deposit answer has no credentials', () => {
      const waiting = run(
        atInit(),
        { type: 'amountSubmitted' },
        { type: 'credentialReceived', form: formData({ credentials: null }) },
      );
      expect(waiting).toMatchObject({
        step: 'init',
        task: { kind: 'credential', delayMs: CREDENTIAL_RETRY_MS },
      });
      expect(CREDENTIAL_RETRY_MS).toBe(1000);
      const again = run(waiting, {
        type: 'credentialReceived',
        form: formData({ credentials: null }),
      });
      expect(again.task).not.toBe(waiting.task);
      expect(run(again, { type: 'credentialReceived', form: depositAnswer() }).step).toBe(
        'credential',
      );
    });

    it(`stops asking after ${CREDENTIAL_RETRY_LIMIT} retries without requisites: Fail, error (decision 0026)`, () => {
      expect(CREDENTIAL_RETRY_LIMIT).toBe(10);
      const noRequisites: PaymentAction = {
        type: 'credentialReceived',
        form: formData({ credentials: null }),
      };
      let state = run(atInit(), { type: 'amountSubmitted' });
      for (let retry = 1; retry <= CREDENTIAL_RETRY_LIMIT; retry += 1) {
        state = run(state, noRequisites);
        expect(state.task).toEqual({ kind: 'credential', delayMs: CREDENTIAL_RETRY_MS, retry });
      }
      // The answer of the last retry still has none.
      expect(run(state, noRequisites)).toMatchObject({
        step: 'fail',
        failure: 'error',
        task: null,
      });
      // It can still arrive on the last retry.
      expect(run(state, { type: 'credentialReceived', form: depositAnswer() }).step).toBe(
        'credential',
      );
    });

    it('a withdrawal needs no credentials from the server', () => {
      const state = run(
        atInit({ type: 'withdrawal' }),
        { type: 'amountSubmitted' },
        { type: 'credentialReceived', form: formData({ type: 'withdrawal' }) },
      );
      expect(state).toMatchObject({ step: 'credential', credentials: null, task: null });
    });

    it('an error goes to Fail (error URL); a 410 means expired', () => {
      const asking = run(atInit(), { type: 'amountSubmitted' });
      expect(run(asking, { type: 'credentialFailed' })).toMatchObject({
        step: 'fail',
        failure: 'error',
        task: null,
      });
      expect(run(asking, { type: 'credentialFailed', expired: true }).failure).toBe('expired');
    });

    it('a 410 payment_canceled goes to Fail as declined (cancel URL), not expired', () => {
      const asking = run(atInit(), { type: 'amountSubmitted' });
      const canceled = run(asking, { type: 'credentialFailed', canceled: true });
      expect(canceled).toMatchObject({ step: 'fail', failure: 'declined' });
      expect(exitUrlOf(canceled)).toBe('https://shop.example/cancel');
    });

    it('tells when the reserved requisites did not take the amount asked (a page opened before them)', () => {
      const asked = run(atInit(), { type: 'amountIncreased' }, { type: 'amountSubmitted' });
      const taken = run(asked, {
        type: 'credentialReceived',
        form: depositAnswer({ amount: 600_000 }),
      });
      expect(amountNotTakenOf(taken)).toBeNull();

      // The same method: the server answers the requisites reserved before, for their amount.
      const kept = run(asked, { type: 'credentialReceived', form: depositAnswer() });
      expect(kept).toMatchObject({ step: 'credential', amount: 500_000 });
      expect(amountNotTakenOf(kept)).toBe(600_000);

      // Another method (409): the form reads the payment again and comes back to them.
      const reserved = depositAnswer({ paymentMethodName: 'Uzs' });
      const reread = run(
        asked,
        { type: 'credentialFailed', methodChosen: true },
        { type: 'loaded', form: reserved },
        { type: 'credentialReceived', form: reserved },
      );
      expect(reread).toMatchObject({ step: 'credential', amount: 500_000 });
      expect(amountNotTakenOf(reread)).toBe(600_000);

      // Back, and the reserved amount asked again: nothing left to tell.
      const again = run(
        kept,
        { type: 'back' },
        { type: 'amountSubmitted' },
        { type: 'credentialReceived', form: depositAnswer() },
      );
      expect(amountNotTakenOf(again)).toBeNull();
    });

    it('ignores answers nobody waits for any more', () => {
      const state = atInit();
      expect(run(state, { type: 'credentialReceived', form: depositAnswer() })).toBe(state);
      expect(run(state, { type: 'credentialFailed' })).toBe(state);
    });
  });

  describe('back (SPEC §2, §4)', () => {
    it('from Credential goes to Init when the amount can change', () => {
      const state = run(atCredential(), { type: 'back' });
      expect(state).toMatchObject({ step: 'init', credentials: null, task: null });
    });

    it('from Credential goes to Method when the amount is fixed and methods are several', () => {
      const fixed = run(
        loaded({ canChangeAmount: false }),
        { type: 'methodChosen', methodId: HUMO.id },
        { type: 'credentialReceived', form: depositAnswer({ canChangeAmount: false }) },
      );
      expect(fixed.step).toBe('credential');
      expect(canGoBack(fixed)).toBe(true);
      expect(run(fixed, { type: 'back' }).step).toBe('method');
    });

    it('is absent with a fixed amount and a single method', () => {
      const state = run(
        loaded({ canChangeAmount: false, methods: [HUMO] }),
        { type: 'amountSubmitted' },
        {
          type: 'credentialReceived',
          form: depositAnswer({ canChangeAmount: false, methods: [HUMO] }),
        },
      );
      expect(state.step).toBe('credential');
      expect(canGoBack(state)).toBe(false);
      expect(run(state, { type: 'back' })).toBe(state);
    });

    it('is never offered for RUB', () => {
      const rub = { currencyInfo: RUB, methods: [SBP, { ...SBP, id: 6, name: 'Sberbank' }] };
      const credential = atCredentialWith(rub);
      expect(credential.step).toBe('credential');
      expect(canGoBack(credential)).toBe(false);
      expect(run(credential, { type: 'back' })).toBe(credential);
      const init = run(loaded(rub), { type: 'methodChosen', methodId: SBP.id });
      expect(canGoBack(init)).toBe(false);
    });

    it('from Init goes to Method when methods are several, and cancels a running request', () => {
      const asking = run(atInit(), { type: 'amountSubmitted' });
      expect(canGoBack(asking)).toBe(true);
      expect(run(asking, { type: 'back' })).toMatchObject({ step: 'method', task: null });
      expect(canGoBack(atInit({ methods: [HUMO] }))).toBe(false);
    });

    it('is not offered while completing or reading the payment at the deadline, nor on Method or the final steps', () => {
      expect(canGoBack(run(atCredential(), { type: 'completeRequested' }))).toBe(false);
      expect(canGoBack(run(atCredential(), { type: 'deadlineReached' }))).toBe(false);
      expect(canGoBack(loaded())).toBe(false);
      expect(canGoBack(atProcessing())).toBe(false);
    });
  });

  describe('completing', () => {
    it('a request becomes the complete task with the credential and bank', () => {
      const state = run(atCredential(), {
        type: 'completeRequested',
        credential: '79123456789',
        bankCodeInteger: 100_000_000_111,
      });
      expect(state.task).toEqual({
        kind: 'complete',
        credential: '79123456789',
        bankCodeInteger: 100_000_000_111,
      });
      expect(run(state, { type: 'completeRequested' })).toBe(state);
      expect(run(atCredential(), { type: 'completeRequested' }).task).toEqual({ kind: 'complete' });
    });

    it('success goes to Processing with the successUrl it answered', () => {
      const state = run(
        atCredential(),
        { type: 'completeRequested' },
        { type: 'completed', successUrl: 'https://shop.example/thanks' },
      );
      expect(state).toMatchObject({
        step: 'processing',
        task: null,
        successUrl: 'https://shop.example/thanks',
      });
      expect(atProcessing().successUrl).toBe('https://shop.example/success');
    });

    it('an error goes to Fail (error URL); a 410 means expired', () => {
      const completing = run(atCredential(), { type: 'completeRequested' });
      expect(run(completing, { type: 'completeFailed' })).toMatchObject({
        step: 'fail',
        failure: 'error',
      });
      expect(run(completing, { type: 'completeFailed', expired: true }).failure).toBe('expired');
      expect(run(completing, { type: 'completeFailed', canceled: true }).failure).toBe('declined');
    });

    describe('an answer lost (none, or a 5xx): where the payment stands decides (decision 0026)', () => {
      const completing = () => run(atCredential(), { type: 'completeRequested' });
      const unanswered = (reading: PaymentReading | null) =>
        run(completing(), { type: 'completeUnanswered', reading });

      it('marked paid, PAYED or a payout requested: Processing, watched from the first poll', () => {
        const marked = formRead({ status: 'IN_PROGRESS', customerMarkedPaid: true });
        expect(unanswered(marked)).toMatchObject({
          step: 'processing',
          task: null,
          pollFailures: 0,
        });
        expect(unanswered(formRead({ status: 'PAYED' })).step).toBe('processing');
        const requested = formRead({ type: 'withdrawal', status: 'IN_PROGRESS' });
        expect(unanswered(requested).step).toBe('processing');
      });

      it('a final status: Success or Fail', () => {
        expect(unanswered(closedRead('DONE'))).toMatchObject({ step: 'success', task: null });
        expect(unanswered(closedRead('DECLINED'))).toMatchObject({
          step: 'fail',
          failure: 'declined',
        });
        expect(unanswered(formRead({ status: 'CANCELED' })).failure).toBe('declined');
        expect(unanswered(closedRead('NEW', true)).failure).toBe('declined');
        expect(unanswered(closedRead('NEW')).failure).toBe('expired');
      });

      it('still open: back at Credential with a notice, to send it again', () => {
        const state = completing();
        // A deposit with its requisites the customer has not marked paid yet, a payout not asked.
        for (const reading of [
          formRead({ status: 'IN_PROGRESS', credentials: CARD_CREDENTIALS }),
          formRead({ type: 'withdrawal', status: 'NEW' }),
        ]) {
          const again = run(state, { type: 'completeUnanswered', reading });
          expect(again).toMatchObject({
            step: 'credential',
            task: null,
            credentials: CARD_CREDENTIALS,
            notice: { key: 'form.toast.connectionLost' },
          });
          expect(again.notice?.id).not.toBe(state.notice?.id);
          expect(run(again, { type: 'completeRequested' }).task).toEqual({ kind: 'complete' });
        }
      });

      it('nothing could be read: Fail, error (SPEC §4)', () => {
        expect(unanswered(null)).toMatchObject({ step: 'fail', failure: 'error', task: null });
      });

      it('is ignored when nobody is completing', () => {
        const state = atCredential();
        expect(run(state, { type: 'completeUnanswered', reading: closedRead('DONE') })).toBe(state);
      });
    });

    it('a payment that had already ended shows how it ended', () => {
      const completing = run(atCredential(), { type: 'completeRequested' });
      expect(run(completing, { type: 'completeFailed', status: 'DONE' })).toMatchObject({
        step: 'success',
        task: null,
      });
      expect(run(completing, { type: 'completeFailed', status: 'DECLINED' })).toMatchObject({
        step: 'fail',
        failure: 'declined',
      });
      expect(run(completing, { type: 'completeFailed', status: 'NEW' }).failure).toBe('error');
    });

    it('ignores requests outside Credential', () => {
      const state = atInit();
      expect(run(state, { type: 'completeRequested' })).toBe(state);
      expect(run(state, { type: 'completed', successUrl: null })).toBe(state);
      expect(run(state, { type: 'completeFailed' })).toBe(state);
    });
  });

  describe('processing (status polled every 5000 ms)', () => {
    it('DONE goes to Success', () => {
      expect(run(atProcessing(), { type: 'statusReceived', status: 'DONE' }).step).toBe('success');
    });

    it('CANCELED or DECLINED go to Fail (cancel URL)', () => {
      for (const status of ['CANCELED', 'DECLINED']) {
        expect(run(atProcessing(), { type: 'statusReceived', status })).toMatchObject({
          step: 'fail',
          failure: 'declined',
        });
      }
    });

    it('any other status keeps polling, unchanged', () => {
      const state = atProcessing();
      for (const status of ['NEW', 'IN_PROGRESS', 'PAYED', 'SOMETHING']) {
        expect(run(state, { type: 'statusReceived', status })).toBe(state);
      }
    });

    it('a definite error (an answer such as 404) goes to Fail (error URL) at once', () => {
      expect(run(atProcessing(), { type: 'statusFailed' })).toMatchObject({
        step: 'fail',
        failure: 'error',
      });
      expect(run(atProcessing(), { type: 'statusFailed', transport: false }).step).toBe('fail');
    });

    it(`polls on after a transport failure; the ${POLL_TRANSPORT_FAILURE_LIMIT}rd in a row is an error (decision 0026)`, () => {
      expect(POLL_TRANSPORT_FAILURE_LIMIT).toBe(3);
      const lost: PaymentAction = { type: 'statusFailed', transport: true };
      const once = run(atProcessing(), lost);
      expect(once).toMatchObject({ step: 'processing', pollFailures: 1 });
      expect(run(once, lost)).toMatchObject({ step: 'processing', pollFailures: 2 });
      expect(run(once, lost, lost)).toMatchObject({ step: 'fail', failure: 'error', task: null });
    });

    it('any answered poll starts the count again', () => {
      const lost: PaymentAction = { type: 'statusFailed', transport: true };
      const answered = run(atProcessing(), lost, lost, {
        type: 'statusReceived',
        status: 'IN_PROGRESS',
      });
      expect(answered).toMatchObject({ step: 'processing', pollFailures: 0 });
      expect(run(answered, lost, lost).step).toBe('processing');
    });

    it('ignores statuses outside Processing and the requisites step', () => {
      const state = atInit();
      expect(run(state, { type: 'statusReceived', status: 'DONE' })).toBe(state);
      expect(run(state, { type: 'statusFailed' })).toBe(state);
    });
  });

  describe('the requisites step watches the status too (decision 0026)', () => {
    it('DONE goes to Success, CANCELED or DECLINED to Fail', () => {
      expect(run(atCredential(), { type: 'statusReceived', status: 'DONE' })).toMatchObject({
        step: 'success',
        task: null,
      });
      for (const status of ['CANCELED', 'DECLINED']) {
        expect(run(atCredential(), { type: 'statusReceived', status })).toMatchObject({
          step: 'fail',
          failure: 'declined',
        });
      }
    });

    it('PAYED or IN_PROGRESS change nothing there, nor does a failed poll', () => {
      const state = atCredential();
      for (const status of ['PAYED', 'IN_PROGRESS', 'NEW']) {
        expect(run(state, { type: 'statusReceived', status })).toBe(state);
      }
      expect(run(state, { type: 'statusFailed' })).toBe(state);
      expect(run(state, { type: 'statusFailed', transport: true })).toBe(state);
    });

    it('a payment that ends while "I have paid" is sent stops that call', () => {
      const completing = run(atCredential(), { type: 'completeRequested' });
      const done = run(completing, { type: 'statusReceived', status: 'DONE' });
      expect(done).toMatchObject({ step: 'success', task: null });
      // The completion's late answer changes nothing.
      expect(run(done, { type: 'completed', successUrl: null })).toBe(done);
    });
  });

  describe('expiry (countdown deadline)', () => {
    it('reads the payment first on every step where the customer still acts', () => {
      for (const state of [loaded(), atInit(), atCredential()]) {
        const reached = run(state, { type: 'deadlineReached' });
        expect(reached).toMatchObject({ step: state.step, task: { kind: 'expiry' } });
        expect(run(reached, { type: 'deadlineReached' })).toBe(reached);
      }
      // A running call is left for the read.
      const asking = run(atInit(), { type: 'amountSubmitted' });
      expect(run(asking, { type: 'deadlineReached' }).task).toEqual({ kind: 'expiry' });
    });

    it('still open, or nothing could be read: the expired screen', () => {
      for (const reading of [
        formRead(),
        formRead({ status: 'IN_PROGRESS', credentials: CARD_CREDENTIALS }),
        closedRead('NEW'),
        closedRead('IN_PROGRESS'),
        null,
      ]) {
        expect(
          run(atCredential(), { type: 'deadlineReached' }, { type: 'deadlineChecked', reading }),
        ).toMatchObject({ step: 'fail', failure: 'expired', task: null });
      }
    });

    it('moved on: Success, Fail, or Processing for a payment marked paid, PAYED or requested (decision 0026)', () => {
      const checked = (reading: PaymentReading) =>
        run(atCredential(), { type: 'deadlineReached' }, { type: 'deadlineChecked', reading });
      expect(checked(closedRead('DONE'))).toMatchObject({ step: 'success', task: null });
      expect(checked(closedRead('CANCELED'))).toMatchObject({ step: 'fail', failure: 'declined' });
      expect(checked(closedRead('DECLINED')).failure).toBe('declined');
      expect(checked(closedRead('NEW', true)).failure).toBe('declined');
      expect(checked(formRead({ status: 'PAYED' }))).toMatchObject({
        step: 'processing',
        task: null,
      });
      expect(checked(formRead({ status: 'IN_PROGRESS', customerMarkedPaid: true })).step).toBe(
        'processing',
      );
      expect(checked(formRead({ type: 'withdrawal', status: 'IN_PROGRESS' })).step).toBe(
        'processing',
      );
    });

    it('does not touch a payment already on its way or finished', () => {
      const processing = atProcessing();
      expect(run(processing, { type: 'deadlineReached' })).toBe(processing);
      const success = run(processing, { type: 'statusReceived', status: 'DONE' });
      expect(run(success, { type: 'deadlineReached' })).toBe(success);
      expect(run(initialPaymentState, { type: 'deadlineReached' })).toBe(initialPaymentState);
      // One state: atInit() dates its form from the clock, so two calls can differ by a ms.
      const init = atInit();
      expect(run(init, { type: 'deadlineChecked', reading: null })).toBe(init);
    });
  });

  describe('exit URL of the final screens', () => {
    it('Success offers the success URL', () => {
      const done = run(atProcessing(), { type: 'statusReceived', status: 'DONE' });
      expect(exitUrlOf(done)).toBe('https://shop.example/success');
    });

    it('Fail leads to the cancel URL normally and to the error URL after errors', () => {
      const declined = run(atProcessing(), { type: 'statusReceived', status: 'DECLINED' });
      expect(exitUrlOf(declined)).toBe('https://shop.example/cancel');
      expect(exitUrlOf(run(atProcessing(), { type: 'statusFailed' }))).toBe(
        'https://shop.example/error',
      );
      expect(exitUrlOf(expire(atInit()))).toBe('https://shop.example/error');
    });

    it('falls back to the other URL, and has none before the data', () => {
      const noCancel = expire(loaded({ cancelUrl: null }));
      expect(exitUrlOf({ ...noCancel, failure: 'declined' })).toBe('https://shop.example/error');
      const noError = expire(loaded({ errorUrl: null }));
      expect(exitUrlOf(noError)).toBe('https://shop.example/cancel');
      expect(exitUrlOf(initialPaymentState)).toBeNull();
      expect(exitUrlOf(atInit())).toBeNull();
    });
  });
});

function atCredentialWith(overrides: Partial<PaymentFormData>) {
  return run(
    loaded(overrides),
    { type: 'methodChosen', methodId: overrides.methods?.[0]?.id ?? HUMO.id },
    { type: 'amountSubmitted' },
    { type: 'credentialReceived', form: depositAnswer(overrides) },
  );
}
