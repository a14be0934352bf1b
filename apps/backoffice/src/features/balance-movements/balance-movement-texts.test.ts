import { describe, expect, it } from 'vitest';
import { changeText, invoiceChangeText } from './balance-movement-texts.ts';
import { movement, SETTLEMENT } from './balance-movements-test-kit.ts';

describe('what happened to the invoice', () => {
  it.each([
    ['a status change', movement(), 'IN_PROGRESS → DONE'],
    ['entering the ledger in its status', movement({ statusBefore: null }), 'DONE'],
    [
      'a correction of a counted invoice',
      movement({ statusBefore: 'DONE', amountBefore: 1_000_000, amountAfter: 900_000 }),
      'DONE, amount or fee corrected',
    ],
    ['a settlement', SETTLEMENT, null],
  ])('says %s', (_case, row, expected) => {
    expect(invoiceChangeText(row)).toBe(expected);
  });
});

describe('a change in the currency’s decimals', () => {
  it.each([
    [975_000, 2, '+9750.00'],
    [-5, 2, '-0.05'],
    [0, 2, '0.00'],
    [-400, 0, '-400'],
  ])('shows %d at %d decimals as %s, signed both ways', (minor, dimension, expected) => {
    expect(changeText(minor, dimension)).toBe(expected);
  });
});
