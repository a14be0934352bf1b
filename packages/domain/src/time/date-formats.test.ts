import { describe, expect, it } from 'vitest';
import {
  formatDateTimeLong,
  formatDateTimeShort,
  formatFilterDate,
  formatReportPeriodDate,
  formatUtcClock,
  isDateRangeOrdered,
  parseFilterDate,
  parseReportPeriodDate,
} from './date-formats.ts';

// 23:30 UTC: in most other zones this is already the next day or still earlier in the day, so a
// formatter that used the machine's zone would print something else.
const lateEvening = Date.UTC(2026, 2, 5, 23, 30, 9);

describe('formatting in UTC', () => {
  it('formats filter dates as dd/MM/yyyy', () => {
    expect(formatFilterDate(lateEvening)).toBe('05/03/2026');
  });

  it('formats report periods as yyyy-MM-dd', () => {
    expect(formatReportPeriodDate(lateEvening)).toBe('2026-03-05');
  });

  it('formats short and long display dates', () => {
    expect(formatDateTimeShort(lateEvening)).toBe('05/03/2026 23:30:09');
    expect(formatDateTimeLong(lateEvening)).toBe('05 Mar 2026 23:30:09');
    expect(formatDateTimeLong('2026-11-23T07:04:05.000Z')).toBe('23 Nov 2026 07:04:05');
  });

  it('formats the header clock as HH:MM:SS', () => {
    expect(formatUtcClock(Date.UTC(2026, 0, 1, 7, 4, 5))).toBe('07:04:05');
  });

  it('returns an empty string for invalid dates', () => {
    expect(formatDateTimeShort('not a date')).toBe('');
    expect(formatFilterDate(Number.NaN)).toBe('');
  });
});

describe('strict parsing', () => {
  it('parses dd/MM/yyyy to UTC midnight', () => {
    expect(parseFilterDate('05/03/2026')?.toISOString()).toBe('2026-03-05T00:00:00.000Z');
  });

  it('parses yyyy-MM-dd to UTC midnight', () => {
    expect(parseReportPeriodDate('2026-03-05')?.toISOString()).toBe('2026-03-05T00:00:00.000Z');
  });

  it.each(['', '   ', '31/02/2026', '2026-03-05', '5/3/2026', '05/13/2026', 'garbage'])(
    'rejects "%s" as a filter date',
    (text) => {
      expect(parseFilterDate(text)).toBeNull();
    },
  );

  it.each(['', '2026-02-30', '05/03/2026', '2026-3-5'])('rejects "%s" as a period date', (text) => {
    expect(parseReportPeriodDate(text)).toBeNull();
  });
});

describe('isDateRangeOrdered', () => {
  it('allows From before or equal to To', () => {
    expect(isDateRangeOrdered('2026-03-01', '2026-03-05')).toBe(true);
    expect(isDateRangeOrdered('2026-03-05', '2026-03-05')).toBe(true);
  });

  it('refuses From after To', () => {
    expect(isDateRangeOrdered('2026-03-06', '2026-03-05')).toBe(false);
  });

  it('has nothing to compare while either side is empty', () => {
    expect(isDateRangeOrdered('', '2026-03-05')).toBe(true);
    expect(isDateRangeOrdered('2026-03-05', null)).toBe(true);
  });
});
