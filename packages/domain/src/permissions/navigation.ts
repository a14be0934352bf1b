import { MONITORING_PERMISSIONS, USER_MANAGEMENT_PERMISSIONS } from './permission-predicates.ts';
import {
  hasAllPermissions,
  hasAnyPermission,
  type Permission,
  type PermissionHolder,
} from './permission-table.ts';

export type NavigationItemId =
  | 'dashboard'
  | 'reports'
  | 'balanceMovements'
  | 'merchant'
  | 'terminals'
  | 'accounts'
  | 'monitoring'
  | 'users'
  | 'roles'
  | 'audit'
  | 'developers'
  | 'settings'
  | 'support';

export interface NavigationItem {
  id: NavigationItemId;
  label: string;
  /** Route path, or null for the external Support link whose address is configuration. */
  path: string | null;
  /** Whether the item leaves the app (Support). */
  external: boolean;
  /** Every one of these is needed; none means always shown. */
  requires: readonly Permission[];
  /** At least one of these is needed as well, when given. */
  requiresAnyOf?: readonly Permission[];
}

/**
 * SPEC §2 side navigation, in SPEC order, with the visibility rules of SPEC §6; the screens SPEC
 * does not name sit where they belong among them.
 */
export const NAVIGATION_ITEMS: readonly NavigationItem[] = [
  { id: 'dashboard', label: 'Dashboard', path: '/invoices', external: false, requires: [] },
  {
    id: 'reports',
    label: 'Reports',
    path: '/reports',
    external: false,
    requires: ['merchant.read.report'],
  },
  // Not in SPEC (decision 0029): the Balance statement's rows on screen, beside the reports.
  {
    id: 'balanceMovements',
    label: 'Balance movements',
    path: '/balance-movements',
    external: false,
    requires: ['report.read.balance'],
  },
  {
    id: 'merchant',
    label: 'Merchant',
    path: '/merchant',
    external: false,
    requires: ['merchant.read'],
  },
  { id: 'terminals', label: 'Terminals', path: '/terminals', external: false, requires: [] },
  {
    id: 'accounts',
    label: 'Accounts',
    path: '/accounts',
    external: false,
    requires: ['people.account'],
  },
  {
    id: 'monitoring',
    label: 'Monitoring',
    path: '/monitoring',
    external: false,
    requires: MONITORING_PERMISSIONS,
  },
  {
    id: 'users',
    label: 'Users',
    path: '/users',
    external: false,
    requires: [],
    requiresAnyOf: USER_MANAGEMENT_PERMISSIONS,
  },
  {
    id: 'roles',
    label: 'Roles',
    path: '/roles',
    external: false,
    requires: ['role.manage'],
  },
  {
    id: 'audit',
    label: 'Audit log',
    path: '/audit',
    external: false,
    requires: ['audit.read'],
  },
  {
    id: 'developers',
    label: 'Developers',
    path: '/developers',
    external: false,
    requires: ['merchant.keys'],
  },
  { id: 'settings', label: 'Settings', path: '/settings', external: false, requires: [] },
  { id: 'support', label: 'Support', path: null, external: true, requires: [] },
];

/** SPEC §2, §6: the navigation items the holder sees, in SPEC order. */
export const visibleNavigationItems = (holder: PermissionHolder): NavigationItem[] =>
  NAVIGATION_ITEMS.filter(
    (item) =>
      hasAllPermissions(holder, item.requires) &&
      (!item.requiresAnyOf || hasAnyPermission(holder, item.requiresAnyOf)),
  );
