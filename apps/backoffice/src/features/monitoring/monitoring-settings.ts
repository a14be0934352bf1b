import {
  MONITORING_PERIODS,
  MONITORING_REFRESH_FALLBACK_SECONDS,
  MONITORING_REFRESH_SECONDS,
  type MonitoringPeriodId,
} from '@paygate/domain';

/**
 * Refresh intervals outside this range count as unusable: under 5 s would hammer the server,
 * over a day is no monitoring, and both are far more likely a broken setting than a wish.
 */
export const MIN_REFRESH_SECONDS = 5;
export const MAX_REFRESH_SECONDS = 24 * 60 * 60;

/** What GET /api/v1/terminal/statistic may answer; every field is checked before use. */
export interface MonitoringSettingsLike {
  refreshIntervalSeconds?: unknown;
  fallbackRefreshIntervalSeconds?: unknown;
  successPercentThresholds?: unknown;
}

const isUsableSeconds = (value: unknown): value is number =>
  typeof value === 'number' &&
  Number.isFinite(value) &&
  value >= MIN_REFRESH_SECONDS &&
  value <= MAX_REFRESH_SECONDS;

/**
 * SPEC §9: the statistics refresh every 60 s unless configured, and every 20 s when the setting is
 * unusable. The 60 s default holds while the settings load, when they cannot be loaded and when
 * they carry no `refreshIntervalSeconds`. A value that is there but unusable (not a number, under
 * 5 s, over a day) gives the fallback: the settings' own `fallbackRefreshIntervalSeconds` when
 * that is usable, else 20 s.
 */
export const refreshSecondsOf = (settings: MonitoringSettingsLike | undefined): number => {
  const configured = settings?.refreshIntervalSeconds;
  if (configured === undefined || configured === null) return MONITORING_REFRESH_SECONDS;
  if (isUsableSeconds(configured)) return configured;
  const fallback = settings?.fallbackRefreshIntervalSeconds;
  return isUsableSeconds(fallback) ? fallback : MONITORING_REFRESH_FALLBACK_SECONDS;
};

/** Success percent at or above `good` is green, at or above `warning` amber, below red. */
export interface SuccessThresholds {
  good: number;
  warning: number;
}

const isPercent = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= 100;

/**
 * SPEC §9: the colour thresholds of the success percent come from the server (the statistic
 * settings). Missing or inconsistent thresholds give no colours rather than invented ones.
 */
export const successThresholdsOf = (
  settings: MonitoringSettingsLike | undefined,
): SuccessThresholds | null => {
  const thresholds = settings?.successPercentThresholds;
  if (typeof thresholds !== 'object' || thresholds === null) return null;
  const { good, warning } = thresholds as Record<string, unknown>;
  return isPercent(good) && isPercent(warning) && warning <= good ? { good, warning } : null;
};

export type SuccessLevel = 'good' | 'fair' | 'poor' | 'none';

/** The colour level of a terminal's success percent; 'none' without thresholds or invoices. */
export const successLevelOf = (
  successPercent: number,
  totalCount: number,
  thresholds: SuccessThresholds | null,
): SuccessLevel => {
  if (!thresholds || totalCount === 0) return 'none';
  if (successPercent >= thresholds.good) return 'good';
  if (successPercent >= thresholds.warning) return 'fair';
  return 'poor';
};

/** Percent as the server rounds it (two decimals), without trailing zeros: 66.67%, 50%, 0%. */
export const formatPercent = (value: number): string => `${Math.round(value * 100) / 100}%`;

export const periodLabelOf = (period: MonitoringPeriodId): string =>
  MONITORING_PERIODS.find(({ id }) => id === period)?.label ?? period;
