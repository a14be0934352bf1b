import { EMPTY_INVOICE_FILTER_FORM } from '@paygate/domain';
import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  filterFormFromFilters,
  INVOICE_LIST_PARAMS,
  invoiceQueryFromView,
  readInvoiceListUrl,
  withFilterForm,
  withPage,
  withSearch,
  withSize,
} from './invoice-list-url.ts';

const url = (query: string) => new URLSearchParams(query);

describe('readInvoiceListUrl', () => {
  it('gives page 1, size 10 and no filters for an empty URL', () => {
    expect(readInvoiceListUrl(url(''))).toEqual({
      filters: {},
      search: '',
      page: 1,
      size: 10,
    });
  });

  it('reads every filter, with statusIds repeated', () => {
    const view = readInvoiceListUrl(
      url(
        'statusIds=1&statusIds=3&dateFrom=01/03/2026&dateTo=31/03/2026&lastStatusDate=15/03/2026' +
          '&flowType=WITHDRAWAL&sumFrom=100&sumTo=2500.5&search=%20ORD-1%20&page=3&size=25&terminalId=7',
      ),
    );
    expect(view).toEqual({
      filters: {
        statusIds: [1, 3],
        dateFrom: '01/03/2026',
        dateTo: '31/03/2026',
        lastStatusDate: '15/03/2026',
        flowType: 'WITHDRAWAL',
        sumFrom: 100,
        sumTo: 2500.5,
      },
      search: 'ORD-1',
      page: 3,
      size: 25,
    });
  });

  it('drops empty and invalid values', () => {
    const view = readInvoiceListUrl(
      url(
        'statusIds=&statusIds=x&statusIds=0&statusIds=2&statusIds=2&dateFrom=2026-03-01' +
          '&dateTo=31/02/2026&lastStatusDate=&flowType=deposit&sumFrom=-5&sumTo=0x10' +
          '&search=%20%20&page=0&size=11&terminalId=abc',
      ),
    );
    expect(view).toEqual({
      filters: { statusIds: [2] },
      search: '',
      page: 1,
      size: 10,
    });
    expect(readInvoiceListUrl(url('page=-2&size=')).page).toBe(1);
    expect(readInvoiceListUrl(url('page=1.5')).page).toBe(1);
    expect(readInvoiceListUrl(url('sumFrom=0')).filters).toEqual({ sumFrom: 0 });
  });

  it('drops an inverted date or sum range (the server rejects those)', () => {
    expect(readInvoiceListUrl(url('dateFrom=02/03/2026&dateTo=01/03/2026')).filters).toEqual({});
    expect(readInvoiceListUrl(url('sumFrom=10&sumTo=5')).filters).toEqual({});
    expect(readInvoiceListUrl(url('dateFrom=01/03/2026&dateTo=01/03/2026')).filters).toEqual({
      dateFrom: '01/03/2026',
      dateTo: '01/03/2026',
    });
    expect(readInvoiceListUrl(url('sumFrom=5&sumTo=5')).filters).toEqual({ sumFrom: 5, sumTo: 5 });
  });

  it('caps the search at the server limit of 200 characters', () => {
    expect(readInvoiceListUrl(url(`search=${'a'.repeat(250)}`)).search).toHaveLength(200);
  });

  it('leaves the terminal to the header: it is not part of the list URL (decision 0010)', () => {
    expect(Object.values(INVOICE_LIST_PARAMS)).not.toContain('terminalId');
    expect(readInvoiceListUrl(url('terminalId=7'))).not.toHaveProperty('terminalId');
  });
});

describe('invoiceQueryFromView', () => {
  it('sends the page zero-based and leaves out empty values', () => {
    expect(invoiceQueryFromView(readInvoiceListUrl(url('')))).toEqual({ page: 0, size: 10 });
    expect(
      invoiceQueryFromView(
        readInvoiceListUrl(url('statusIds=4&statusIds=5&search=abc&page=4&size=40')),
        9,
      ),
    ).toEqual({ statusIds: [4, 5], search: 'abc', terminalId: 9, page: 3, size: 40 });
  });
});

describe('filter form ⇄ URL', () => {
  it('opens the form with dates as yyyy-MM-dd and sums as text', () => {
    const { filters } = readInvoiceListUrl(
      url('statusIds=2&dateFrom=01/03/2026&dateTo=31/03/2026&flowType=DEPOSIT&sumTo=99.9'),
    );
    expect(filterFormFromFilters(filters)).toEqual({
      statusIds: [2],
      dateFrom: '2026-03-01',
      dateTo: '2026-03-31',
      lastStatusDate: '',
      flowType: 'DEPOSIT',
      sumFrom: '',
      sumTo: '99.9',
    });
    expect(filterFormFromFilters({})).toEqual(EMPTY_INVOICE_FILTER_FORM);
  });

  it('applies the form: filters replaced, dates dd/MM/yyyy, page reset, the rest kept', () => {
    const next = withFilterForm(url('dateTo=05/05/2025&search=abc&terminalId=7&size=25&page=3'), {
      statusIds: [1, 3],
      dateFrom: '2026-03-01',
      dateTo: '',
      lastStatusDate: '2026-03-15',
      flowType: 'WITHDRAWAL',
      sumFrom: '100.50',
      sumTo: '',
    });
    expect(next.getAll('statusIds')).toEqual(['1', '3']);
    expect(Object.fromEntries(next)).toEqual({
      search: 'abc',
      terminalId: '7',
      size: '25',
      statusIds: '3',
      dateFrom: '01/03/2026',
      lastStatusDate: '15/03/2026',
      flowType: 'WITHDRAWAL',
      sumFrom: '100.5',
    });
  });

  it('drops empty or invalid dates and numbers on apply', () => {
    const next = withFilterForm(url('statusIds=1&sumFrom=3'), {
      ...EMPTY_INVOICE_FILTER_FORM,
      dateFrom: '2026-02-30',
      sumFrom: 'abc',
      sumTo: '-1',
    });
    expect(next.toString()).toBe('');
  });

  it('round-trips: what was applied opens again in the form', () => {
    const form = {
      statusIds: [6],
      dateFrom: '2026-01-01',
      dateTo: '2026-01-31',
      lastStatusDate: '2026-01-10',
      flowType: 'DEPOSIT' as const,
      sumFrom: '0',
      sumTo: '1500.25',
    };
    const view = readInvoiceListUrl(withFilterForm(url(''), form));
    expect(filterFormFromFilters(view.filters)).toEqual(form);
  });

  it('counts the set filters, the statuses as one', () => {
    expect(activeFilterCount({})).toBe(0);
    expect(activeFilterCount({ statusIds: [] })).toBe(0);
    expect(
      activeFilterCount(
        readInvoiceListUrl(url('statusIds=1&statusIds=2&dateFrom=01/03/2026&sumTo=0&search=x'))
          .filters,
      ),
    ).toBe(3);
  });
});

describe('search, page and size', () => {
  it('sets or removes the search and goes back to page 1', () => {
    expect(withSearch(url('page=4&size=5'), '  ORD-9 ').toString()).toBe('size=5&search=ORD-9');
    expect(withSearch(url('search=old&page=2'), '   ').toString()).toBe('');
  });

  it('writes the page 1-based, leaving page 1 out', () => {
    expect(withPage(url('search=a'), 2).toString()).toBe('search=a&page=2');
    expect(withPage(url('page=2'), 1).toString()).toBe('');
    expect(readInvoiceListUrl(withPage(url(''), 5)).page).toBe(5);
  });

  it('changes the size and goes back to page 1, leaving the default size out', () => {
    expect(withSize(url('page=3'), 40).toString()).toBe('size=40');
    expect(withSize(url('size=40&page=2'), 10).toString()).toBe('');
  });
});
