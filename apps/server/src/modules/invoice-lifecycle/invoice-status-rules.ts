import type { InvoiceStatusCode } from '@paygate/domain';

/**
 * The invoice state machine (docs/decisions/0006-invoice-lifecycle.md).
 * NEW: created, nothing assigned yet. IN_PROGRESS: requisites assigned (deposit) or payout
 * requested (withdrawal). PAYED: the provider reported that the money moved; the platform awaits
 * its confirmation. DONE: confirmed. DECLINED: refused (no account, provider). CANCELED: expired
 * or abandoned.
 */
export const FAILED_STATUSES = [
  'DECLINED',
  'CANCELED',
] as const satisfies readonly InvoiceStatusCode[];

const includes = (list: readonly string[], status: string) => list.includes(status);

export const isFailedStatus = (status: string) => includes(FAILED_STATUSES, status);

/** Final statuses: the payment has its outcome and the merchant is told (callback). */
export const FINAL_STATUSES = [
  'DONE',
  ...FAILED_STATUSES,
] as const satisfies readonly InvoiceStatusCode[];
export const isFinalStatus = (status: string) => includes(FINAL_STATUSES, status);

/**
 * Whether an invoice in this status keeps its amount taken from its people account's limit:
 * taken when requisites are assigned, given back when the invoice fails.
 */
export const holdsAccountLimit = (status: string) => !isFailedStatus(status);

/**
 * Transitions the payment engine makes on its own (customer, provider, expiry). A person with
 * invoice.status.change (or anyone on a test-processing invoice, SPEC §4) may set any other
 * status by hand; such overrides are recorded with the person in the history and the event log.
 */
export const AUTOMATIC_TRANSITIONS: Readonly<
  Record<InvoiceStatusCode, readonly InvoiceStatusCode[]>
> = {
  NEW: ['IN_PROGRESS', 'DECLINED', 'CANCELED'],
  IN_PROGRESS: ['PAYED', 'DONE', 'DECLINED', 'CANCELED'],
  // A provider may reverse a reported payment before confirming it.
  PAYED: ['DONE', 'DECLINED'],
  DONE: [],
  DECLINED: [],
  CANCELED: [],
};

export const isAutomaticTransition = (from: InvoiceStatusCode, to: InvoiceStatusCode): boolean =>
  AUTOMATIC_TRANSITIONS[from].includes(to);
