import { parseReportPeriodDate } from '@paygate/domain';
import { invalid } from '../../service-errors.ts';

const DAY_MS = 86_400_000;
/** A report covers at most a year, so one request cannot ask the database for everything. */
export const MAX_REPORT_DAYS = 366;

export interface ReportPeriod {
  /** UTC midnight of the first day. */
  start: Date;
  /** UTC midnight after the last day (exclusive). */
  end: Date;
  /** For file names: 2026-03-01_2026-03-31. */
  label: string;
  days: Date[];
}

/** SPEC §5 report periods: both required, start not after end; whole UTC days. */
export const parseReportPeriod = (periodStart: string, periodEnd: string): ReportPeriod => {
  const start = parseReportPeriodDate(periodStart);
  const last = parseReportPeriodDate(periodEnd);
  if (!start) throw invalid('periodStart must be a valid date in yyyy-MM-dd');
  if (!last) throw invalid('periodEnd must be a valid date in yyyy-MM-dd');
  if (start > last) throw invalid('periodStart cannot be after periodEnd');
  const dayCount = Math.round((last.getTime() - start.getTime()) / DAY_MS) + 1;
  if (dayCount > MAX_REPORT_DAYS) throw invalid(`A report covers at most ${MAX_REPORT_DAYS} days`);
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
