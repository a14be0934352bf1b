import dayjs, { type Dayjs } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat.js';
import utc from 'dayjs/plugin/utc.js';

dayjs.extend(utc);
dayjs.extend(customParseFormat);

/** Date formats of SPEC §5. All dates are shown and sent in UTC, never in the machine's zone. */
export const DATE_FORMATS = {
  /** Invoice filter dates sent to the API. */
  filter: 'DD/MM/YYYY',
  /** Report periods sent to the API. */
  reportPeriod: 'YYYY-MM-DD',
  /** Short display, e.g. 05/03/2026 14:07:09. */
  displayShort: 'DD/MM/YYYY HH:mm:ss',
  /** Long display, e.g. 05 Mar 2026 14:07:09. */
  displayLong: 'DD MMM YYYY HH:mm:ss',
  /** The header's live clock. */
  clock: 'HH:mm:ss',
} as const;

export type DateInput = Date | number | string;

const inUtc = (value: DateInput): Dayjs | null => {
  const date = dayjs.utc(value);
  return date.isValid() ? date : null;
};

const formatWith =
  (format: string) =>
  (value: DateInput): string => {
    const date = inUtc(value);
    return date ? date.format(format) : '';
  };

/** dd/MM/yyyy, as the invoice filters send dates; '' for an invalid date. */
export const formatFilterDate = formatWith(DATE_FORMATS.filter);
/** yyyy-MM-dd, as report periods are sent; '' for an invalid date. */
export const formatReportPeriodDate = formatWith(DATE_FORMATS.reportPeriod);
/** dd/MM/yyyy HH:mm:ss in UTC; '' for an invalid date. */
export const formatDateTimeShort = formatWith(DATE_FORMATS.displayShort);
/** dd MMM yyyy HH:mm:ss in UTC; '' for an invalid date. */
export const formatDateTimeLong = formatWith(DATE_FORMATS.displayLong);
/** The merchant header's UTC clock, HH:MM:SS. */
export const formatUtcClock = formatWith(DATE_FORMATS.clock);

const parseStrict = (text: string, format: string): Date | null => {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const date = dayjs.utc(trimmed, format, true);
  return date.isValid() ? date.toDate() : null;
};

/** Parses dd/MM/yyyy strictly (31/02/2026 is invalid) to UTC midnight; null when invalid. */
export const parseFilterDate = (text: string): Date | null =>
  parseStrict(text, DATE_FORMATS.filter);

/** Parses yyyy-MM-dd strictly to UTC midnight; null when invalid. */
export const parseReportPeriodDate = (text: string): Date | null =>
  parseStrict(text, DATE_FORMATS.reportPeriod);

/**
 * SPEC §2, §5: Date From cannot exceed Date To. True when both are valid and From ≤ To, or when
 * either is missing (nothing to compare yet).
 */
export const isDateRangeOrdered = (
  from: DateInput | null | undefined,
  to: DateInput | null | undefined,
): boolean => {
  if (from === null || from === undefined || from === '') return true;
  if (to === null || to === undefined || to === '') return true;
  const start = inUtc(from);
  const end = inUtc(to);
  if (!start || !end) return true;
  return !start.isAfter(end);
};
