import { describe, expect, it } from 'vitest';
import { invoiceAmountText, invoiceDetailsPath } from './invoice-display.ts';

describe('invoiceDetailsPath', () => {
  it('is /invoices/:id with the id encoded', () => {
    expect(invoiceDetailsPath('0b7c2f3e-8d4a-4c1e-9f00-3a6b5d7e8f90')).toBe(
      '/invoices/0b7c2f3e-8d4a-4c1e-9f00-3a6b5d7e8f90',
    );
    expect(invoiceDetailsPath('a/b')).toBe('/invoices/a%2Fb');
  });
});

describe('invoiceAmountText', () => {
  it('divides minor units by the dimension and adds the code', () => {
    expect(invoiceAmountText(150_050, { code: 'UZS', dimension: 2 })).toBe('1500.50 UZS');
    expect(invoiceAmountText(700, { code: 'KGS', dimension: 0 })).toBe('700 KGS');
  });

  it('shows the amount as is without a dimension, and survives bad data', () => {
    expect(invoiceAmountText(1234)).toBe('1234');
    expect(invoiceAmountText(1234, { code: 'RUB' })).toBe('1234 RUB');
    expect(invoiceAmountText(12.5, { code: 'RUB', dimension: 2 })).toBe('12.5 RUB');
    expect(invoiceAmountText(100, { dimension: -1 })).toBe('100');
  });
});
