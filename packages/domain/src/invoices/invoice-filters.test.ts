import { describe, expect, it } from 'vitest';
import {
  dropEmptyFilterValues,
  EMPTY_INVOICE_FILTER_FORM,
  invoiceFiltersFromForm,
} from './invoice-filters.ts';

describe('invoiceFiltersFromForm', () => {
  it('sends nothing for an empty form', () => {
    expect(invoiceFiltersFromForm(EMPTY_INVOICE_FILTER_FORM)).toEqual({});
  });

  it('sends dates as dd/MM/yyyy and numbers as numbers', () => {
    expect(
      invoiceFiltersFromForm({
        dateFrom: '2026-03-01',
        dateTo: '2026-03-31',
        lastStatusDate: '2026-03-15',
        sumFrom: '100',
        sumTo: '2500.5',
        statusIds: [1, 3],
        flowType: 'WITHDRAWAL',
      }),
    ).toEqual({
      dateFrom: '01/03/2026',
      dateTo: '31/03/2026',
      lastStatusDate: '15/03/2026',
      sumFrom: 100,
      sumTo: 2500.5,
      statusIds: [1, 3],
      flowType: 'WITHDRAWAL',
    });
  });

  it('drops invalid dates and numbers', () => {
    expect(
      invoiceFiltersFromForm({
        ...EMPTY_INVOICE_FILTER_FORM,
        dateFrom: '2026-02-30',
        dateTo: 'tomorrow',
        sumFrom: 'abc',
        sumTo: '-5',
      }),
    ).toEqual({});
  });
});

describe('dropEmptyFilterValues', () => {
  it('keeps zero and false but drops empty strings, arrays and nullish values', () => {
    expect(
      dropEmptyFilterValues({
        a: '',
        b: '  ',
        c: [],
        d: null,
        e: undefined,
        f: 0,
        g: false,
        h: 'x',
      }),
    ).toEqual({ f: 0, g: false, h: 'x' });
  });
});
