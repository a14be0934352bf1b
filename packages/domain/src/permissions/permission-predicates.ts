import { canChangeInvoiceStatusManually, canRetryInvoice } from '../status/invoice-status.ts';
import { isTicketOpenForDecision } from '../status/ticket-status.ts';
import {
  hasAllPermissions,
  hasPermission,
  type Permission,
  type PermissionHolder,
} from './permission-table.ts';

/** SPEC §6: Monitoring needs both of these. */
export const MONITORING_PERMISSIONS: readonly Permission[] = [
  'terminal.statistic.settings',
  'data.terminal.statistic',
];

/** Either opens Users (decision 0019): every merchant's users, or the own merchant's. */
export const USER_MANAGEMENT_PERMISSIONS: readonly Permission[] = [
  'user.manage',
  'user.manage.own',
];

/** SPEC §6 merchant.rw.all: may load every merchant and choose one. */
export const canLoadAllMerchants = (holder: PermissionHolder): boolean =>
  hasPermission(holder, 'merchant.rw.all');

/**
 * merchant.create (decision 0002): the New Merchant control, and POST /api/v1/merchant, whose
 * answer carries the new merchant's signing secret. merchant.rw.all alone does not allow it.
 */
export const canCreateMerchant = (holder: PermissionHolder): boolean =>
  hasPermission(holder, 'merchant.create');

/** SPEC §6 merchant.read: may load the own merchant (and sees the Merchant nav item). */
export const canReadOwnMerchant = (holder: PermissionHolder): boolean =>
  hasPermission(holder, 'merchant.read');

/** SPEC §6: Monitoring needs terminal.statistic.settings AND data.terminal.statistic. */
export const canMonitorTerminals = (holder: PermissionHolder): boolean =>
  hasAllPermissions(holder, MONITORING_PERMISSIONS);

/** SPEC §2, §6 merchant.read.finance: the finance summary block on the invoice list. */
export const canSeeFinanceSummary = (holder: PermissionHolder): boolean =>
  hasPermission(holder, 'merchant.read.finance');

/** SPEC §6 people.account.edit: toggle an account's enabled flag from the list. */
export const canToggleAccounts = (holder: PermissionHolder): boolean =>
  hasPermission(holder, 'people.account.edit');

/**
 * SPEC §5, §6: the settlement control and dialog need settlement.create AND a non-empty terminal
 * id (submit is ignored without one).
 */
export const canCreateSettlement = (
  holder: PermissionHolder,
  terminalId: string | number | null | undefined,
): boolean =>
  hasPermission(holder, 'settlement.create') &&
  terminalId !== null &&
  terminalId !== undefined &&
  String(terminalId).trim() !== '';

/** SPEC §4, §6: manual status change needs invoice.status.change, or a test-processing invoice. */
export const canChangeInvoiceStatus = (
  holder: PermissionHolder,
  invoice: { isTestProcessing: boolean },
): boolean =>
  canChangeInvoiceStatusManually({
    hasStatusChangePermission: hasPermission(holder, 'invoice.status.change'),
    isTestProcessing: invoice.isTestProcessing,
  });

/**
 * Who may retry an invoice (decision 0006). SPEC §4 ties Retry to no permission, only to the
 * invoice; the server still decides who acts on whose money: the invoice's own merchant's users
 * retry their own withdrawals, and staff with invoice.status.change retry any invoice they see.
 */
export const mayRetryInvoice = (
  holder: { readonly permissions?: readonly string[] | null; readonly merchantId?: number | null },
  invoice: { merchantId?: number | null },
): boolean =>
  hasPermission(holder, 'invoice.status.change') ||
  (typeof holder.merchantId === 'number' && holder.merchantId === invoice.merchantId);

/**
 * SPEC §4 Retry, as offered: a withdrawal that is not CANCELED or DONE (`canRetryInvoice`), to a
 * person who may retry it (`mayRetryInvoice`).
 */
export const canOfferInvoiceRetry = (
  holder: Parameters<typeof mayRetryInvoice>[0],
  invoice: { merchantId?: number | null; flowType: string; statusCode: string },
): boolean => mayRetryInvoice(holder, invoice) && canRetryInvoice(invoice);

/** SPEC §4, §6: approve or reject a ticket needs ticket.decision and a ticket not REJECTED or SOLVED. */
export const canDecideTicket = (holder: PermissionHolder, ticketStatusCode: string): boolean =>
  hasPermission(holder, 'ticket.decision') && isTicketOpenForDecision(ticketStatusCode);

export interface InvoiceDetailAccess {
  /** Errors section (invoice.error.read). */
  errors: boolean;
  /** Transactions section (invoice.transaction.read). */
  transactions: boolean;
  /** Event Log section (invoice.event.read); the event log request is made regardless. */
  eventLog: boolean;
  /** Callbacks section (merchant.callback.read). */
  callbacks: boolean;
  /** Send a manual callback (merchant.callback.edit). */
  manualCallback: boolean;
  /** Change amount (invoice.amount.change). */
  changeAmount: boolean;
  /** Manual status change (invoice.status.change, or a test-processing invoice). */
  changeStatus: boolean;
  /** Provider Invoice ID, only when present AND permitted (invoice.provider.read). */
  providerInvoiceId: boolean;
  /** Credentials (invoice.credentials.read). */
  credentials: boolean;
  /** Ticket approve or reject in general (ticket.decision); per ticket use canDecideTicket. */
  ticketDecision: boolean;
}

/** SPEC §2, §4, §6: what the invoice details screen may show and offer the holder. */
export const invoiceDetailAccess = (
  holder: PermissionHolder,
  invoice: { isTestProcessing: boolean; providerInvoiceId?: string | number | null },
): InvoiceDetailAccess => ({
  errors: hasPermission(holder, 'invoice.error.read'),
  transactions: hasPermission(holder, 'invoice.transaction.read'),
  eventLog: hasPermission(holder, 'invoice.event.read'),
  callbacks: hasPermission(holder, 'merchant.callback.read'),
  manualCallback: hasPermission(holder, 'merchant.callback.edit'),
  changeAmount: hasPermission(holder, 'invoice.amount.change'),
  changeStatus: canChangeInvoiceStatus(holder, invoice),
  providerInvoiceId:
    hasPermission(holder, 'invoice.provider.read') &&
    invoice.providerInvoiceId !== null &&
    invoice.providerInvoiceId !== undefined &&
    String(invoice.providerInvoiceId).trim() !== '',
  credentials: hasPermission(holder, 'invoice.credentials.read'),
  ticketDecision: hasPermission(holder, 'ticket.decision'),
});
