import { describe, expect, it } from 'vitest';
import { invoiceEvent } from './live-test-kit.ts';
import { couldListNewInvoice, invoiceListKey } from './new-invoice-match.ts';

const STATUS_IDS: Record<string, number> = { NEW: 1, IN_PROGRESS: 2, DONE: 3 };
const statusIdOf = (code: string) => STATUS_IDS[code];

// Created and status date 2026-03-05T15:00:00Z, merchant 3, terminal 7, DEPOSIT, NEW.
const created = invoiceEvent();

describe('couldListNewInvoice', () => {
  it('counts for an unfiltered first page', () => {
    expect(couldListNewInvoice(undefined, created, statusIdOf)).toBe(true);
    expect(couldListNewInvoice({ page: 0, size: 10 }, created, statusIdOf)).toBe(true);
  });

  it('not on later pages', () => {
    expect(couldListNewInvoice({ page: 1, size: 10 }, created, statusIdOf)).toBe(false);
  });

  it('only for the chosen merchant', () => {
    expect(couldListNewInvoice({ merchantId: 3 }, created, statusIdOf)).toBe(true);
    expect(couldListNewInvoice({ merchantId: 4 }, created, statusIdOf)).toBe(false);
  });

  it('not against the flow type, terminal or status filters', () => {
    expect(couldListNewInvoice({ flowType: 'DEPOSIT' }, created, statusIdOf)).toBe(true);
    expect(couldListNewInvoice({ flowType: 'WITHDRAWAL' }, created, statusIdOf)).toBe(false);
    expect(couldListNewInvoice({ terminalId: 7 }, created, statusIdOf)).toBe(true);
    expect(couldListNewInvoice({ terminalId: 8 }, created, statusIdOf)).toBe(false);
    expect(couldListNewInvoice({ statusIds: [1, 2] }, created, statusIdOf)).toBe(true);
    expect(couldListNewInvoice({ statusIds: [3] }, created, statusIdOf)).toBe(false);
  });

  it('lets a status filter pass when the status is not known', () => {
    expect(couldListNewInvoice({ statusIds: [3] }, created, () => undefined)).toBe(true);
  });

  it('not against the created and status date filters (UTC days)', () => {
    expect(couldListNewInvoice({ dateFrom: '05/03/2026' }, created, statusIdOf)).toBe(true);
    expect(couldListNewInvoice({ dateFrom: '06/03/2026' }, created, statusIdOf)).toBe(false);
    expect(couldListNewInvoice({ dateTo: '05/03/2026' }, created, statusIdOf)).toBe(true);
    expect(couldListNewInvoice({ dateTo: '04/03/2026' }, created, statusIdOf)).toBe(false);
    expect(couldListNewInvoice({ lastStatusDate: '05/03/2026' }, created, statusIdOf)).toBe(true);
    expect(couldListNewInvoice({ lastStatusDate: '04/03/2026' }, created, statusIdOf)).toBe(false);
  });

  it('lets what the event cannot tell pass: search and amount bounds', () => {
    expect(
      couldListNewInvoice({ search: 'customer-9', sumFrom: 1, sumTo: 5 }, created, statusIdOf),
    ).toBe(true);
  });
});

describe('invoiceListKey', () => {
  it('is the same however the query is spelled', () => {
    expect(invoiceListKey({ page: 0, size: 10, merchantId: 3 })).toBe(
      invoiceListKey({ merchantId: 3, size: 10, page: 0, search: '', statusIds: [] }),
    );
    expect(invoiceListKey(undefined)).toBe(invoiceListKey({}));
    expect(invoiceListKey({ page: 0 })).not.toBe(invoiceListKey({ page: 1 }));
  });
});
