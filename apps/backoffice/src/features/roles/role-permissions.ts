import { PERMISSION_TABLE } from '@paygate/domain';

/**
 * The role editor's checklist (issue 22 item 2): every permission of the permission table of
 * packages/domain, with its effect in words, in groups a person can scan. A permission the groups
 * below do not name falls into "Other", so a new one in the table is never left out.
 */

export interface PermissionEntry {
  permission: string;
  /** What the permission shows or allows, from PERMISSION_TABLE. */
  effect: string;
}

export interface PermissionGroup {
  title: string;
  entries: PermissionEntry[];
}

interface GroupRule {
  title: string;
  /** Whole permission strings that belong here, before any prefix is looked at. */
  exact?: readonly string[];
  /** Permission prefixes (up to and including a dot) that belong here. */
  prefixes?: readonly string[];
}

/**
 * In the order shown. A permission named in `exact` goes to that group; otherwise to the group
 * with the longest prefix it starts with (merchant.callback.* are invoice matters, not merchant).
 */
const GROUP_RULES: readonly GroupRule[] = [
  { title: 'Merchants', prefixes: ['merchant.'] },
  {
    title: 'Invoices and callbacks',
    prefixes: ['invoice.', 'merchant.callback.', 'ticket.'],
  },
  { title: 'Finance', exact: ['merchant.read.finance'], prefixes: ['settlement.'] },
  { title: 'Reports', exact: ['merchant.read.report'], prefixes: ['report.'] },
  { title: 'Terminals and monitoring', prefixes: ['terminal.', 'data.terminal.'] },
  { title: 'Provider accounts', prefixes: ['people.'] },
  { title: 'Users and roles', prefixes: ['user.', 'role.'] },
  { title: 'Audit', prefixes: ['audit.'] },
  { title: 'Developers', exact: ['merchant.keys'] },
];

const OTHER = 'Other';

/** The title of the group a permission is listed under. */
export const permissionGroupOf = (permission: string): string => {
  const exact = GROUP_RULES.find((rule) => rule.exact?.includes(permission));
  if (exact) return exact.title;
  let best: { title: string; length: number } | null = null;
  for (const rule of GROUP_RULES) {
    for (const prefix of rule.prefixes ?? []) {
      if (permission.startsWith(prefix) && prefix.length > (best?.length ?? 0)) {
        best = { title: rule.title, length: prefix.length };
      }
    }
  }
  return best?.title ?? OTHER;
};

const EFFECTS = new Map<string, string>(
  PERMISSION_TABLE.map(({ permission, effect }) => [permission, effect]),
);

/** The words of a permission; an unknown string (it grants nothing) says so. */
export const permissionEffect = (permission: string): string =>
  EFFECTS.get(permission) ?? 'Unknown permission: grants nothing';

/**
 * The permissions in their groups, in group order and, within a group, in the order given (the
 * table's for the checklist). Empty groups are left out.
 */
export const groupPermissions = (permissions: readonly string[]): PermissionGroup[] => {
  const titles = [...GROUP_RULES.map((rule) => rule.title), OTHER];
  const groups = new Map<string, PermissionEntry[]>(titles.map((title) => [title, []]));
  for (const permission of new Set(permissions)) {
    groups.get(permissionGroupOf(permission))?.push({
      permission,
      effect: permissionEffect(permission),
    });
  }
  return titles
    .map((title) => ({ title, entries: groups.get(title) ?? [] }))
    .filter((group) => group.entries.length > 0);
};

/** The whole checklist: every permission of the table, grouped. */
export const PERMISSION_CHECKLIST: readonly PermissionGroup[] = groupPermissions(
  PERMISSION_TABLE.map(({ permission }) => permission),
);
