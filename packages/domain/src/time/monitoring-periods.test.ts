import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MONITORING_PERIOD,
  MONITORING_PERIODS,
  minutesSinceUtcMidnight,
  monitoringPeriodMinutes,
} from './monitoring-periods.ts';

describe('monitoring periods', () => {
  const now = Date.UTC(2026, 10, 23, 7, 45, 59);

  it('offers from day start, 1 h (default) and 3 h, in that order', () => {
    expect(MONITORING_PERIODS.map(({ id, minutes }) => [id, minutes])).toEqual([
      ['dayStart', null],
      ['oneHour', 60],
      ['threeHours', 180],
    ]);
    expect(DEFAULT_MONITORING_PERIOD).toBe('oneHour');
  });

  it('counts whole minutes since UTC midnight for "from day start"', () => {
    expect(minutesSinceUtcMidnight(now)).toBe(465);
    expect(monitoringPeriodMinutes('dayStart', now)).toBe(465);
    expect(monitoringPeriodMinutes('dayStart', new Date(now))).toBe(465);
    expect(minutesSinceUtcMidnight(Date.UTC(2026, 0, 1, 0, 0, 30))).toBe(0);
    expect(minutesSinceUtcMidnight(Date.UTC(2026, 0, 1, 23, 59, 59))).toBe(1439);
  });

  it('uses UTC, not the machine zone (the suite runs in UTC+14)', () => {
    // 12:00 UTC is 02:00 the next day in UTC+14: local minutes would be 120.
    expect(minutesSinceUtcMidnight(Date.UTC(2026, 5, 1, 12, 0))).toBe(720);
  });

  it('uses 60 and 180 minutes for the fixed periods at any moment', () => {
    expect(monitoringPeriodMinutes('oneHour', now)).toBe(60);
    expect(monitoringPeriodMinutes('threeHours', now)).toBe(180);
  });

  it('"from day start" is the minutes elapsed in the UTC day, for any moment', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Date.UTC(2100, 0, 1) }), (moment) => {
        const minutes = monitoringPeriodMinutes('dayStart', moment);
        expect(minutes).toBe(Math.floor((moment % 86_400_000) / 60_000));
        expect(minutes).toBeGreaterThanOrEqual(0);
        expect(minutes).toBeLessThan(1440);
      }),
    );
  });
});
