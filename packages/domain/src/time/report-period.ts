import { parseReportPeriodDate } from './date-formats.ts';

const DAY_MS = 86_400_000;

/**
 * SPEC §5 Reports: a report covers at most a year (a leap year's 366 days), so one request cannot
 * ask the database for everything. The server refuses a longer period, and the back office's
 * form says so before it asks.
 */
export const MAX_REPORT_DAYS = 366;

/** The refusal of a period longer than MAX_REPORT_DAYS, in the server's answer and on the form. */
export const REPORT_PERIOD_TOO_LONG_MESSAGE = `A report covers at most ${MAX_REPORT_DAYS} days`;

/**
 * The days of a report period given as yyyy-MM-dd texts, both ends included, in whole UTC days
 * (2026-03-01 to 2026-03-01 is 1). Null when either date is missing or invalid, or the start is
 * after the end: those have their own messages.
 */
export const reportPeriodDayCount = (
  periodStart: string | null | undefined,
  periodEnd: string | null | undefined,
): number | null => {
  const start = parseReportPeriodDate(periodStart ?? '');
  const last = parseReportPeriodDate(periodEnd ?? '');
  if (!start || !last || start > last) return null;
  return Math.round((last.getTime() - start.getTime()) / DAY_MS) + 1;
};

/**
 * False only when both dates are valid, in order, and span more than MAX_REPORT_DAYS days; while
 * either is missing or invalid, or they are reversed, there is no period to measure.
 */
export const isReportPeriodWithinLimit = (
  periodStart: string | null | undefined,
  periodEnd: string | null | undefined,
): boolean => {
  const dayCount = reportPeriodDayCount(periodStart, periodEnd);
  return dayCount === null || dayCount <= MAX_REPORT_DAYS;
};
