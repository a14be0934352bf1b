import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DATE_FORMATS,
  formatDateTimeShort,
  formatFilterDate,
  formatReportPeriodDate,
  formatUtcClock,
  isDateRangeOrdered,
  parseDateTime,
  parseFilterDate,
  parseReportPeriodDate,
} from './date-formats.ts';

// 23:30:09 UTC on 5 March. vitest.config.ts runs the suite in UTC+14, where this is already
// 6 March 13:30, so a formatter or parser that used the machine's zone would fail.
const lateEvening = Date.UTC(2026, 2, 5, 23, 30, 9);
// 00:15 UTC: in zones west of UTC this is still the previous day.
const earlyMorning = Date.UTC(2026, 2, 5, 0, 15, 0);

describe('test environment', () => {
  it('runs in a zone far from UTC, so the UTC rules are really exercised', () => {
    expect(new Date(lateEvening).getDate()).not.toBe(5);
  });
});

describe('formatting in UTC', () => {
  it('uses the dd/MM/yyyy and yyyy-MM-dd shapes of SPEC §5', () => {
    expect(DATE_FORMATS).toMatchObject({
      filter: 'DD/MM/YYYY',
      reportPeriod: 'YYYY-MM-DD',
      displayShort: 'DD/MM/YYYY HH:mm:ss',
      displayLong: 'DD MMM YYYY HH:mm:ss',
    });
  });

  it('formats filter dates as dd/MM/yyyy', () => {
    expect(formatFilterDate(lateEvening)).toBe('05/03/2026');
    expect(formatFilterDate(earlyMorning)).toBe('05/03/2026');
    expect(formatFilterDate(new Date(lateEvening))).toBe('05/03/2026');
  });

  it('formats report periods as yyyy-MM-dd', () => {
    expect(formatReportPeriodDate(lateEvening)).toBe('2026-03-05');
    expect(formatReportPeriodDate('05/03/2026')).toBe('2026-03-05');
  });

  it('formats short display dates', () => {
    expect(formatDateTimeShort(lateEvening)).toBe('05/03/2026 23:30:09');
  });

  it('reads API date-times without an offset as UTC and honours explicit offsets', () => {
    expect(formatDateTimeShort('2026-03-05T23:30:09')).toBe('05/03/2026 23:30:09');
    expect(formatDateTimeShort('2026-03-05 23:30:09')).toBe('05/03/2026 23:30:09');
    expect(formatDateTimeShort('2026-03-06T02:30:09+03:00')).toBe('05/03/2026 23:30:09');
  });

  it('formats the header clock as HH:MM:SS', () => {
    expect(formatUtcClock(Date.UTC(2026, 0, 1, 7, 4, 5))).toBe('07:04:05');
    expect(formatUtcClock(lateEvening)).toBe('23:30:09');
  });

  it.each([['not a date'], [''], [Number.NaN], [new Date('invalid')], [null], [undefined]])(
    'returns an empty string for %j',
    (value) => {
      expect(formatDateTimeShort(value)).toBe('');
      expect(formatFilterDate(value)).toBe('');
      expect(formatUtcClock(value)).toBe('');
    },
  );
});

describe('strict parsing', () => {
  it('parses dd/MM/yyyy to UTC midnight', () => {
    expect(parseFilterDate('05/03/2026')?.toISOString()).toBe('2026-03-05T00:00:00.000Z');
    expect(parseFilterDate('29/02/2028')?.toISOString()).toBe('2028-02-29T00:00:00.000Z');
  });

  it('parses yyyy-MM-dd to UTC midnight', () => {
    expect(parseReportPeriodDate('2026-03-05')?.toISOString()).toBe('2026-03-05T00:00:00.000Z');
    expect(parseReportPeriodDate('2026-12-31')?.toISOString()).toBe('2026-12-31T00:00:00.000Z');
  });

  it.each([
    '',
    '   ',
    '31/02/2026',
    '29/02/2026',
    '00/03/2026',
    '32/01/2026',
    '05/13/2026',
    '2026-03-05',
    '5/3/2026',
    '05-03-2026',
    '05/03/26',
    'garbage',
  ])('rejects "%s" as a filter date', (text) => {
    expect(parseFilterDate(text)).toBeNull();
  });

  it.each(['', '2026-02-30', '2026-13-01', '2026-00-10', '05/03/2026', '2026-3-5', '2026/03/05'])(
    'rejects "%s" as a period date',
    (text) => {
      expect(parseReportPeriodDate(text)).toBeNull();
    },
  );

  it('reads any moment through parseDateTime, strictly for the date-only shapes', () => {
    expect(parseDateTime('05/03/2026')?.toISOString()).toBe('2026-03-05T00:00:00.000Z');
    expect(parseDateTime('2026-03-05')?.toISOString()).toBe('2026-03-05T00:00:00.000Z');
    expect(parseDateTime('2026-03-05T23:30:09')?.getTime()).toBe(lateEvening);
    expect(parseDateTime(lateEvening)?.getTime()).toBe(lateEvening);
    expect(parseDateTime('31/02/2026')).toBeNull();
    expect(parseDateTime('2026-02-30')).toBeNull();
    expect(parseDateTime('')).toBeNull();
    expect(parseDateTime(null)).toBeNull();
  });

  it('round-trips every day through both wire formats', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(1970, 0, 1), max: Date.UTC(2100, 11, 31, 23, 59, 59) }),
        (moment) => {
          const midnight = moment - (moment % 86_400_000);
          expect(parseFilterDate(formatFilterDate(moment))?.getTime()).toBe(midnight);
          expect(parseReportPeriodDate(formatReportPeriodDate(moment))?.getTime()).toBe(midnight);
        },
      ),
    );
  });
});

describe('isDateRangeOrdered (Date From cannot exceed Date To)', () => {
  it('allows From before or equal to To', () => {
    expect(isDateRangeOrdered('2026-03-01', '2026-03-05')).toBe(true);
    expect(isDateRangeOrdered('2026-03-05', '2026-03-05')).toBe(true);
    expect(isDateRangeOrdered('05/03/2026', '05/03/2026')).toBe(true);
  });

  it('refuses From after To, by one day', () => {
    expect(isDateRangeOrdered('2026-03-06', '2026-03-05')).toBe(false);
    expect(isDateRangeOrdered('06/03/2026', '05/03/2026')).toBe(false);
    expect(isDateRangeOrdered(new Date(lateEvening + 1_000), lateEvening)).toBe(false);
  });

  it('reads dd/MM/yyyy as day first', () => {
    // Read month first these would be 3 May and 4 April, and the range would be refused.
    expect(isDateRangeOrdered('03/05/2026', '04/04/2026')).toBe(false);
    expect(isDateRangeOrdered('05/03/2026', '04/04/2026')).toBe(true);
  });

  it('has nothing to compare while either side is empty or invalid', () => {
    expect(isDateRangeOrdered('', '2026-03-05')).toBe(true);
    expect(isDateRangeOrdered('2026-03-05', null)).toBe(true);
    expect(isDateRangeOrdered('2026-03-05', undefined)).toBe(true);
    expect(isDateRangeOrdered('2026-03-05', '2026-02-30')).toBe(true);
  });
});
