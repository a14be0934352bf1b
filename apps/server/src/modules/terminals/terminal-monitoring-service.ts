import {
  DEFAULT_MONITORING_PERIOD,
  MONITORING_PERIODS,
  MONITORING_REFRESH_FALLBACK_SECONDS,
  MONITORING_REFRESH_SECONDS,
} from '@paygate/domain';
import type { Database } from '../../db/database.ts';
import type { MerchantScope } from '../auth/auth-entry.ts';
import { selectTerminalStatistics } from './terminal-repository.ts';

/** The Monitoring screen (SPEC §9): its settings and each terminal's figures. */

/** The longest statistics window: a week, enough for any monitoring period with room to spare. */
export const MAX_STATISTIC_MINUTES = 7 * 24 * 60;

/**
 * Colours of a terminal's success percent on the Monitoring screen (SPEC §9 leaves them open):
 * at or above `good` green, at or above `warning` amber, below red.
 */
export const SUCCESS_PERCENT_THRESHOLDS = { good: 80, warning: 50 } as const;

/** The monitoring settings of GET /api/v1/terminal/statistic. */
export const MONITORING_SETTINGS = {
  refreshIntervalSeconds: MONITORING_REFRESH_SECONDS,
  fallbackRefreshIntervalSeconds: MONITORING_REFRESH_FALLBACK_SECONDS,
  periods: MONITORING_PERIODS.map(({ id, label, minutes }) => ({ id, label, minutes })),
  defaultPeriod: DEFAULT_MONITORING_PERIOD,
  maxMinutes: MAX_STATISTIC_MINUTES,
  successPercentThresholds: SUCCESS_PERCENT_THRESHOLDS,
};

/** Share of the total in percent, to two decimals; 0 of nothing is 0. */
export const percentOf = (count: number, total: number): number =>
  total === 0 ? 0 : Math.round((count * 10_000) / total) / 100;

/**
 * Every terminal in scope, also those without invoices: invoices created in the last `minutes`
 * by outcome, with each outcome's percent of the total.
 */
export const terminalStatistics = async (db: Database, scope: MerchantScope, minutes: number) =>
  (await selectTerminalStatistics(db, scope, minutes)).map((row) => ({
    ...row,
    successPercent: percentOf(row.successCount, row.totalCount),
    cancelPercent: percentOf(row.cancelCount, row.totalCount),
    declinedPercent: percentOf(row.declinedCount, row.totalCount),
  }));
