import dayjs, { type Dayjs } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat.js';
import utc from 'dayjs/plugin/utc.js';

dayjs.extend(utc);
dayjs.extend(customParseFormat);

/** Date formats of SPEC §5 in dayjs tokens. All dates are shown and sent in UTC. */
export const DATE_FORMATS = {
  /** Invoice filter dates sent to the API: dd/MM/yyyy. */
  filter: 'DD/MM/YYYY',
  /** Report periods sent to the API: yyyy-MM-dd. */
  reportPeriod: 'YYYY-MM-DD',
  /** Short display, e.g. 05/03/2026 14:07:09. */
  displayShort: 'DD/MM/YYYY HH:mm:ss',
  /** Long display, e.g. 05 Mar 2026 14:07:09. */
  displayLong: 'DD MMM YYYY HH:mm:ss',
  /** The merchant header's live clock. */
  clock: 'HH:mm:ss',
} as const;

/** Month names are English whatever locale an app sets on dayjs globally ("05 Mar 2026"). */
const DISPLAY_LOCALE = 'en';

/**
 * A moment: a Date, epoch milliseconds, or a string (dd/MM/yyyy, yyyy-MM-dd, or an ISO date-time;
 * a date-time without an offset is read as UTC).
 */
export type DateInput = Date | number | string;

const FILTER_DATE_SHAPE = /^\d{2}\/\d{2}\/\d{4}$/;
const REPORT_PERIOD_SHAPE = /^\d{4}-\d{2}-\d{2}$/;

const parseStrict = (text: string, format: string): Dayjs | null => {
  const date = dayjs.utc(text.trim(), format, true);
  return date.isValid() ? date : null;
};

const toUtc = (value: DateInput | null | undefined): Dayjs | null => {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') {
    const text = value.trim();
    if (text === '') return null;
    if (FILTER_DATE_SHAPE.test(text)) return parseStrict(text, DATE_FORMATS.filter);
    if (REPORT_PERIOD_SHAPE.test(text)) return parseStrict(text, DATE_FORMATS.reportPeriod);
  }
  const date = dayjs.utc(value);
  return date.isValid() ? date : null;
};

/** SPEC §5: reads a moment in UTC (see DateInput); null when empty or invalid. */
export const parseDateTime = (value: DateInput | null | undefined): Date | null =>
  toUtc(value)?.toDate() ?? null;

const formatWith =
  (format: string) =>
  (value: DateInput | null | undefined): string =>
    toUtc(value)?.locale(DISPLAY_LOCALE).format(format) ?? '';

/** SPEC §5: dd/MM/yyyy in UTC, as invoice filters send dates; '' when empty or invalid. */
export const formatFilterDate = formatWith(DATE_FORMATS.filter);
/** SPEC §5: yyyy-MM-dd in UTC, as report periods are sent; '' when empty or invalid. */
export const formatReportPeriodDate = formatWith(DATE_FORMATS.reportPeriod);
/** SPEC §5 short display: dd/MM/yyyy HH:mm:ss in UTC; '' when empty or invalid. */
export const formatDateTimeShort = formatWith(DATE_FORMATS.displayShort);
/** SPEC §2 merchant header clock: HH:MM:SS in UTC; '' when invalid. */
export const formatUtcClock = formatWith(DATE_FORMATS.clock);

/** SPEC §5: parses dd/MM/yyyy strictly (31/02/2026 is invalid) to UTC midnight; null otherwise. */
export const parseFilterDate = (text: string): Date | null =>
  parseStrict(text, DATE_FORMATS.filter)?.toDate() ?? null;

/** SPEC §5: parses yyyy-MM-dd strictly (2026-02-30 is invalid) to UTC midnight; null otherwise. */
export const parseReportPeriodDate = (text: string): Date | null =>
  parseStrict(text, DATE_FORMATS.reportPeriod)?.toDate() ?? null;

/**
 * SPEC §2, §5: Date From cannot exceed Date To. False only when both are valid dates and From is
 * after To; while either is empty or invalid there is nothing to compare (those are dropped).
 */
export const isDateRangeOrdered = (
  from: DateInput | null | undefined,
  to: DateInput | null | undefined,
): boolean => {
  const start = toUtc(from);
  const end = toUtc(to);
  if (!start || !end) return true;
  return !start.isAfter(end);
};
