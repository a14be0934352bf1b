/**
 * The hosted form's five calls (SPEC §7 "Payment form"), made by the RTK Query endpoints of
 * `@paygate/api/payment-form` through a store that holds only them: paths, bodies and answer
 * types are defined once, in packages/api, for both apps (decision 0011).
 *
 * The form's step machine (use-payment-flow.ts) decides when to call and reads the outcome, so
 * each call is dispatched (`endpoint.initiate`) and unwrapped here; nothing is kept in the cache
 * (every call goes to the server, as a poll must). A failed call throws PaymentApiError with the
 * HTTP status (null without an answer), the problem's detail as its message and the problem's
 * code; an aborted one throws the AbortError of its signal.
 */
import {
  type CompletePaymentRequest,
  httpStatusOf,
  type PaymentCredentialRequest,
  paymentFormApi,
  problemOf,
  serverMessageOf,
  statusTextOf,
} from '@paygate/api/payment-form';
import { configureStore } from '@reduxjs/toolkit';

export class PaymentApiError extends Error {
  override name = 'PaymentApiError';
  constructor(
    /** HTTP status of the answer; null when there was none (network failure). */
    readonly status: number | null,
    message: string,
    /** The problem's stable code (e.g. payment_expired); null without a problem. */
    readonly code: string | null = null,
  ) {
    super(message);
  }
}

/** An aborted call (a DOMException, which is not an Error in every environment). */
export const isAbortError = (error: unknown): boolean =>
  typeof error === 'object' &&
  error !== null &&
  (error as { name?: unknown }).name === 'AbortError';

/** The minimal store: the payment endpoints' slice and middleware, nothing else. */
export const createPaymentStore = () =>
  configureStore({
    reducer: { [paymentFormApi.reducerPath]: paymentFormApi.reducer },
    middleware: (getDefault) => getDefault().concat(paymentFormApi.middleware),
  });

const store = createPaymentStore();

/** What fetchBaseQuery says when no answer came (`FETCH_ERROR`). */
const networkMessageOf = (error: unknown): string => {
  const detail = (error as { error?: unknown } | null)?.error;
  return typeof detail === 'string' ? detail : 'No answer from the server';
};

const toPaymentError = (error: unknown): PaymentApiError => {
  const status = httpStatusOf(error);
  if (status === undefined) return new PaymentApiError(null, networkMessageOf(error));
  return new PaymentApiError(
    status,
    serverMessageOf(error) ?? statusTextOf(error) ?? `HTTP ${status}`,
    problemOf(error)?.code ?? null,
  );
};

const abortedBy = (signal: AbortSignal) =>
  signal.reason instanceof Error || isAbortError(signal.reason)
    ? signal.reason
    : new DOMException('The operation was aborted.', 'AbortError');

/**
 * Runs a dispatched call to its end, aborting it with `signal`; failures become PaymentApiError.
 * A query's subscription (FRESH) ends once it has settled.
 */
const settle = async <T>(
  call: { unwrap: () => Promise<T>; abort: () => void; unsubscribe?: () => void },
  signal: AbortSignal | undefined,
): Promise<T> => {
  if (signal?.aborted) {
    call.abort();
    throw abortedBy(signal);
  }
  const abort = () => call.abort();
  signal?.addEventListener('abort', abort, { once: true });
  try {
    return await call.unwrap();
  } catch (error) {
    if (signal?.aborted) throw abortedBy(signal);
    throw toPaymentError(error);
  } finally {
    signal?.removeEventListener('abort', abort);
    call.unsubscribe?.();
  }
};

/**
 * A query that always asks the server. It is subscribed while it runs (settle lets go once it
 * has settled, and the answer is dropped after RTK Query's minute): an unsubscribed read
 * (`subscribe: false`) resolved undefined whenever the cache entry of an earlier read of the same
 * payment was dropped while it was in flight, a minute after that read. The read at the deadline
 * of a one-minute payment, or a status poll, then crashed the form (redux-toolkit issue 5346
 * describes the same race with a mutation).
 */
const FRESH = { forceRefetch: true } as const;
const { endpoints } = paymentFormApi;

/** POST …/init: everything the form shows, and the verficationKey for the support code. */
export const fetchPaymentForm = (formId: string, signal?: AbortSignal) =>
  settle(store.dispatch(endpoints.getPaymentForm.initiate({ formId }, FRESH)), signal);

/** POST …/credential: method and amount chosen; a deposit gets the requisites to pay to. */
export const requestPaymentCredential = (
  formId: string,
  request: PaymentCredentialRequest,
  signal?: AbortSignal,
) =>
  settle(
    store.dispatch(endpoints.requestPaymentCredential.initiate({ formId, ...request })),
    signal,
  );

/** POST …/complete: a deposit's "I have paid", or a withdrawal's phone (and bank). */
export const completePayment = (
  formId: string,
  request: CompletePaymentRequest,
  signal?: AbortSignal,
) => settle(store.dispatch(endpoints.completePayment.initiate({ formId, ...request })), signal);

/** POST …/status: polled every PAYMENT_STATUS_POLL_MS at Processing. */
export const fetchPaymentStatus = (formId: string, signal?: AbortSignal) =>
  settle(store.dispatch(endpoints.getPaymentStatus.initiate({ formId }, FRESH)), signal);

/** GET …/banks/sbp: the fast payment system's banks (id, value, codeInteger). */
export const fetchSbpBanks = (formId: string, signal?: AbortSignal) =>
  settle(store.dispatch(endpoints.getSbpBanks.initiate({ formId }, FRESH)), signal);
