import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MONITORING_PERIOD,
  MONITORING_PERIODS,
  minutesSinceUtcMidnight,
  monitoringPeriodMinutes,
} from './monitoring-periods.ts';

describe('monitoring periods', () => {
  const now = Date.UTC(2026, 10, 23, 7, 45, 59);

  it('offers from day start, 1 h (default) and 3 h', () => {
    expect(MONITORING_PERIODS.map(({ id }) => id)).toEqual(['dayStart', 'oneHour', 'threeHours']);
    expect(DEFAULT_MONITORING_PERIOD).toBe('oneHour');
  });

  it('counts whole minutes since UTC midnight for "from day start"', () => {
    expect(minutesSinceUtcMidnight(now)).toBe(465);
    expect(monitoringPeriodMinutes('dayStart', now)).toBe(465);
    expect(minutesSinceUtcMidnight(Date.UTC(2026, 0, 1, 0, 0, 30))).toBe(0);
  });

  it('uses 60 and 180 minutes for the fixed periods', () => {
    expect(monitoringPeriodMinutes('oneHour', now)).toBe(60);
    expect(monitoringPeriodMinutes('threeHours', now)).toBe(180);
  });
});
