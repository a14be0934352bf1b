import { hasPermission, type Permission, type PermissionHolder } from './permission-table.ts';

export type ReportCardId = 'transactions' | 'provider' | 'poolBalance' | 'balance' | 'statement';

export interface ReportCard {
  id: ReportCardId;
  title: string;
  requires: Permission;
}

/**
 * SPEC §2 report cards, in SPEC order, each with the permission it needs (SPEC §6); then the
 * balance statement, the line-by-line detail behind Balance, so it needs the same permission.
 */
export const REPORT_CARDS: readonly ReportCard[] = [
  { id: 'transactions', title: 'Transactions', requires: 'report.read.invoice' },
  { id: 'provider', title: 'Provider', requires: 'report.read.provider' },
  { id: 'poolBalance', title: 'Terminal Pool Balance', requires: 'report.read.pool.balance' },
  { id: 'balance', title: 'Balance', requires: 'report.read.balance' },
  { id: 'statement', title: 'Balance statement', requires: 'report.read.balance' },
];

/** SPEC §6: the report cards the holder sees, in REPORT_CARDS order. */
export const visibleReportCards = (holder: PermissionHolder): ReportCard[] =>
  REPORT_CARDS.filter((card) => hasPermission(holder, card.requires));

/** SPEC §6: whether the holder may see (and download) the given report. */
export const canReadReport = (holder: PermissionHolder, report: ReportCardId): boolean =>
  REPORT_CARDS.some((card) => card.id === report && hasPermission(holder, card.requires));
