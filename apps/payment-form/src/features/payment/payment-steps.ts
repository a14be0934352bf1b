/**
 * The payment form's step machine (SPEC §2 "Customer payment form", §4 "Payment form"), pure:
 * every transition is a reducer case, and the calls the form must make next are `task`s that
 * `usePaymentFlow` runs (load, credential request and its 1 s retry, complete, the read at the
 * deadline). Polling is tied to the Processing step and to a deposit's requisites.
 */

import type {
  PaymentFormCredentials,
  PaymentFormData,
  PaymentMethod,
} from '@paygate/api/payment-form';
import {
  type AmountLimits,
  CREDENTIAL_RETRY_MS,
  decreaseAmount,
  increaseAmount,
  isQuickAmountSelectable,
  isWithinPaymentAmountLimits,
  paymentAmountLimits,
  paymentPollOutcome,
} from '@paygate/domain';
import type { TranslationKey } from '../../i18n/i18n.tsx';
import type { ExitUrls } from './remembered-exit-urls.ts';

/** SPEC §2: Init is the amount step. */
export type PaymentStep = 'init' | 'method' | 'credential' | 'processing' | 'success' | 'fail';

/** Why the form is at Fail. SPEC §4: it starts at Fail ('loading') until the data arrives. */
export type FailReason =
  /** The form data has not arrived yet. */
  | 'loading'
  /** No such form (404, or an id the server refuses with 400). */
  | 'not-found'
  /** The form could not be loaded (network, server error). */
  | 'unavailable'
  /**
   * No method can take the payment (none offered): the payment is unavailable, which the form
   * says without returning to the shop by itself (decision 0026).
   */
  | 'no-method'
  /**
   * The payment ended CANCELED or DECLINED, or was cancelled before it ended (410
   * payment_canceled: by the staff, or its terminal switched off): Fail leads to the cancel URL.
   */
  | 'declined'
  /** A credential, complete or status call failed: Fail leads to the error URL. */
  | 'error'
  /** The deadline passed (countdown or a 410 from the server): leads to the error URL. */
  | 'expired';

/** A call the form makes now (or after `delayMs`); a new task object means a new call. */
export type PaymentTask =
  | { kind: 'load' }
  /** `retry`: how many times a deposit answer without requisites was asked again (0 at first). */
  | { kind: 'credential'; delayMs: number; retry?: number }
  | { kind: 'complete'; credential?: string; bankCodeInteger?: number }
  /** The countdown reached the deadline: the payment is read before it is called expired. */
  | { kind: 'expiry' };

/**
 * How many times a deposit answer without requisites is asked again, CREDENTIAL_RETRY_MS apart,
 * before the form gives up with an error (decision 0026): about 10 s of a spinner.
 */
export const CREDENTIAL_RETRY_LIMIT = 10;

/**
 * Polls in a row at Processing that may fail in transport (no answer, 5xx, 429) before it is
 * "an error in processing" (SPEC §4); each is tried again at the next 5000 ms tick (decision 0026).
 */
export const POLL_TRANSPORT_FAILURE_LIMIT = 3;

/**
 * The payment as the form reads it again (decision 0026), as a reload would: init's form data
 * while the payment can still be acted on, or, once init refuses it (409 finished, 410 gone),
 * its status. `canceled`: the 410 said payment_canceled (by the staff, or the terminal
 * switched off), which a status still NEW does not tell.
 */
export type PaymentReading =
  | { kind: 'form'; form: PaymentFormData }
  | { kind: 'closed'; status: string; invoiceId: string; canceled: boolean };

export interface PaymentState {
  step: PaymentStep;
  /** Set while the step is Fail. */
  failure: FailReason | null;
  /** The latest form data (init, then each credential answer). */
  form: PaymentFormData | null;
  methodId: number | null;
  /** Minor units. */
  amount: number;
  /**
   * The amount the customer last asked requisites for on the amount step (minor units), kept
   * while the form reads the payment again: the requisites screen says when it was not taken.
   */
  submittedAmount: number | null;
  /** Requisites of a deposit to pay to (card or phone), once given. */
  credentials: PaymentFormCredentials;
  task: PaymentTask | null;
  /** Completing a payment answers a successUrl; the form's own until then. */
  successUrl: string | null;
  invoiceId: string | null;
  /**
   * A toast to show (a translation key); a new id shows it again. Set when the server asks the
   * customer to come back later, or when a completion's answer was lost while the payment stayed
   * open, rather than failing the payment.
   */
  notice: { key: TranslationKey; id: number } | null;
  /** Polls in a row at Processing that failed in transport (POLL_TRANSPORT_FAILURE_LIMIT). */
  pollFailures: number;
  /**
   * The shop's addresses of a payment read closed (no form data), as this tab kept them when it
   * loaded the form (remembered-exit-urls.ts): its final screens still lead back to the shop.
   */
  exitUrls: ExitUrls | null;
}

export type PaymentAction =
  | { type: 'loaded'; form: PaymentFormData }
  | { type: 'loadFailed'; reason: 'not-found' | 'unavailable' }
  /**
   * init refused the form (409 finished, 410 gone); its status still answers. `canceled`: a 410
   * payment_canceled.
   */
  | {
      type: 'closed';
      status: string;
      invoiceId: string;
      canceled?: boolean;
      /** The shop's addresses this tab kept for the form, if any. */
      exitUrls?: ExitUrls | null;
    }
  | { type: 'methodChosen'; methodId: number }
  | { type: 'amountIncreased' }
  | { type: 'amountDecreased' }
  | { type: 'quickAmountChosen'; amount: number }
  | { type: 'amountSubmitted' }
  | { type: 'credentialReceived'; form: PaymentFormData }
  /**
   * `methodChosen`: after Back, the deposit's requisites are already reserved for the method
   * chosen first, which the server keeps (409 payment_method_chosen).
   */
  | {
      type: 'credentialFailed';
      expired?: boolean;
      methodChosen?: boolean;
      /**
       * 409 too_many_open_payments: the customer holds requisites for as many deposits as
       * allowed; this one stays open and may be tried again once one of them ends.
       */
      tooManyOpen?: boolean;
      /** 410 payment_canceled: cancelled by the staff, or its terminal switched off. */
      canceled?: boolean;
    }
  | { type: 'back' }
  | { type: 'completeRequested'; credential?: string; bankCodeInteger?: number }
  | { type: 'completed'; successUrl: string | null }
  /**
   * `status`: the payment had already ended when the customer pressed (409), e.g. a provider
   * confirmed the transfer first; its status says how.
   */
  | { type: 'completeFailed'; expired?: boolean; canceled?: boolean; status?: string }
  /**
   * The completion got no answer, or a 5xx: it may have been applied all the same. `reading`:
   * the payment read afterwards, null when that failed too (decision 0026).
   */
  | { type: 'completeUnanswered'; reading: PaymentReading | null }
  | { type: 'statusReceived'; status: string }
  /**
   * `transport`: the poll got no answer, a 5xx or a 429, not a definite error; at Processing it
   * is tried again until POLL_TRANSPORT_FAILURE_LIMIT in a row (decision 0026).
   */
  | { type: 'statusFailed'; transport?: boolean }
  /** The countdown reached the deadline on a step where the customer still acts. */
  | { type: 'deadlineReached' }
  /** What the read at the deadline found; null when it failed (decision 0026). */
  | { type: 'deadlineChecked'; reading: PaymentReading | null };

export const initialPaymentState: PaymentState = {
  step: 'fail',
  failure: 'loading',
  form: null,
  methodId: null,
  amount: 0,
  submittedAmount: null,
  credentials: null,
  task: { kind: 'load' },
  successUrl: null,
  invoiceId: null,
  notice: null,
  pollFailures: 0,
  exitUrls: null,
};

const requestCredential = (): PaymentTask => ({ kind: 'credential', delayMs: 0 });

export const chosenMethodOf = (state: PaymentState): PaymentMethod | undefined =>
  state.form?.methods.find((method) => method.id === state.methodId);

/**
 * The amounts the amount step allows: the currency limits (SPEC §5), narrowed to the chosen
 * method's min–max, by the rule the server enforces (packages/domain paymentAmountLimits).
 */
export const amountLimitsOf = (
  form: Pick<PaymentFormData, 'currencyInfo'>,
  method: Pick<PaymentMethod, 'minAmount' | 'maxAmount'> | undefined,
): AmountLimits => paymentAmountLimits(form.currencyInfo, method);

/**
 * Whether the deposit's requisites are already reserved, for the amount the server says
 * (`reservedAmount`): after Back the amount step shows it fixed, as the server keeps it whatever
 * amount is asked next (decision 0011).
 */
export const isAmountReserved = (form: Pick<PaymentFormData, 'reservedAmount'>): boolean =>
  form.reservedAmount !== null;

/**
 * The method the form data says was chosen for this payment (`paymentMethodId`, one of its
 * methods), if any. By id: two methods may share a name.
 */
export const paymentMethodOf = (
  form: Pick<PaymentFormData, 'methods' | 'paymentMethodId'>,
): PaymentMethod | undefined =>
  form.paymentMethodId === null
    ? undefined
    : form.methods.find((method) => method.id === form.paymentMethodId);

/**
 * The method a deposit's reserved requisites were issued with, or undefined when none are
 * reserved. After Back only it can be chosen: the server keeps the requisites whatever is chosen
 * next, so another method would only lead back to them (decision 0011).
 */
export const reservedMethodOf = (
  form: Pick<PaymentFormData, 'methods' | 'paymentMethodId' | 'reservedAmount'>,
): PaymentMethod | undefined => (isAmountReserved(form) ? paymentMethodOf(form) : undefined);

/** Whether the method step may choose this method: any, unless requisites are reserved. */
export const isMethodSelectable = (
  form: Pick<PaymentFormData, 'methods' | 'paymentMethodId' | 'reservedAmount'>,
  methodId: number,
): boolean => {
  const reserved = reservedMethodOf(form);
  return reserved === undefined || reserved.id === methodId;
};

/**
 * Whether the amount step may send its amount with the chosen method: within the limits, or
 * whatever the limits when the requisites are reserved. The server then answers with the
 * reservation before it looks at the amount (or, for a method the form could not match to it,
 * reloads back to it), so limits that leave out the reserved amount (changed since the
 * requisites were issued) must not leave the customer on a step where nothing can be done.
 */
export const canSendAmount = (
  form: Pick<PaymentFormData, 'currencyInfo' | 'reservedAmount'>,
  method: Pick<PaymentMethod, 'minAmount' | 'maxAmount'> | undefined,
  amount: number,
): boolean =>
  method !== undefined &&
  (isAmountReserved(form) || isWithinPaymentAmountLimits(amount, amountLimitsOf(form, method)));

/**
 * The amount the customer asked for that the reserved requisites did not take (a page opened
 * before they were reserved, in another tab), or null: the requisites screen says so rather
 * than silently showing another amount.
 */
export const amountNotTakenOf = (state: PaymentState): number | null => {
  const reserved = state.form?.reservedAmount ?? null;
  const asked = state.submittedAmount;
  return reserved !== null && asked !== null && asked !== reserved ? asked : null;
};

/**
 * SPEC §2: a back button is present when the amount can change or several methods exist,
 * except when the currency is RUB. From Credential it leads to Init or Method; on Init (the
 * amount step) it leads back to Method when there is a choice of methods.
 */
export const canGoBack = (state: PaymentState): boolean => {
  const { form } = state;
  if (!form || form.currencyInfo.code === 'RUB') return false;
  // Not while completing, nor while the payment is read at the deadline.
  if (state.task?.kind === 'complete' || state.task?.kind === 'expiry') return false;
  if (state.step === 'credential') return form.canChangeAmount || form.methods.length > 1;
  if (state.step === 'init') return form.methods.length > 1;
  return false;
};

/** Steps where the customer still acts, so the deadline applies (SPEC §2 countdown). */
export const isOpenStep = (step: PaymentStep) =>
  step === 'init' || step === 'method' || step === 'credential';

const fail = (state: PaymentState, failure: FailReason): PaymentState => ({
  ...state,
  step: 'fail',
  failure,
  task: null,
});

const succeed = (state: PaymentState): PaymentState => ({ ...state, step: 'success', task: null });

/** Watching the payment at Processing, polled from the first tick with no failure counted. */
const watch = (state: PaymentState): PaymentState => ({
  ...state,
  step: 'processing',
  task: null,
  pollFailures: 0,
});

const withNotice = (state: PaymentState, key: TranslationKey): PaymentState => ({
  ...state,
  notice: { key, id: (state.notice?.id ?? 0) + 1 },
});

/**
 * A payment the customer has already acted on, still open: a deposit they marked paid (the
 * server knows it: `customerMarkedPaid`, or the provider's PAYED) or a withdrawal requested. It is
 * watched at Processing on every later load; the requisites and "I have paid" never come back.
 */
export const isAwaitingOutcome = (form: PaymentFormData): boolean =>
  paymentPollOutcome(form.status) === 'continue' &&
  (form.status === 'PAYED' ||
    (form.type === 'deposit' && form.customerMarkedPaid) ||
    (form.type === 'withdrawal' && form.status === 'IN_PROGRESS'));

const afterLoad = (state: PaymentState, form: PaymentFormData): PaymentState => {
  const loaded: PaymentState = {
    ...state,
    form,
    failure: null,
    amount: form.amount,
    credentials: null,
    task: null,
    successUrl: form.successUrl,
    invoiceId: form.invoiceId,
    methodId: null,
  };
  // A reload after the customer acted resumes where the payment is (decisions 0008, 0011): a
  // deposit marked paid or a requested withdrawal is watched at Processing.
  if (isAwaitingOutcome(form)) return watch(loaded);
  const outcome = paymentPollOutcome(form.status);
  if (outcome === 'success') return { ...loaded, step: 'success' };
  if (outcome === 'fail') return fail(loaded, 'declined');
  // Decision 0011: with no method left, the payment is unavailable (not 'Something went wrong').
  if (form.methods.length === 0) return fail(loaded, 'no-method');

  // SPEC §4: Method if more than one method, else Init (with the only method chosen).
  const step: PaymentStep = form.methods.length > 1 ? 'method' : 'init';
  const preset = paymentMethodOf(form);
  // A preset method that matches is chosen and its credentials are requested at once.
  if (preset) return { ...loaded, step, methodId: preset.id, task: requestCredential() };
  return {
    ...loaded,
    step,
    methodId: form.methods.length === 1 ? (form.methods[0]?.id ?? null) : null,
  };
};

/**
 * A payment init no longer serves (409 finished, 410 gone), by its status: DONE Success;
 * CANCELED, DECLINED or a 410 payment_canceled Fail (cancel URL); still open, the deadline passed
 * before the expiry job cancelled it: expired.
 */
const afterClosed = (
  state: PaymentState,
  {
    status,
    invoiceId,
    canceled,
    exitUrls = null,
  }: { status: string; invoiceId: string; canceled?: boolean; exitUrls?: ExitUrls | null },
): PaymentState => {
  const closed = { ...state, invoiceId, task: null, failure: null, exitUrls };
  const outcome = paymentPollOutcome(status);
  if (outcome === 'success') return { ...closed, step: 'success' };
  if (outcome === 'fail' || canceled) return fail(closed, 'declined');
  return fail(closed, 'expired');
};

/**
 * Where a payment read again leads (decision 0026): a closed one by its status (afterClosed); one
 * the customer has acted on (marked paid, PAYED, payout requested) to Processing; a final status
 * to Success or Fail; one still open to `stillOpen`.
 */
const afterReading = (
  state: PaymentState,
  reading: PaymentReading,
  stillOpen: (state: PaymentState) => PaymentState,
): PaymentState => {
  if (reading.kind === 'closed') return afterClosed(state, reading);
  if (isAwaitingOutcome(reading.form)) return watch(state);
  const outcome = paymentPollOutcome(reading.form.status);
  if (outcome === 'success') return succeed(state);
  if (outcome === 'fail') return fail(state, 'declined');
  return stillOpen(state);
};

/** Why a call that failed ends the payment: cancelled, expired, or an error. */
const failureOf = ({ canceled, expired }: { canceled?: boolean; expired?: boolean }): FailReason =>
  canceled ? 'declined' : expired ? 'expired' : 'error';

const setAmount = (
  state: PaymentState,
  change: (amount: number, limits: AmountLimits) => number,
) => {
  const { form } = state;
  if (state.step !== 'init' || !form?.canChangeAmount || state.task) return state;
  if (isAmountReserved(form)) return state;
  const amount = change(state.amount, amountLimitsOf(form, chosenMethodOf(state)));
  return amount === state.amount ? state : { ...state, amount };
};

export const paymentReducer = (state: PaymentState, action: PaymentAction): PaymentState => {
  switch (action.type) {
    case 'loaded':
      return state.task?.kind === 'load' ? afterLoad(state, action.form) : state;

    case 'loadFailed':
      return state.task?.kind === 'load' ? fail(state, action.reason) : state;

    case 'closed':
      return state.task?.kind === 'load' ? afterClosed(state, action) : state;

    case 'methodChosen': {
      const { form } = state;
      if (state.step !== 'method' || !form || state.task) return state;
      if (!form.methods.some((method) => method.id === action.methodId)) return state;
      if (!isMethodSelectable(form, action.methodId)) return state;
      const chosen = { ...state, methodId: action.methodId };
      if (form.canChangeAmount) return { ...chosen, step: 'init' };
      // Widened: SPEC §4 names a third case ("otherwise Credential with the fixed amount").
      const type: string = form.type;
      if (type === 'deposit' || type === 'withdrawal') {
        return { ...chosen, task: requestCredential() };
      }
      return { ...chosen, step: 'credential' };
    }

    case 'amountIncreased':
      return setAmount(state, increaseAmount);

    case 'amountDecreased':
      return setAmount(state, decreaseAmount);

    case 'quickAmountChosen':
      return setAmount(state, (amount, limits) =>
        isQuickAmountSelectable(action.amount, limits) ? action.amount : amount,
      );

    case 'amountSubmitted': {
      const { form } = state;
      if (state.step !== 'init' || !form || state.task) return state;
      if (!canSendAmount(form, chosenMethodOf(state), state.amount)) return state;
      return { ...state, submittedAmount: state.amount, task: requestCredential() };
    }

    case 'credentialReceived': {
      if (state.task?.kind !== 'credential') return state;
      const form = action.form;
      // The method the answer is for: another tab may have settled another one meanwhile.
      const answered = paymentMethodOf(form);
      const updated = {
        ...state,
        form,
        amount: form.amount,
        invoiceId: form.invoiceId,
        methodId: answered?.id ?? state.methodId,
      };
      // Marked paid meanwhile (in another tab): the requisites are not offered a second time.
      if (isAwaitingOutcome(form)) return watch(updated);
      // SPEC §4: a deposit answer without credentials is asked again after 1 second, at most
      // CREDENTIAL_RETRY_LIMIT times (decision 0026).
      if (form.type === 'deposit' && !form.credentials) {
        const retry = (state.task.retry ?? 0) + 1;
        if (retry > CREDENTIAL_RETRY_LIMIT) return fail(updated, 'error');
        return { ...updated, task: { kind: 'credential', delayMs: CREDENTIAL_RETRY_MS, retry } };
      }
      return { ...updated, step: 'credential', credentials: form.credentials, task: null };
    }

    case 'credentialFailed':
      if (state.task?.kind !== 'credential') return state;
      // Read the payment again: it resumes with its requisites, their method as the preset.
      if (action.methodChosen) return { ...state, task: { kind: 'load' } };
      // Nothing failed: the customer stays on the amount step and is told to come back.
      if (action.tooManyOpen) return withNotice({ ...state, task: null }, 'form.toast.tooManyOpen');
      return fail(state, failureOf(action));

    case 'back': {
      if (!canGoBack(state)) return state;
      const { form } = state;
      const target: PaymentStep =
        state.step === 'credential' && form?.canChangeAmount ? 'init' : 'method';
      return { ...state, step: target, credentials: null, task: null };
    }

    case 'completeRequested': {
      if (state.step !== 'credential' || state.task) return state;
      const task: PaymentTask = { kind: 'complete' };
      if (action.credential !== undefined) task.credential = action.credential;
      if (action.bankCodeInteger !== undefined) task.bankCodeInteger = action.bankCodeInteger;
      return { ...state, task };
    }

    case 'completed':
      if (state.task?.kind !== 'complete') return state;
      return watch({ ...state, successUrl: action.successUrl ?? state.successUrl });

    case 'completeFailed': {
      if (state.task?.kind !== 'complete') return state;
      const outcome = action.status === undefined ? null : paymentPollOutcome(action.status);
      if (outcome === 'success') return succeed(state);
      if (outcome === 'fail') return fail(state, 'declined');
      return fail(state, failureOf(action));
    }

    case 'completeUnanswered':
      if (state.task?.kind !== 'complete') return state;
      // Nothing known: SPEC §4's error path.
      if (!action.reading) return fail(state, 'error');
      // Still open: the request did not take; the customer stays and may send it again, which
      // the server takes once (decision 0026).
      return afterReading(state, action.reading, (open) =>
        withNotice({ ...open, task: null }, 'form.toast.connectionLost'),
      );

    case 'statusReceived': {
      // Processing polls the status, and so does a deposit's requisites step (decision 0026).
      if (state.step !== 'processing' && state.step !== 'credential') return state;
      const outcome = paymentPollOutcome(action.status);
      if (outcome === 'success') return succeed(state);
      if (outcome === 'fail') return fail(state, 'declined');
      return state.pollFailures === 0 ? state : { ...state, pollFailures: 0 };
    }

    case 'statusFailed': {
      // On the requisites step a failed poll changes nothing: the next tick asks again.
      if (state.step !== 'processing') return state;
      if (action.transport) {
        const pollFailures = state.pollFailures + 1;
        if (pollFailures < POLL_TRANSPORT_FAILURE_LIMIT) return { ...state, pollFailures };
      }
      // SPEC §4: an error in processing goes to Fail.
      return fail(state, 'error');
    }

    case 'deadlineReached':
      if (!isOpenStep(state.step) || state.task?.kind === 'expiry') return state;
      // A running call, if any, is dropped: the payment is read first (decision 0026).
      return { ...state, task: { kind: 'expiry' } };

    case 'deadlineChecked':
      if (state.task?.kind !== 'expiry') return state;
      if (!action.reading) return fail(state, 'expired');
      return afterReading(state, action.reading, (open) => fail(open, 'expired'));

    default:
      return state;
  }
};

/**
 * Where Fail returns to by itself after its countdown (decision 0011): the exit URL, except for
 * a payment no method can take, which Fail only says (decision 0026).
 */
export const autoExitUrlOf = (state: PaymentState): string | null =>
  state.step === 'fail' && state.failure !== 'no-method' ? exitUrlOf(state) : null;

/**
 * Where the continue button of the final screens leads, before redirect-URL handling:
 * Success to the success URL; Fail to the cancel URL normally, to the error URL after an error
 * or expiry (SPEC §4). Each falls back to the other so the customer is never stuck.
 */
export const exitUrlOf = (state: PaymentState): string | null => {
  // A payment read closed has no form data: the addresses this tab kept for it, if any.
  const urls = state.form ?? state.exitUrls;
  if (state.step === 'success') return state.successUrl ?? urls?.successUrl ?? null;
  if (state.step !== 'fail' || !urls) return null;
  if (state.failure === 'declined') return urls.cancelUrl ?? urls.errorUrl;
  if (state.failure === 'loading' || state.failure === 'not-found') return null;
  return urls.errorUrl ?? urls.cancelUrl;
};
