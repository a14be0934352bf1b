/**
 * The permission table of SPEC §6: every permission string the product knows, with its effect.
 * Both the apps (what to show) and the server (what to allow) read it from here.
 */
export const PERMISSION_TABLE = [
  { permission: 'merchant.rw.all', effect: 'Load all merchants (page size 50) and choose one' },
  { permission: 'merchant.read', effect: 'Load own merchant; Merchant navigation item' },
  { permission: 'merchant.read.report', effect: 'Reports navigation item' },
  { permission: 'merchant.read.finance', effect: 'Finance summary on the invoice list' },
  { permission: 'people.account', effect: 'Accounts navigation item' },
  { permission: 'people.account.edit', effect: 'Toggle account enabled from the list' },
  {
    permission: 'terminal.statistic.settings',
    effect: 'Monitoring (with data.terminal.statistic)',
  },
  {
    permission: 'data.terminal.statistic',
    effect: 'Monitoring (with terminal.statistic.settings)',
  },
  { permission: 'settlement.create', effect: 'Settlement control and dialog (needs a terminal)' },
  { permission: 'report.read.balance', effect: 'Balance report card' },
  { permission: 'report.read.invoice', effect: 'Transactions report card' },
  { permission: 'report.read.provider', effect: 'Provider report card' },
  { permission: 'report.read.pool.balance', effect: 'Terminal Pool Balance report card' },
  { permission: 'invoice.error.read', effect: 'Errors section of invoice details' },
  { permission: 'invoice.transaction.read', effect: 'Transactions section of invoice details' },
  { permission: 'invoice.event.read', effect: 'Event Log section of invoice details' },
  { permission: 'merchant.callback.read', effect: 'Callbacks section of invoice details' },
  { permission: 'merchant.callback.edit', effect: 'Send a manual callback' },
  { permission: 'invoice.amount.change', effect: 'Change an invoice amount' },
  { permission: 'invoice.status.change', effect: 'Change an invoice status manually' },
  { permission: 'invoice.provider.read', effect: 'Show the provider invoice id when present' },
  { permission: 'invoice.credentials.read', effect: 'Show invoice credentials' },
  { permission: 'ticket.decision', effect: 'Approve or reject support tickets' },
  { permission: 'terminal.create', effect: 'New Terminal button' },
  { permission: 'terminal.prod.change', effect: 'Switch a terminal to production' },
  { permission: 'terminal.attr.read', effect: 'Terminal attributes table' },
] as const;

export type Permission = (typeof PERMISSION_TABLE)[number]['permission'];

export const ALL_PERMISSIONS: readonly Permission[] = PERMISSION_TABLE.map(
  ({ permission }) => permission,
);

const KNOWN = new Set<string>(ALL_PERMISSIONS);

/** True for a string of the permission table; unknown strings in a person's list are ignored. */
export const isKnownPermission = (value: string): value is Permission => KNOWN.has(value);

/** Anything that carries a permission list: the current person, or the list itself. */
export type PermissionHolder = readonly string[] | { readonly permissions: readonly string[] };

const permissionsOf = (holder: PermissionHolder): readonly string[] =>
  Array.isArray(holder) ? holder : (holder as { permissions: readonly string[] }).permissions;

export const hasPermission = (holder: PermissionHolder, permission: Permission): boolean =>
  permissionsOf(holder).includes(permission);

export const hasAllPermissions = (
  holder: PermissionHolder,
  permissions: readonly Permission[],
): boolean => permissions.every((permission) => hasPermission(holder, permission));

export const hasAnyPermission = (
  holder: PermissionHolder,
  permissions: readonly Permission[],
): boolean => permissions.some((permission) => hasPermission(holder, permission));
