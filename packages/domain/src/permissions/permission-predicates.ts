import {
  hasAllPermissions,
  hasPermission,
  type Permission,
  type PermissionHolder,
} from './permission-table.ts';

/** Both are needed for Monitoring (SPEC §6). */
export const MONITORING_PERMISSIONS: readonly Permission[] = [
  'terminal.statistic.settings',
  'data.terminal.statistic',
];

/** SPEC §6 merchant.rw.all: may load every merchant and choose one. */
export const canLoadAllMerchants = (holder: PermissionHolder) =>
  hasPermission(holder, 'merchant.rw.all');

/** SPEC §6 merchant.read: may load the own merchant. */
export const canReadOwnMerchant = (holder: PermissionHolder) =>
  hasPermission(holder, 'merchant.read');

/** SPEC §6: Monitoring needs terminal.statistic.settings AND data.terminal.statistic. */
export const canMonitorTerminals = (holder: PermissionHolder) =>
  hasAllPermissions(holder, MONITORING_PERMISSIONS);

/** SPEC §6 merchant.read.finance: finance summary on the invoice list. */
export const canSeeFinanceSummary = (holder: PermissionHolder) =>
  hasPermission(holder, 'merchant.read.finance');

/** SPEC §5, §6: settlement needs settlement.create and a terminal id (submit ignored without). */
export const canCreateSettlement = (
  holder: PermissionHolder,
  terminalId: string | number | null | undefined,
): boolean =>
  hasPermission(holder, 'settlement.create') &&
  terminalId !== null &&
  terminalId !== undefined &&
  String(terminalId).trim() !== '';

/** SPEC §6 people.account.edit: toggle an account's enabled flag from the list. */
export const canToggleAccounts = (holder: PermissionHolder) =>
  hasPermission(holder, 'people.account.edit');

/** SPEC §6 ticket.decision: approve or reject tickets. */
export const canDecideTickets = (holder: PermissionHolder) =>
  hasPermission(holder, 'ticket.decision');

/** SPEC §6 terminal permissions. */
export const terminalAccess = (holder: PermissionHolder) => ({
  create: hasPermission(holder, 'terminal.create'),
  switchToProduction: hasPermission(holder, 'terminal.prod.change'),
  readAttributes: hasPermission(holder, 'terminal.attr.read'),
});

/** What the invoice details screen may show and offer (SPEC §2, §4, §6). */
export const invoiceDetailAccess = (
  holder: PermissionHolder,
  invoice: { isTestProcessing: boolean; providerInvoiceId?: string | null },
) => ({
  errors: hasPermission(holder, 'invoice.error.read'),
  transactions: hasPermission(holder, 'invoice.transaction.read'),
  /** The event log request is made regardless; the section shows with the permission. */
  eventLog: hasPermission(holder, 'invoice.event.read'),
  callbacks: hasPermission(holder, 'merchant.callback.read'),
  manualCallback: hasPermission(holder, 'merchant.callback.edit'),
  changeAmount: hasPermission(holder, 'invoice.amount.change'),
  changeStatus: hasPermission(holder, 'invoice.status.change') || invoice.isTestProcessing,
  providerInvoiceId:
    hasPermission(holder, 'invoice.provider.read') && Boolean(invoice.providerInvoiceId),
  credentials: hasPermission(holder, 'invoice.credentials.read'),
  ticketDecision: hasPermission(holder, 'ticket.decision'),
});
