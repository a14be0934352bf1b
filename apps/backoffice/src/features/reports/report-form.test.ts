import { describe, expect, it } from 'vitest';
import type { ValidationError } from 'yup';
import {
  balanceReportSchema,
  merchantChoice,
  poolBalanceReportSchema,
  providerReportSchema,
  REPORT_MESSAGES,
  reportPeriod,
  transactionsReportSchema,
} from './report-form.ts';

/** Every message of a failed validation, by field. */
const errorsOf = async (
  schema: { validate: (value: unknown, options: object) => Promise<unknown> },
  values: object,
) => {
  try {
    await schema.validate(values, { abortEarly: false });
    return {};
  } catch (error) {
    return Object.fromEntries(
      (error as ValidationError).inner.map((inner) => [inner.path, inner.message]),
    );
  }
};

describe('report form rules (SPEC §5)', () => {
  it('requires both dates of every card', async () => {
    expect(await errorsOf(transactionsReportSchema, { periodStart: '', periodEnd: ' ' })).toEqual({
      periodStart: REPORT_MESSAGES.dateFromRequired,
      periodEnd: REPORT_MESSAGES.dateToRequired,
    });
  });

  it('refuses impossible dates and a start after the end, allows one day', async () => {
    expect(
      await errorsOf(transactionsReportSchema, {
        periodStart: '2026-02-30',
        periodEnd: '2026-13-01',
      }),
    ).toEqual({ periodStart: REPORT_MESSAGES.invalidDate, periodEnd: REPORT_MESSAGES.invalidDate });
    expect(
      await errorsOf(transactionsReportSchema, {
        periodStart: '2026-03-02',
        periodEnd: '2026-03-01',
      }),
    ).toEqual({ periodStart: REPORT_MESSAGES.dateFromAfterTo });
    expect(
      await errorsOf(transactionsReportSchema, {
        periodStart: '2026-03-01',
        periodEnd: '2026-03-01',
      }),
    ).toEqual({});
  });

  it("refuses a period over 366 days on Date To, with the server's words", async () => {
    expect(REPORT_MESSAGES.periodTooLong).toBe('A report covers at most 366 days');
    // 2024 is a leap year: 2024-01-01 to 2025-01-01 is 367 days.
    expect(
      await errorsOf(transactionsReportSchema, {
        periodStart: '2024-01-01',
        periodEnd: '2025-01-01',
      }),
    ).toEqual({ periodEnd: REPORT_MESSAGES.periodTooLong });
    expect(
      await errorsOf(balanceReportSchema, {
        periodStart: '2025-01-01',
        periodEnd: '2026-01-02',
        currencyId: '1',
      }),
    ).toEqual({ periodEnd: REPORT_MESSAGES.periodTooLong });
    expect(
      await errorsOf(transactionsReportSchema, {
        periodStart: '2024-01-01',
        periodEnd: '2024-12-31',
      }),
    ).toEqual({});
    expect(
      await errorsOf(transactionsReportSchema, {
        periodStart: '2025-01-01',
        periodEnd: '2026-01-01',
      }),
    ).toEqual({});
  });

  it('leaves a reversed or unfinished long period to its own messages', async () => {
    expect(
      await errorsOf(transactionsReportSchema, {
        periodStart: '2030-01-01',
        periodEnd: '2020-01-01',
      }),
    ).toEqual({ periodStart: REPORT_MESSAGES.dateFromAfterTo });
    expect(
      await errorsOf(transactionsReportSchema, { periodStart: '', periodEnd: '2030-01-01' }),
    ).toEqual({ periodStart: REPORT_MESSAGES.dateFromRequired });
  });

  it('requires the currency of the balance report, the currency and provider of the provider report, the pool of the pool report', async () => {
    const period = { periodStart: '2026-03-01', periodEnd: '2026-03-31' };
    expect(await errorsOf(balanceReportSchema, { ...period, currencyId: '' })).toEqual({
      currencyId: REPORT_MESSAGES.currencyRequired,
    });
    expect(
      await errorsOf(providerReportSchema, { ...period, currencyId: '', providerId: '' }),
    ).toEqual({
      currencyId: REPORT_MESSAGES.currencyRequired,
      providerId: REPORT_MESSAGES.providerRequired,
    });
    expect(await errorsOf(poolBalanceReportSchema, { ...period, terminalPoolId: '' })).toEqual({
      terminalPoolId: REPORT_MESSAGES.terminalPoolRequired,
    });
    expect(await errorsOf(balanceReportSchema, { ...period, currencyId: '2' })).toEqual({});
  });
});

describe('report query values', () => {
  it('sends periods as yyyy-MM-dd', () => {
    expect(reportPeriod({ periodStart: '2026-03-01', periodEnd: '2026-03-31' })).toEqual({
      periodStart: '2026-03-01',
      periodEnd: '2026-03-31',
    });
  });

  it('sends the merchant only when one is chosen', () => {
    expect(merchantChoice(3)).toEqual({ merchantId: 3 });
    expect(merchantChoice(undefined)).toEqual({});
  });
});
