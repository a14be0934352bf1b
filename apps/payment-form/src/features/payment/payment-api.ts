/**
 * The hosted form's five calls (SPEC §7 "Payment form") over plain fetch.
 *
 * Why not the RTK Query endpoints of `@paygate/api/payment-form`: RTK Query with react-redux
 * adds about 26 KB gzip, which the form's 100 KB budget cannot carry next to React (67 KB) and
 * i18next (15 KB) (bench/payment-form-bundle.mjs). Shapes still live once: every request and
 * answer type is the server's OpenAPI type exported by that subpath (type-only import, no code).
 *
 * Every call is public and same-origin; answers are read from their `data` field. A failed call
 * throws PaymentApiError with the HTTP status (null without an answer) and the server's message.
 */
import type {
  Bank,
  CompletePaymentRequest,
  PaymentCompletion,
  PaymentCredentialRequest,
  PaymentFormData,
  PaymentStatus,
} from '@paygate/api/payment-form';
import { type PaymentFormAction, paymentFormPath } from '@paygate/api/payment-form-paths';

export class PaymentApiError extends Error {
  override name = 'PaymentApiError';
  constructor(
    /** HTTP status of the answer; null when there was none (network failure). */
    readonly status: number | null,
    message: string,
  ) {
    super(message);
  }
}

/** An aborted fetch (a DOMException, which is not an Error in every environment). */
export const isAbortError = (error: unknown): boolean =>
  typeof error === 'object' &&
  error !== null &&
  (error as { name?: unknown }).name === 'AbortError';

const call = async <T>(
  formId: string,
  action: PaymentFormAction,
  method: 'GET' | 'POST',
  signal: AbortSignal | undefined,
  body?: object,
): Promise<T> => {
  let response: Response;
  try {
    response = await fetch(paymentFormPath(formId, action), {
      method,
      signal,
      credentials: 'same-origin',
      // A POST without a body sends no content type: the server refuses an empty JSON body.
      ...(body && { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    });
  } catch (error) {
    if (isAbortError(error)) throw error;
    throw new PaymentApiError(null, error instanceof Error ? error.message : String(error));
  }
  const payload: unknown = await response.json().catch(() => null);
  const record = (typeof payload === 'object' && payload !== null ? payload : {}) as {
    data?: T;
    message?: unknown;
  };
  if (!response.ok) {
    const message = typeof record.message === 'string' ? record.message : response.statusText;
    throw new PaymentApiError(response.status, message);
  }
  if (record.data === undefined) throw new PaymentApiError(response.status, 'No data');
  return record.data;
};

/** POST …/init: everything the form shows, and the verficationKey for the support code. */
export const fetchPaymentForm = (formId: string, signal?: AbortSignal) =>
  call<PaymentFormData>(formId, 'init', 'POST', signal);

/** POST …/credential: method and amount chosen; a deposit gets the requisites to pay to. */
export const requestPaymentCredential = (
  formId: string,
  request: PaymentCredentialRequest,
  signal?: AbortSignal,
) => call<PaymentFormData>(formId, 'credential', 'POST', signal, { ...request, formId });

/** POST …/complete: a deposit's "I have paid", or a withdrawal's phone (and bank). */
export const completePayment = (
  formId: string,
  request: CompletePaymentRequest,
  signal?: AbortSignal,
) => call<PaymentCompletion>(formId, 'complete', 'POST', signal, { ...request, formId });

/** POST …/status: polled every PAYMENT_STATUS_POLL_MS at Processing. */
export const fetchPaymentStatus = (formId: string, signal?: AbortSignal) =>
  call<PaymentStatus>(formId, 'status', 'POST', signal);

/** GET …/banks/sbp: the fast payment system's banks (id, value, codeInteger). */
export const fetchSbpBanks = (formId: string, signal?: AbortSignal) =>
  call<Bank[]>(formId, 'banks/sbp', 'GET', signal);
