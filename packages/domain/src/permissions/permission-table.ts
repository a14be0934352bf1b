/**
 * The permission table of SPEC §6: every permission string the product knows, with its effect.
 * The single source of truth: the apps decide what to show and the server what to allow from it.
 * merchant.create is the product's own addition where SPEC §6 names no permission (decision 0002);
 * user.manage, user.manage.own and role.manage come with staff administration (decision 0019);
 * merchant.keys with the Developers screen (decision 0021).
 * The effects are also the words of the role editor's checklist.
 */
export const PERMISSION_TABLE = [
  { permission: 'merchant.rw.all', effect: 'Load all merchants (page size 50) and choose one' },
  {
    permission: 'merchant.create',
    effect: 'New Merchant: create a merchant and receive its signing secret (shown once)',
  },
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
  {
    permission: 'invoice.event.read',
    effect: 'Event Log section of invoice details (the request is made regardless)',
  },
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
  {
    permission: 'user.manage',
    effect: 'Users: add, change, deactivate and reset the back-office users of every merchant',
  },
  {
    permission: 'user.manage.own',
    effect: "Users: add, change, deactivate and reset the users of one's own merchant",
  },
  {
    permission: 'audit.read',
    effect: "Audit log: sign-ins, users, roles and sessions changes (one's own merchant's, or all)",
  },
  {
    permission: 'merchant.keys',
    effect:
      "Developers: API keys, webhook secrets, endpoints and events (one's own merchant, or any)",
  },
  {
    permission: 'role.manage',
    effect: 'Roles: create, change and delete custom roles from these permissions',
  },
] as const;

export type Permission = (typeof PERMISSION_TABLE)[number]['permission'];

/** Every permission of the table (SPEC §6 and the product's own), in table order. */
export const ALL_PERMISSIONS: readonly Permission[] = PERMISSION_TABLE.map(
  ({ permission }) => permission,
);

const KNOWN = new Set<string>(ALL_PERMISSIONS);

/** SPEC §6: true for a string of the permission table; anything else grants nothing. */
export const isKnownPermission = (value: unknown): value is Permission =>
  typeof value === 'string' && KNOWN.has(value);

/**
 * Whatever carries a person's permissions (SPEC §3 Current person): the person, or the list
 * itself. A person not loaded yet (null, undefined, no list) has no permissions.
 */
export type PermissionHolder =
  | readonly string[]
  | { readonly permissions?: readonly string[] | null }
  | null
  | undefined;

const permissionsOf = (holder: PermissionHolder): readonly string[] => {
  if (!holder) return [];
  if (Array.isArray(holder)) return holder;
  const { permissions } = holder as { readonly permissions?: readonly string[] | null };
  return Array.isArray(permissions) ? permissions : [];
};

/** SPEC §6: the known permissions a holder has, unknown strings left out, each once. */
export const knownPermissions = (holder: PermissionHolder): Permission[] =>
  ALL_PERMISSIONS.filter((permission) => permissionsOf(holder).includes(permission));

/** SPEC §6: whether the holder has the permission; for UI visibility and server authorisation. */
export const hasPermission = (holder: PermissionHolder, permission: Permission): boolean =>
  permissionsOf(holder).includes(permission);

/** SPEC §6: whether the holder has every one of the permissions (true for none). */
export const hasAllPermissions = (
  holder: PermissionHolder,
  permissions: readonly Permission[],
): boolean => permissions.every((permission) => hasPermission(holder, permission));

/** SPEC §6: whether the holder has at least one of the permissions (false for none). */
export const hasAnyPermission = (
  holder: PermissionHolder,
  permissions: readonly Permission[],
): boolean => permissions.some((permission) => hasPermission(holder, permission));
