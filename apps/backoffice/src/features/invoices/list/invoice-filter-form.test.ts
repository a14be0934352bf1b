import { EMPTY_INVOICE_FILTER_FORM } from '@paygate/domain';
import { describe, expect, it } from 'vitest';
import { ValidationError } from 'yup';
import { FILTER_MESSAGES, invoiceFilterSchema } from './invoice-filter-form.ts';

const errorsOf = async (values: Partial<typeof EMPTY_INVOICE_FILTER_FORM>) => {
  try {
    await invoiceFilterSchema.validate(
      { ...EMPTY_INVOICE_FILTER_FORM, ...values },
      {
        abortEarly: false,
      },
    );
    return [];
  } catch (error) {
    if (error instanceof ValidationError) return error.errors;
    throw error;
  }
};

describe('invoiceFilterSchema', () => {
  it('accepts an empty form and ordered or equal ranges', async () => {
    expect(await errorsOf({})).toEqual([]);
    expect(
      await errorsOf({ dateFrom: '2026-03-01', dateTo: '2026-03-01', sumFrom: '5', sumTo: '5' }),
    ).toEqual([]);
  });

  it('rejects Date From after Date To on both fields', async () => {
    expect(await errorsOf({ dateFrom: '2026-03-02', dateTo: '2026-03-01' })).toEqual([
      FILTER_MESSAGES.dateFromAfterTo,
      FILTER_MESSAGES.dateToBeforeFrom,
    ]);
  });

  it('rejects Sum From above Sum To, compared as numbers', async () => {
    expect(await errorsOf({ sumFrom: '10', sumTo: '9.99' })).toEqual([
      FILTER_MESSAGES.sumFromAboveTo,
      FILTER_MESSAGES.sumToBelowFrom,
    ]);
    expect(await errorsOf({ sumFrom: '9', sumTo: '10' })).toEqual([]);
  });

  it('does not block on values that are dropped anyway (empty or invalid)', async () => {
    expect(await errorsOf({ dateFrom: '2026-03-02', dateTo: 'nonsense' })).toEqual([]);
    expect(await errorsOf({ sumFrom: '10', sumTo: '-1' })).toEqual([]);
    expect(await errorsOf({ sumFrom: 'abc', sumTo: '1' })).toEqual([]);
  });
});
