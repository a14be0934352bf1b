import type { InvoiceStatusCode } from '@paygate/domain';

/**
 * How each invoice status bears on money. An account's limit balance holds the amount of every
 * invoice assigned to it that is open or succeeded; a failed invoice gives its amount back.
 */
export const OPEN_STATUSES = ['NEW', 'IN_PROGRESS'] as const satisfies readonly InvoiceStatusCode[];
export const SUCCEEDED_STATUSES = ['DONE', 'PAYED'] as const satisfies readonly InvoiceStatusCode[];
export const FAILED_STATUSES = [
  'DECLINED',
  'CANCELED',
] as const satisfies readonly InvoiceStatusCode[];

const includes = (list: readonly string[], status: string) => list.includes(status);

export const isOpenStatus = (status: string) => includes(OPEN_STATUSES, status);
export const isSucceededStatus = (status: string) => includes(SUCCEEDED_STATUSES, status);
export const isFailedStatus = (status: string) => includes(FAILED_STATUSES, status);

/** A status the merchant is told about: the payment has an outcome. */
export const isOutcomeStatus = (status: string) =>
  isSucceededStatus(status) || isFailedStatus(status);

/** Whether an invoice in this status keeps its amount taken from its account's limit. */
export const holdsAccountLimit = (status: string) => !isFailedStatus(status);

/**
 * Transitions the payment engine makes on its own (customer, provider, expiry). A person with
 * invoice.status.change may set any other status by hand (SPEC §4 offers every other status);
 * such overrides are recorded with the person in the history and the event log.
 */
export const AUTOMATIC_TRANSITIONS: Readonly<
  Record<InvoiceStatusCode, readonly InvoiceStatusCode[]>
> = {
  NEW: ['IN_PROGRESS', 'DECLINED', 'CANCELED'],
  IN_PROGRESS: ['DONE', 'PAYED', 'DECLINED', 'CANCELED'],
  PAYED: ['DONE'],
  DONE: [],
  DECLINED: [],
  CANCELED: [],
};

export const isAutomaticTransition = (from: InvoiceStatusCode, to: InvoiceStatusCode): boolean =>
  AUTOMATIC_TRANSITIONS[from].includes(to);
