import { ALL_PERMISSIONS, type Permission } from './permission-table.ts';

/**
 * Permission sets of the seeded roles. SPEC §6 names no roles; these are the product's
 * decision (docs/decisions/0002-roles-and-domain-rules.md): what each kind of back-office user
 * needs. Only admin holds merchant.create: creating a merchant hands out its signing secret.
 */
export const ROLE_PERMISSIONS = {
  /** Platform administrators: everything, merchant.create included. */
  admin: ALL_PERMISSIONS,
  /** A merchant's own staff: their merchant's invoices, terminals, reports and settlements. */
  merchant: [
    'merchant.read',
    'merchant.read.report',
    'merchant.read.finance',
    'settlement.create',
    'report.read.balance',
    'report.read.invoice',
    'invoice.error.read',
    'invoice.transaction.read',
    'invoice.event.read',
    'merchant.callback.read',
    'terminal.create',
    'terminal.attr.read',
    // The merchant's own staff administration (issue 22, decision 0019).
    'user.manage.own',
    // The merchant's own API keys, webhook secrets and endpoints (issue 23, decision 0021).
    'merchant.keys',
  ],
  /** Platform support: every merchant's invoices, callbacks and tickets. */
  support: [
    'merchant.rw.all',
    'merchant.read',
    'invoice.error.read',
    'invoice.transaction.read',
    'invoice.event.read',
    'invoice.provider.read',
    'invoice.credentials.read',
    'invoice.status.change',
    'merchant.callback.read',
    'merchant.callback.edit',
    'ticket.decision',
  ],
  /** Platform operators: provider accounts, terminals and monitoring across merchants. */
  operator: [
    'merchant.rw.all',
    'merchant.read',
    'people.account',
    'people.account.edit',
    'terminal.statistic.settings',
    'data.terminal.statistic',
    'terminal.attr.read',
    'terminal.prod.change',
    'invoice.event.read',
    'invoice.provider.read',
    // The Reports navigation item needs merchant.read.report; operators read two of its cards.
    'merchant.read.report',
    'report.read.provider',
    'report.read.pool.balance',
  ],
} as const satisfies Record<string, readonly Permission[]>;

export type RoleName = keyof typeof ROLE_PERMISSIONS;
export const ROLE_NAMES = Object.keys(ROLE_PERMISSIONS) as RoleName[];
