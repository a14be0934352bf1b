/**
 * Paths of the hosted form's calls (SPEC §7 Payment form), with no other code: the RTK Query
 * endpoints here and the payment form's own small fetch client (which cannot afford RTK Query,
 * decision 0011) both build their URLs from this one place.
 */
export type PaymentFormAction = 'init' | 'credential' | 'complete' | 'status' | 'banks/sbp';

export const paymentFormPath = (formId: string, action: PaymentFormAction): string =>
  `/api/payments/form/${encodeURIComponent(formId)}/${action}`;
