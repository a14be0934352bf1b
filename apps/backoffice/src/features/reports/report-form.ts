import {
  formatReportPeriodDate,
  isDateRangeOrdered,
  isReportPeriodWithinLimit,
  parseReportPeriodDate,
  REPORT_PERIOD_TOO_LONG_MESSAGE,
} from '@paygate/domain';
import * as yup from 'yup';

/**
 * Field messages of the report cards (SPEC §5 Reports: required fields, start ≤ end, at most a
 * year: the server's limit and words).
 */
export const REPORT_MESSAGES = {
  dateFromRequired: 'Date From is required',
  dateToRequired: 'Date To is required',
  invalidDate: 'Enter a valid date',
  dateFromAfterTo: 'Date From cannot be after Date To',
  periodTooLong: REPORT_PERIOD_TOO_LONG_MESSAGE,
  currencyRequired: 'Currency is required',
  providerRequired: 'Provider is required',
  terminalPoolRequired: 'Terminal pool is required',
} as const;

/** Shown when a download fails and the server says nothing of its own. */
export const REPORT_FAILED = 'Could not download the report';

/** The toast confirming a saved report. */
export const reportSavedMessage = (fileName: string) => `Report saved: ${fileName}`;

/**
 * The period of every card. Date inputs hold yyyy-MM-dd already; '' until chosen. Selects hold
 * their option value as text, '' for 'Not selected'.
 */
export interface PeriodValues {
  periodStart: string;
  periodEnd: string;
}

export interface BalanceValues extends PeriodValues {
  currencyId: string;
}

export interface ProviderValues extends PeriodValues {
  currencyId: string;
  providerId: string;
}

export interface PoolBalanceValues extends PeriodValues {
  terminalPoolId: string;
}

export const EMPTY_PERIOD: PeriodValues = { periodStart: '', periodEnd: '' };

const isValidDate = (value: string | undefined) => !value || parseReportPeriodDate(value) !== null;

/**
 * Both dates required and real; Date From not after Date To; at most MAX_REPORT_DAYS days, shown on
 * Date To, the date the user picks last (SPEC §5).
 */
const periodShape = {
  periodStart: yup
    .string()
    .trim()
    .required(REPORT_MESSAGES.dateFromRequired)
    .test('date', REPORT_MESSAGES.invalidDate, isValidDate)
    .test('ordered', REPORT_MESSAGES.dateFromAfterTo, (value, { parent }) =>
      isDateRangeOrdered(value, (parent as Partial<PeriodValues>).periodEnd),
    ),
  periodEnd: yup
    .string()
    .trim()
    .required(REPORT_MESSAGES.dateToRequired)
    .test('date', REPORT_MESSAGES.invalidDate, isValidDate)
    .test('within-limit', REPORT_MESSAGES.periodTooLong, (value, { parent }) =>
      isReportPeriodWithinLimit((parent as Partial<PeriodValues>).periodStart, value),
    ),
};

/** A required select of numeric ids ('' is 'Not selected'). */
const requiredId = (message: string) =>
  yup
    .string()
    .required(message)
    .test('id', message, (value) => value !== undefined && Number.isInteger(Number(value)));

export const transactionsReportSchema = yup.object(periodShape);

export const balanceReportSchema = yup.object({
  ...periodShape,
  currencyId: requiredId(REPORT_MESSAGES.currencyRequired),
});

export const providerReportSchema = yup.object({
  ...periodShape,
  currencyId: requiredId(REPORT_MESSAGES.currencyRequired),
  providerId: requiredId(REPORT_MESSAGES.providerRequired),
});

export const poolBalanceReportSchema = yup.object({
  ...periodShape,
  terminalPoolId: requiredId(REPORT_MESSAGES.terminalPoolRequired),
});

/** The period as the API wants it: yyyy-MM-dd (SPEC §5). */
export const reportPeriod = ({ periodStart, periodEnd }: PeriodValues) => ({
  periodStart: formatReportPeriodDate(periodStart),
  periodEnd: formatReportPeriodDate(periodEnd),
});

/** The chosen merchant of a merchant.rw.all user, or nothing for everyone else. */
export const merchantChoice = (merchantId: number | undefined) =>
  merchantId === undefined ? {} : { merchantId };
