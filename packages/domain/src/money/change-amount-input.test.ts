import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CHANGE_AMOUNT_MESSAGES,
  changeAmountToMinorUnits,
  formatChangeAmountConfirmation,
  sanitizeChangeAmountInput,
  validateChangeAmountInput,
} from './change-amount-input.ts';

describe('sanitizeChangeAmountInput', () => {
  it.each([
    ['150', '150'],
    ['1a2.3.4', '12.34'],
    ['-15,5', '155'],
    ['..5', '.5'],
    [' 1 000.50 ', '1000.50'],
    ['abc', ''],
  ])('"%s" → "%s"', (raw, expected) => {
    expect(sanitizeChangeAmountInput(raw)).toBe(expected);
  });

  it('always leaves only digits and at most one dot', () => {
    fc.assert(
      fc.property(fc.string(), (raw) => {
        const sanitized = sanitizeChangeAmountInput(raw);
        expect(sanitized).toMatch(/^\d*\.?\d*$/);
        expect(sanitizeChangeAmountInput(sanitized)).toBe(sanitized);
      }),
    );
  });
});

describe('validateChangeAmountInput', () => {
  it('asks for a value when empty', () => {
    expect(validateChangeAmountInput('')).toBe('Change the value');
    expect(validateChangeAmountInput('abc')).toBe('Change the value');
    expect(validateChangeAmountInput('.')).toBe('Change the value');
  });

  it('allows up to two decimals and rejects three', () => {
    expect(validateChangeAmountInput('150')).toBeNull();
    expect(validateChangeAmountInput('150.5')).toBeNull();
    expect(validateChangeAmountInput('150.55')).toBeNull();
    expect(validateChangeAmountInput('150.555')).toBe('There must be max two decimals after comma');
    expect(CHANGE_AMOUNT_MESSAGES.tooManyDecimals).toBe(
      'There must be max two decimals after comma',
    );
  });
});

describe('formatChangeAmountConfirmation', () => {
  it('adds .00 only when the amount has no decimals', () => {
    expect(formatChangeAmountConfirmation('150')).toBe('150.00');
    expect(formatChangeAmountConfirmation('150.')).toBe('150.00');
    expect(formatChangeAmountConfirmation('150.5')).toBe('150.5');
    expect(formatChangeAmountConfirmation('150.25')).toBe('150.25');
  });
});

describe('changeAmountToMinorUnits', () => {
  it('converts by the currency dimension', () => {
    expect(changeAmountToMinorUnits('150.5', 2)).toEqual({ ok: true, minor: 15050n });
    expect(changeAmountToMinorUnits('150', 2)).toEqual({ ok: true, minor: 15000n });
    expect(changeAmountToMinorUnits('150', 0)).toEqual({ ok: true, minor: 150n });
  });

  it('returns the validation message for bad values', () => {
    expect(changeAmountToMinorUnits('', 2)).toEqual({ ok: false, message: 'Change the value' });
    expect(changeAmountToMinorUnits('1.234', 2)).toEqual({
      ok: false,
      message: 'There must be max two decimals after comma',
    });
  });

  it('refuses decimals a currency does not have', () => {
    expect(changeAmountToMinorUnits('1.5', 0).ok).toBe(false);
  });
});
