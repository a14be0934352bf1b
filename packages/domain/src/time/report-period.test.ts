import { describe, expect, it } from 'vitest';
import {
  isReportPeriodWithinLimit,
  MAX_REPORT_DAYS,
  REPORT_PERIOD_TOO_LONG_MESSAGE,
  reportPeriodDayCount,
} from './report-period.ts';

describe('report period limit (SPEC §5 Reports)', () => {
  it('is 366 days, in the words the server has always answered with', () => {
    expect(MAX_REPORT_DAYS).toBe(366);
    expect(REPORT_PERIOD_TOO_LONG_MESSAGE).toBe('A report covers at most 366 days');
  });

  it('counts whole UTC days, both ends included', () => {
    expect(reportPeriodDayCount('2026-03-01', '2026-03-01')).toBe(1);
    expect(reportPeriodDayCount('2026-02-27', '2026-03-01')).toBe(3);
    expect(reportPeriodDayCount('2024-02-28', '2024-03-01')).toBe(3);
    // Spans the European and American DST changes of March and October/November: still whole days.
    expect(reportPeriodDayCount('2026-03-01', '2026-03-31')).toBe(31);
    expect(reportPeriodDayCount('2026-10-01', '2026-11-30')).toBe(61);
    expect(reportPeriodDayCount('2025-01-01', '2025-12-31')).toBe(365);
    expect(reportPeriodDayCount('2024-01-01', '2024-12-31')).toBe(366);
  });

  it('has no count while a date is missing or invalid, or the start is after the end', () => {
    expect(reportPeriodDayCount('', '2026-03-01')).toBeNull();
    expect(reportPeriodDayCount('2026-03-01', undefined)).toBeNull();
    expect(reportPeriodDayCount(null, null)).toBeNull();
    expect(reportPeriodDayCount('2026-02-30', '2026-03-01')).toBeNull();
    expect(reportPeriodDayCount('2026-03-01', '01/03/2026')).toBeNull();
    expect(reportPeriodDayCount('2026-03-02', '2026-03-01')).toBeNull();
  });

  it('accepts 366 days and refuses 367', () => {
    // A leap year is 366 days.
    expect(isReportPeriodWithinLimit('2024-01-01', '2024-12-31')).toBe(true);
    expect(isReportPeriodWithinLimit('2024-01-01', '2025-01-01')).toBe(false);
    // A common year and one more day is 366 days too.
    expect(isReportPeriodWithinLimit('2025-01-01', '2026-01-01')).toBe(true);
    expect(isReportPeriodWithinLimit('2025-01-01', '2026-01-02')).toBe(false);
    expect(isReportPeriodWithinLimit('2026-03-01', '2026-03-01')).toBe(true);
  });

  it('leaves missing, invalid and reversed periods to their own messages', () => {
    expect(isReportPeriodWithinLimit('', '2030-01-01')).toBe(true);
    expect(isReportPeriodWithinLimit('2020-01-01', undefined)).toBe(true);
    expect(isReportPeriodWithinLimit('2020-02-30', '2030-01-01')).toBe(true);
    expect(isReportPeriodWithinLimit('2030-01-01', '2020-01-01')).toBe(true);
  });
});
