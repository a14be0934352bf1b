import { REPORT_PERIOD_TOO_LONG_MESSAGE } from '@paygate/domain';
import { describe, expect, it } from 'vitest';
import { parseReportPeriod } from './report-period-service.ts';

describe('parseReportPeriod', () => {
  it('covers whole UTC days, end inclusive', () => {
    const period = parseReportPeriod('2026-02-27', '2026-03-01');
    expect(period.start.toISOString()).toBe('2026-02-27T00:00:00.000Z');
    expect(period.end.toISOString()).toBe('2026-03-02T00:00:00.000Z');
    expect(period.days.map((day) => day.toISOString().slice(0, 10))).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
    ]);
    expect(period.label).toBe('2026-02-27_2026-03-01');
  });

  it('refuses invalid dates, reversed periods and periods over a year', () => {
    expect(() => parseReportPeriod('2026-02-30', '2026-03-01')).toThrow(
      'periodStart must be a valid date',
    );
    expect(() => parseReportPeriod('2026-03-01', '01/03/2026')).toThrow(
      'periodEnd must be a valid date',
    );
    expect(() => parseReportPeriod('2026-03-02', '2026-03-01')).toThrow('cannot be after');
    expect(() => parseReportPeriod('2025-01-01', '2026-03-01')).toThrow(
      'A report covers at most 366 days',
    );
    expect(parseReportPeriod('2026-03-01', '2026-03-01').days).toHaveLength(1);
  });

  it('covers up to 366 days, the limit the back office checks too', () => {
    expect(parseReportPeriod('2024-01-01', '2024-12-31').days).toHaveLength(366);
    expect(parseReportPeriod('2025-01-01', '2026-01-01').days).toHaveLength(366);
    expect(() => parseReportPeriod('2024-01-01', '2025-01-01')).toThrow(
      REPORT_PERIOD_TOO_LONG_MESSAGE,
    );
    expect(() => parseReportPeriod('2025-01-01', '2026-01-02')).toThrow(
      REPORT_PERIOD_TOO_LONG_MESSAGE,
    );
  });
});
