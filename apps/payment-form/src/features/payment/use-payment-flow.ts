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
  type PaymentState,
  paymentReducer,
} from './payment-steps.ts';

const httpStatusOf = (error: unknown) => (error instanceof PaymentApiError ? error.status : null);

/** 410 Gone: the payment expired or was cancelled (decision 0008). */
const isGone = (error: unknown) => httpStatusOf(error) === 410;

/**
 * What a failed init means. A closed form (409 finished, 410 gone) still answers its status,
 * so a reload after the end shows Success or Fail (decision 0008).
 */
const loadFailure = async (
  formId: string,
  error: unknown,
  signal: AbortSignal,
): Promise<PaymentAction> => {
  const status = httpStatusOf(error);
  if (status === 400 || status === 404) return { type: 'loadFailed', reason: 'not-found' };
  if (status === 409 || status === 410) {
    try {
      const answer = await fetchPaymentStatus(formId, signal);
      return { type: 'closed', status: answer.status, invoiceId: answer.invoiceId };
    } catch (statusError) {
      if (isAbortError(statusError)) throw statusError;
    }
  }
  return { type: 'loadFailed', reason: 'unavailable' };
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
 * 1 s while a deposit has no requisites), completing, and polling the status every 5000 ms at
 * Processing. Leaving a step aborts its running call.
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
          try {
            // main.tsx's request serves the first load only; a reload reads the payment anew.
            const loaded = await (form === null && formRequest
              ? formRequest
              : fetchPaymentForm(formId, signal));
            return { type: 'loaded', form: loaded };
          } catch (error) {
            if (isAbortError(error)) throw error;
            return loadFailure(formId, error, signal);
          }
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
              return { type: 'credentialFailed', expired: isGone(error) };
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
              try {
                const { status } = await fetchPaymentStatus(formId, signal);
                return { type: 'completeFailed', status };
              } catch (statusError) {
                if (isAbortError(statusError)) throw statusError;
              }
            }
            return { type: 'completeFailed', expired: isGone(error) };
          }
        }, dispatch);
    }
  }, [task]);

  useEffect(() => {
    if (step !== 'processing') return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const { status } = await fetchPaymentStatus(formId, controller.signal);
        if (controller.signal.aborted) return;
        dispatch({ type: 'statusReceived', status });
        if (paymentPollOutcome(status) === 'continue') {
          timer = setTimeout(poll, PAYMENT_STATUS_POLL_MS);
        }
      } catch (error) {
        if (!controller.signal.aborted && !isAbortError(error)) dispatch({ type: 'statusFailed' });
      }
    };
    void poll();
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [step, formId]);

  return [state, dispatch];
};
