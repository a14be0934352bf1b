const MINUTES_PER_HOUR = 60;

/**
 * SPEC §9 monitoring period options, in SPEC order. The API takes the period as a number of
 * minutes: fixed for 1 h and 3 h, and for "from day start" the minutes since UTC midnight.
 */
export const MONITORING_PERIODS = [
  { id: 'dayStart', label: 'From day start', minutes: null },
  { id: 'oneHour', label: '1 h', minutes: MINUTES_PER_HOUR },
  { id: 'threeHours', label: '3 h', minutes: 3 * MINUTES_PER_HOUR },
] as const;

export type MonitoringPeriodId = (typeof MONITORING_PERIODS)[number]['id'];

/** SPEC §9: 1 h is the default period. */
export const DEFAULT_MONITORING_PERIOD: MonitoringPeriodId = 'oneHour';

/** SPEC §9 "from day start": whole minutes since the UTC midnight of `now` (0 to 1439). */
export const minutesSinceUtcMidnight = (now: Date | number): number => {
  const date = new Date(now);
  return date.getUTCHours() * MINUTES_PER_HOUR + date.getUTCMinutes();
};

/** SPEC §9: the minutes parameter of a monitoring period at the moment `now`. */
export const monitoringPeriodMinutes = (period: MonitoringPeriodId, now: Date | number): number => {
  const option = MONITORING_PERIODS.find(({ id }) => id === period);
  return option?.minutes ?? minutesSinceUtcMidnight(now);
};
