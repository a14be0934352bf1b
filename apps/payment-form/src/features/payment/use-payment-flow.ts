import type { PaymentFormData } from '@paygate/api/payment-form';
import { computeSupportCode, PAYMENT_STATUS_POLL_MS, paymentPollOutcome } from '@paygate/domain';
import { type Dispatch, useEffect, useReducer } from 'react';
import {
  completePayment,
  fetchPaymentForm,
  fetchPaymentStatus,
  isAbortError,
  PaymentApiError,
  requestPaymentCredential,
} from './payment-api.ts';
import {
  initialPaymentState,
  type PaymentAction,
  type PaymentReading,
  type PaymentState,
  paymentReducer,
} from './payment-steps.ts';
import { rememberExitUrls, rememberedExitUrls } from './remembered-exit-urls.ts';

/** The HTTP status of a failed call; null when no answer came (network failure, timeout). */
const httpStatusOf = (error: unknown) => (error instanceof PaymentApiError ? error.status : null);

/**
 * 410 Gone: the payment expired, or was cancelled (`payment_canceled`: by the staff, or its
 * terminal switched off), as the server's problem code says (decision 0008).
 */
const goneOf = (error: unknown): { expired?: boolean; canceled?: boolean } => {
  if (httpStatusOf(error) !== 410) return {};
  return (error as PaymentApiError).code === 'payment_canceled'
    ? { canceled: true }
    : { expired: true };
};

/**
 * No answer came, or the server failed (5xx): the request may have been applied all the same,
 * its answer lost (decision 0026).
 */
const isAnswerLost = (error: unknown) => {
  const status = httpStatusOf(error);
  return status === null || status >= 500;
};

/**
 * A poll that failed in transport (no answer, 5xx, 429 too many requests) rather than by a
 * definite answer: the next tick asks again (decision 0026).
 */
const isTransportFailure = (error: unknown) => isAnswerLost(error) || httpStatusOf(error) === 429;

/** The payment's status; null when it could not be read. Aborts go through. */
const readStatus = async (formId: string, signal: AbortSignal) => {
  try {
    return await fetchPaymentStatus(formId, signal);
  } catch (error) {
    if (isAbortError(error)) throw error;
    return null;
  }
};

/**
 * Reads the payment as a reload does: init, and once init refuses it (409 finished, 410 gone)
 * its status, which still answers (decision 0008). `failed` keeps the error when neither told.
 * The load, a completion whose answer was lost and the deadline read it this one way (decision
 * 0026). `request`: an init already under way (main.tsx's).
 */
const readPayment = async (
  formId: string,
  signal: AbortSignal,
  request?: Promise<PaymentFormData>,
): Promise<PaymentReading | { kind: 'failed'; error: unknown }> => {
  try {
    return { kind: 'form', form: await (request ?? fetchPaymentForm(formId, signal)) };
  } catch (error) {
    if (isAbortError(error)) throw error;
    const status = httpStatusOf(error);
    if (status === 409 || status === 410) {
      const answer = await readStatus(formId, signal);
      if (answer) {
        const { canceled = false } = goneOf(error);
        return { kind: 'closed', status: answer.status, invoiceId: answer.invoiceId, canceled };
      }
    }
    return { kind: 'failed', error };
  }
};

/** The reading, or null when the payment could not be read. */
const readPaymentOrNull = async (formId: string, signal: AbortSignal) => {
  const reading = await readPayment(formId, signal);
  return reading.kind === 'failed' ? null : reading;
};

/** Runs `work` unless the effect was cleaned up; `work` sees the signal to pass to fetch. */
const runTask = (
  work: (signal: AbortSignal) => Promise<PaymentAction>,
  dispatch: Dispatch<PaymentAction>,
  delayMs = 0,
) => {
  const controller = new AbortController();
  const run = () => {
    work(controller.signal).then(
      (action) => {
        if (!controller.signal.aborted) dispatch(action);
      },
      () => {
        // Only aborts get here: every work turns its failures into actions.
      },
    );
  };
  const timer = delayMs > 0 ? setTimeout(run, delayMs) : undefined;
  if (delayMs <= 0) run();
  return () => {
    clearTimeout(timer);
    controller.abort();
  };
};

export interface PaymentFlowOptions {
  /** An init request already under way (main.tsx starts it while the language loads). */
  formRequest?: Promise<PaymentFormData> | undefined;
}

/**
 * The step machine with its effects: loading the form, the credential request (retried after
 * 1 s while a deposit has no requisites), completing, reading the payment at the deadline, and
 * polling the status every 5000 ms at Processing and on a deposit's requisites. Leaving a step
 * aborts its running call.
 */
export const usePaymentFlow = (
  formId: string,
  { formRequest }: PaymentFlowOptions = {},
): [PaymentState, Dispatch<PaymentAction>] => {
  const [state, dispatch] = useReducer(paymentReducer, initialPaymentState);
  const { task, form, step } = state;

  // The task object is the trigger: each new task (also each 1 s retry) runs once, with the
  // state that made it; a newer task or leaving the step aborts it.
  useEffect(() => {
    if (!task) return;
    switch (task.kind) {
      case 'load':
        return runTask(async (signal) => {
          // main.tsx's request serves the first load only; a reload reads the payment anew.
          const reading = await readPayment(
            formId,
            signal,
            form === null ? formRequest : undefined,
          );
          if (reading.kind === 'form') {
            rememberExitUrls(formId, reading.form);
            return { type: 'loaded', form: reading.form };
          }
          // A closed form shows how it ended (decision 0008), with the way back to the shop
          // this tab kept when the form was open.
          if (reading.kind === 'closed') {
            const { status, invoiceId, canceled } = reading;
            return {
              type: 'closed',
              status,
              invoiceId,
              canceled,
              exitUrls: rememberedExitUrls(formId),
            };
          }
          const status = httpStatusOf(reading.error);
          return {
            type: 'loadFailed',
            reason: status === 400 || status === 404 ? 'not-found' : 'unavailable',
          };
        }, dispatch);
      case 'credential':
        return runTask(
          async (signal) => {
            try {
              if (!form || state.methodId === null) throw new Error('No method chosen');
              const supportCode = await computeSupportCode(formId, form.verficationKey);
              const answer = await requestPaymentCredential(
                formId,
                { amount: state.amount, paymentMethodId: state.methodId, supportCode },
                signal,
              );
              return { type: 'credentialReceived', form: answer };
            } catch (error) {
              if (isAbortError(error)) throw error;
              if (error instanceof PaymentApiError && error.code === 'payment_method_chosen') {
                return { type: 'credentialFailed', methodChosen: true };
              }
              if (error instanceof PaymentApiError && error.code === 'too_many_open_payments') {
                return { type: 'credentialFailed', tooManyOpen: true };
              }
              return { type: 'credentialFailed', ...goneOf(error) };
            }
          },
          dispatch,
          task.delayMs,
        );
      case 'complete':
        return runTask(async (signal) => {
          try {
            const request: { credential?: string; bankCodeInteger?: number } = {};
            if (task.credential !== undefined) request.credential = task.credential;
            if (task.bankCodeInteger !== undefined) request.bankCodeInteger = task.bankCodeInteger;
            const answer = await completePayment(formId, request, signal);
            return { type: 'completed', successUrl: answer.successUrl };
          } catch (error) {
            if (isAbortError(error)) throw error;
            // 409: the payment ended before the customer pressed (a provider confirmed the
            // transfer first, or it was declined): show how it ended, not a generic failure.
            if (httpStatusOf(error) === 409) {
              const answer = await readStatus(formId, signal);
              return answer
                ? { type: 'completeFailed', status: answer.status }
                : { type: 'completeFailed' };
            }
            // No answer, or a 5xx: it may have been applied. Where the payment stands says
            // whether to watch it or to let the customer send it again (decision 0026).
            if (isAnswerLost(error)) {
              return {
                type: 'completeUnanswered',
                reading: await readPaymentOrNull(formId, signal),
              };
            }
            return { type: 'completeFailed', ...goneOf(error) };
          }
        }, dispatch);
      case 'expiry':
        // The countdown is the page's clock: the payment may have moved on (decision 0026).
        return runTask(
          async (signal) => ({
            type: 'deadlineChecked',
            reading: await readPaymentOrNull(formId, signal),
          }),
          dispatch,
        );
    }
  }, [task]);

  // Processing polls the status at once and every 5000 ms (SPEC §4); a deposit's requisites step
  // polls it every 5000 ms too, so that a payment that ends there is shown (decision 0026).
  const watching =
    step === 'processing'
      ? 'processing'
      : step === 'credential' && form?.type === 'deposit' && state.credentials !== null
        ? 'requisites'
        : null;
  useEffect(() => {
    if (watching === null) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const { status } = await fetchPaymentStatus(formId, controller.signal);
        if (controller.signal.aborted) return;
        dispatch({ type: 'statusReceived', status });
        if (paymentPollOutcome(status) !== 'continue') return;
      } catch (error) {
        if (controller.signal.aborted || isAbortError(error)) return;
        dispatch({ type: 'statusFailed', transport: isTransportFailure(error) });
      }
      // The step machine decides whether a failure ends the watch: leaving the step clears this.
      timer = setTimeout(poll, PAYMENT_STATUS_POLL_MS);
    };
    if (watching === 'processing') void poll();
    else timer = setTimeout(poll, PAYMENT_STATUS_POLL_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [watching, formId]);

  return [state, dispatch];
};
