import {
  MAX_REPORT_DAYS,
  parseReportPeriodDate,
  REPORT_PERIOD_TOO_LONG_MESSAGE,
  reportPeriodDayCount,
} from '@paygate/domain';
import { invalid } from '../../service-errors.ts';

const DAY_MS = 86_400_000;

export interface ReportPeriod {
  /** UTC midnight of the first day. */
  start: Date;
  /** UTC midnight after the last day (exclusive). */
  end: Date;
  /** For file names: 2026-03-01_2026-03-31. */
  label: string;
  days: Date[];
}

/**
 * SPEC §5 report periods: both required, start not after end, at most MAX_REPORT_DAYS days (the
 * limit and its message are the domain's, which the back office's form checks too); whole UTC days.
 */
export const parseReportPeriod = (periodStart: string, periodEnd: string): ReportPeriod => {
  const start = parseReportPeriodDate(periodStart);
  const last = parseReportPeriodDate(periodEnd);
  if (!start) throw invalid('periodStart must be a valid date in yyyy-MM-dd');
  if (!last) throw invalid('periodEnd must be a valid date in yyyy-MM-dd');
  // Both dates are valid here, so there is no count only when the start is after the end.
  const dayCount = reportPeriodDayCount(periodStart, periodEnd);
  if (dayCount === null) throw invalid('periodStart cannot be after periodEnd');
  if (dayCount > MAX_REPORT_DAYS) throw invalid(REPORT_PERIOD_TOO_LONG_MESSAGE);
  return {
    start,
    end: new Date(last.getTime() + DAY_MS),
    label: `${periodStart}_${periodEnd}`,
    days: Array.from(
      { length: dayCount },
      (_, index) => new Date(start.getTime() + index * DAY_MS),
    ),
  };
};
