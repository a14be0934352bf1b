/**
 * SPEC §9 monitoring periods: "from day start" is the minutes since UTC midnight; then 1 h
 * (the default) and 3 h. The API takes the period as a number of minutes.
 */
export const MONITORING_PERIODS = [
  { id: 'dayStart', label: 'From day start', minutes: null },
  { id: 'oneHour', label: '1 h', minutes: 60 },
  { id: 'threeHours', label: '3 h', minutes: 180 },
] as const;

export type MonitoringPeriodId = (typeof MONITORING_PERIODS)[number]['id'];

export const DEFAULT_MONITORING_PERIOD: MonitoringPeriodId = 'oneHour';

/** Whole minutes since the UTC midnight of `now`. */
export const minutesSinceUtcMidnight = (now: Date | number): number => {
  const date = new Date(now);
  return date.getUTCHours() * 60 + date.getUTCMinutes();
};

/** The minutes parameter for a period at a given moment. */
export const monitoringPeriodMinutes = (period: MonitoringPeriodId, now: Date | number): number => {
  const option = MONITORING_PERIODS.find(({ id }) => id === period);
  return option?.minutes ?? minutesSinceUtcMidnight(now);
};
