import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CHANGE_AMOUNT_MESSAGES,
  changeAmountToMinorUnits,
  formatChangeAmountConfirmation,
  sanitizeChangeAmountInput,
} from './change-amount-input.ts';

describe('CHANGE_AMOUNT_MESSAGES', () => {
  it('are the texts of SPEC §5, word for word', () => {
    expect(CHANGE_AMOUNT_MESSAGES).toEqual({
      empty: 'Change the value',
      tooManyDecimals: 'There must be max two decimals after comma',
    });
  });
});

describe('sanitizeChangeAmountInput', () => {
  it.each([
    ['150', '150'],
    ['1a2.3.4', '12.34'],
    ['-15,5', '155'],
    ['..5', '.5'],
    ['1.2.', '1.2'],
    [' 1 000.50 ', '1000.50'],
    ['１２', ''],
    ['abc', ''],
    ['', ''],
  ])('"%s" → "%s"', (raw, expected) => {
    expect(sanitizeChangeAmountInput(raw)).toBe(expected);
  });

  it('keeps every digit in order, at most one dot, and is idempotent', () => {
    fc.assert(
      fc.property(fc.string(), (raw) => {
        const sanitized = sanitizeChangeAmountInput(raw);
        expect(sanitized).toMatch(/^\d*\.?\d*$/);
        expect(sanitized.replace('.', '')).toBe(raw.replace(/[^0-9]/g, ''));
        expect(sanitizeChangeAmountInput(sanitized)).toBe(sanitized);
      }),
    );
  });

  it('keeps the first dot where it was typed', () => {
    expect(sanitizeChangeAmountInput('12.3.45')).toBe('12.345');
  });
});

describe("changeAmountToMinorUnits: the dialog's messages (SPEC §5)", () => {
  const messageOf = (value: string) => {
    const result = changeAmountToMinorUnits(value, 2);
    return result.ok ? null : result.message;
  };

  it.each([[''], ['abc'], ['.'], ['..'], [' ']])('asks to change the value for "%s"', (value) => {
    expect(messageOf(value)).toBe('Change the value');
  });

  it('allows up to two decimals and rejects three', () => {
    expect(messageOf('150')).toBeNull();
    expect(messageOf('150.')).toBeNull();
    expect(messageOf('.5')).toBeNull();
    expect(messageOf('150.5')).toBeNull();
    expect(messageOf('150.55')).toBeNull();
    expect(messageOf('150.555')).toBe('There must be max two decimals after comma');
    expect(messageOf('0.000')).toBe('There must be max two decimals after comma');
  });

  it('asks to change an amount of zero, which the server refuses', () => {
    for (const value of ['0', '0.', '.0', '00.00', '0.0']) {
      expect(messageOf(value), value).toBe('Change the value');
    }
    expect(messageOf('0.01')).toBeNull();
    expect(messageOf('10')).toBeNull();
  });

  it('counts decimals after the first dot only', () => {
    expect(messageOf('1.2.3')).toBeNull();
    expect(messageOf('1.2.3.4')).toBe('There must be max two decimals after comma');
  });
});

describe('formatChangeAmountConfirmation', () => {
  it.each([
    ['150', '150.00'],
    ['150.', '150.00'],
    ['0', '0.00'],
    ['150.5', '150.5'],
    ['150.25', '150.25'],
    ['.5', '.5'],
    ['1a50', '150.00'],
    ['', ''],
    ['.', '.'],
  ])('"%s" is confirmed as "%s"', (value, expected) => {
    expect(formatChangeAmountConfirmation(value)).toBe(expected);
  });
});

describe('changeAmountToMinorUnits', () => {
  it.each([
    ['150.5', 2, 15050n],
    ['150.05', 2, 15005n],
    ['150', 2, 15000n],
    ['150.', 2, 15000n],
    ['.5', 2, 50n],
    ['150', 0, 150n],
    ['1.5', 3, 1500n],
    ['92233720368547758.07', 2, 9223372036854775807n],
  ])('"%s" at dimension %s is %s minor units', (value, dimension, minor) => {
    expect(changeAmountToMinorUnits(value, dimension)).toEqual({ ok: true, minor });
  });

  it('returns the validation message for bad values', () => {
    expect(changeAmountToMinorUnits('', 2)).toEqual({
      ok: false,
      error: 'empty',
      message: 'Change the value',
    });
    expect(changeAmountToMinorUnits('1.234', 2)).toEqual({
      ok: false,
      error: 'too-many-decimals',
      message: 'There must be max two decimals after comma',
    });
    expect(changeAmountToMinorUnits('1.234', 3)).toEqual({
      ok: false,
      error: 'too-many-decimals',
      message: 'There must be max two decimals after comma',
    });
  });

  it('refuses an amount of zero at any dimension', () => {
    for (const dimension of [0, 2, 3]) {
      expect(changeAmountToMinorUnits('0.00', dimension)).toEqual({
        ok: false,
        error: 'zero',
        message: 'Change the value',
      });
    }
    expect(changeAmountToMinorUnits('0.01', 2)).toEqual({ ok: true, minor: 1n });
  });

  it("refuses more than the currency's maximum, in the currency's own words", () => {
    const limit = { maxValue: 5_000_000_000, code: 'UZS' };
    expect(changeAmountToMinorUnits('50000000', 2, limit)).toEqual({
      ok: true,
      minor: 5_000_000_000n,
    });
    expect(changeAmountToMinorUnits('50000000.01', 2, limit)).toEqual({
      ok: false,
      error: 'above-maximum',
      message: 'The amount must not exceed 50000000.00 UZS',
    });
    // Compared as integers, never as floats: a maximum given as text is exact past 2^53 too.
    expect(
      changeAmountToMinorUnits('92233720368547758.07', 2, { maxValue: '9223372036854775806' }),
    ).toEqual({
      ok: false,
      error: 'above-maximum',
      message: 'The amount must not exceed 92233720368547758.06',
    });
    expect(changeAmountToMinorUnits('50000000.01', 2)).toEqual({ ok: true, minor: 5_000_000_001n });
  });

  it('refuses decimals the currency does not have instead of rounding', () => {
    expect(changeAmountToMinorUnits('1.5', 0)).toEqual({
      ok: false,
      error: 'exceeds-currency-dimension',
      message: 'There must be max two decimals after comma',
    });
    expect(changeAmountToMinorUnits('1.25', 1)).toMatchObject({
      ok: false,
      error: 'exceeds-currency-dimension',
    });
    expect(changeAmountToMinorUnits('1.2', 1)).toEqual({ ok: true, minor: 12n });
  });

  it('rejects an invalid dimension', () => {
    expect(() => changeAmountToMinorUnits('1', -1)).toThrow(RangeError);
  });

  it('is exact: whole * 100 + cents for any value with up to two decimals', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 30n }),
        fc.integer({ min: 0, max: 99 }),
        (whole, cents) => {
          // 0.00 is refused as zero (its own test above), not converted.
          fc.pre(whole > 0n || cents > 0);
          const text = `${whole}.${String(cents).padStart(2, '0')}`;
          expect(changeAmountToMinorUnits(text, 2)).toEqual({
            ok: true,
            minor: whole * 100n + BigInt(cents),
          });
        },
      ),
    );
  });
});
