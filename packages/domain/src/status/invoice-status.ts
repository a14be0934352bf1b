import type { FlowType } from '../constants/business-constants.ts';
import type { BadgeKind } from './badge.ts';

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

/** True for one of the invoice status codes of SPEC §4 (codes are case-sensitive). */
export const isInvoiceStatusCode = (value: string): value is InvoiceStatusCode =>
  (INVOICE_STATUS_CODES as readonly string[]).includes(value);

const INVOICE_STATUS_BADGES: Record<InvoiceStatusCode, BadgeKind> = {
  DECLINED: 'error',
  CANCELED: 'error',
  DONE: 'success',
  PAYED: 'success',
  NEW: 'neutral',
  IN_PROGRESS: 'primary',
};

/** SPEC §4: badge kind of an invoice status; any other code (unknown strings) is 'warning'. */
export const invoiceStatusBadgeKind = (statusCode: string): BadgeKind =>
  isInvoiceStatusCode(statusCode) ? INVOICE_STATUS_BADGES[statusCode] : 'warning';

export type PaymentPollOutcome = 'success' | 'fail' | 'continue';

/** SPEC §4 payment form polling: DONE ends in Success, CANCELED or DECLINED in Fail, else poll on. */
export const paymentPollOutcome = (statusCode: string): PaymentPollOutcome => {
  if (statusCode === 'DONE') return 'success';
  if (statusCode === 'CANCELED' || statusCode === 'DECLINED') return 'fail';
  return 'continue';
};

/** SPEC §4: retry is offered only for WITHDRAWAL invoices whose status is not CANCELED or DONE. */
export const canRetryInvoice = (invoice: {
  flowType: FlowType | string;
  statusCode: string;
}): boolean =>
  invoice.flowType === 'WITHDRAWAL' &&
  invoice.statusCode !== 'CANCELED' &&
  invoice.statusCode !== 'DONE';

/**
 * SPEC §4: manual status change is offered only to users with invoice.status.change, or on
 * test-processing invoices. With a person at hand use `canChangeInvoiceStatus` (permissions).
 */
export const canChangeInvoiceStatusManually = (rule: {
  hasStatusChangePermission: boolean;
  isTestProcessing: boolean;
}): boolean => rule.hasStatusChangePermission || rule.isTestProcessing;

/** SPEC §4: the status dropdown lists every status other than the current one, in list order. */
export const statusChangeOptions = <T extends { code: string }>(
  statuses: readonly T[],
  currentCode: string,
): T[] => statuses.filter(({ code }) => code !== currentCode);

/** SPEC §4: text of the status change confirmation dialog. */
export const statusChangeConfirmationText = (from: string, to: string): string =>
  `Are you sure you want to change the payment status from ${from} to ${to}?`;

/** SPEC §4, §8 toast texts of invoice status changes (amount change failures reuse changeFailed). */
export const INVOICE_STATUS_MESSAGES = {
  changed: 'Status changed successfully!',
  changeFailed: 'Failed to change status',
} as const;
