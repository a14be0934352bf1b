import type { FlowType } from '../constants/business-constants.ts';

/** Invoice status codes seen in SPEC §4. */
export const INVOICE_STATUS_CODES = [
  'NEW',
  'IN_PROGRESS',
  'DONE',
  'PAYED',
  'DECLINED',
  'CANCELED',
] as const;
export type InvoiceStatusCode = (typeof INVOICE_STATUS_CODES)[number];

/** Badge kinds of SPEC §4, shared by invoice and ticket badges. */
export const BADGE_KINDS = ['primary', 'error', 'warning', 'success', 'neutral'] as const;
export type BadgeKind = (typeof BADGE_KINDS)[number];

const INVOICE_STATUS_BADGES: Record<string, BadgeKind> = {
  DECLINED: 'error',
  CANCELED: 'error',
  DONE: 'success',
  PAYED: 'success',
  NEW: 'neutral',
  IN_PROGRESS: 'primary',
};

/** SPEC §4: the badge kind of an invoice status; any other code is a warning. */
export const invoiceStatusBadgeKind = (statusCode: string): BadgeKind =>
  INVOICE_STATUS_BADGES[statusCode] ?? 'warning';

export type PaymentPollOutcome = 'success' | 'fail' | 'continue';

/** SPEC §4 payment form polling: DONE ends in Success, CANCELED or DECLINED in Fail. */
export const paymentPollOutcome = (statusCode: string): PaymentPollOutcome => {
  if (statusCode === 'DONE') return 'success';
  if (statusCode === 'CANCELED' || statusCode === 'DECLINED') return 'fail';
  return 'continue';
};

/** SPEC §4: retry is offered only for withdrawals that are not CANCELED or DONE. */
export const canRetryInvoice = (invoice: { flowType: FlowType | string; statusCode: string }) =>
  invoice.flowType === 'WITHDRAWAL' &&
  invoice.statusCode !== 'CANCELED' &&
  invoice.statusCode !== 'DONE';

/**
 * SPEC §4: manual status change is offered to users with invoice.status.change, or on
 * test-processing invoices.
 */
export const canChangeInvoiceStatusManually = (
  hasStatusChangePermission: boolean,
  isTestProcessing: boolean,
): boolean => hasStatusChangePermission || isTestProcessing;

/** SPEC §4: the status dropdown lists every status other than the current one. */
export const statusChangeOptions = <T extends { code: string }>(
  statuses: readonly T[],
  currentCode: string,
): T[] => statuses.filter(({ code }) => code !== currentCode);

/** SPEC §4: the text of the status change confirmation. */
export const statusChangeConfirmationText = (from: string, to: string): string =>
  `Are you sure you want to change the payment status from ${from} to ${to}?`;

/** Toast texts of invoice status and amount changes (SPEC §4, §8), word for word. */
export const INVOICE_STATUS_MESSAGES = {
  changed: 'Status changed successfully!',
  changeFailed: 'Failed to change status',
} as const;
