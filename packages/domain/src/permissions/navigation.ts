import { hasAllPermissions, type Permission, type PermissionHolder } from './permission-table.ts';

export type NavigationItemId =
  | 'dashboard'
  | 'reports'
  | 'merchant'
  | 'terminals'
  | 'accounts'
  | 'monitoring'
  | 'settings'
  | 'support';

export interface NavigationItem {
  id: NavigationItemId;
  label: string;
  /** Route path, or null for the external Support link whose address is configuration. */
  path: string | null;
  /** All of these are needed; none means always shown. */
  requires: readonly Permission[];
}

/** The side navigation of SPEC §2 in its order, with the visibility rules of SPEC §6. */
export const NAVIGATION_ITEMS: readonly NavigationItem[] = [
  { id: 'dashboard', label: 'Dashboard', path: '/invoices', requires: [] },
  { id: 'reports', label: 'Reports', path: '/reports', requires: ['merchant.read.report'] },
  { id: 'merchant', label: 'Merchant', path: '/merchant', requires: ['merchant.read'] },
  { id: 'terminals', label: 'Terminals', path: '/terminals', requires: [] },
  { id: 'accounts', label: 'Accounts', path: '/accounts', requires: ['people.account'] },
  {
    id: 'monitoring',
    label: 'Monitoring',
    path: '/monitoring',
    requires: ['terminal.statistic.settings', 'data.terminal.statistic'],
  },
  { id: 'settings', label: 'Settings', path: '/settings', requires: [] },
  { id: 'support', label: 'Support', path: null, requires: [] },
];

/** The navigation items a person sees, in SPEC order. */
export const visibleNavigationItems = (holder: PermissionHolder): NavigationItem[] =>
  NAVIGATION_ITEMS.filter((item) => hasAllPermissions(holder, item.requires));

export type ReportCardId = 'transactions' | 'provider' | 'poolBalance' | 'balance';

export interface ReportCard {
  id: ReportCardId;
  title: string;
  requires: Permission;
}

/** The report cards of SPEC §2 with the permission each needs (SPEC §6). */
export const REPORT_CARDS: readonly ReportCard[] = [
  { id: 'transactions', title: 'Transactions', requires: 'report.read.invoice' },
  { id: 'provider', title: 'Provider', requires: 'report.read.provider' },
  { id: 'poolBalance', title: 'Terminal Pool Balance', requires: 'report.read.pool.balance' },
  { id: 'balance', title: 'Balance', requires: 'report.read.balance' },
];

export const visibleReportCards = (holder: PermissionHolder): ReportCard[] =>
  REPORT_CARDS.filter((card) => hasAllPermissions(holder, [card.requires]));
