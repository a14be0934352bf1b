import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatAmount,
  formatMinorUnits,
  minorUnitsToSafeNumber,
  parseDisplayAmount,
  toMinorUnits,
} from './minor-units.ts';

describe('formatMinorUnits', () => {
  it.each([
    [1999, 2, '19.99'],
    [5, 2, '0.05'],
    [0, 2, '0.00'],
    [100, 2, '1.00'],
    [-1999, 2, '-19.99'],
    [-5, 2, '-0.05'],
    [1999, 0, '1999'],
    [-7, 0, '-7'],
    [1234567, 3, '1234.567'],
    [1, 8, '0.00000001'],
  ])('%s at dimension %s is "%s"', (minor, dimension, expected) => {
    expect(formatMinorUnits(minor, dimension)).toBe(expected);
  });

  it('is exact beyond 2^53', () => {
    expect(formatMinorUnits(2n ** 64n + 1n, 2)).toBe('184467440737095516.17');
    expect(formatMinorUnits('9007199254740993', 2)).toBe('90071992547409.93');
  });

  it('rejects non-integer and unsafe numbers and bad dimensions', () => {
    expect(() => formatMinorUnits(19.99, 2)).toThrow(RangeError);
    expect(() => formatMinorUnits(2 ** 53, 2)).toThrow(RangeError);
    expect(() => formatMinorUnits('12.5', 2)).toThrow(RangeError);
    expect(() => formatMinorUnits(1, -1)).toThrow(RangeError);
    expect(() => formatMinorUnits(1, 1.5)).toThrow(RangeError);
    expect(() => formatMinorUnits(1, 19)).toThrow(RangeError);
  });
});

describe('formatAmount', () => {
  it('adds the currency code when given', () => {
    expect(formatAmount(150000, { dimension: 2, code: 'UZS' })).toBe('1500.00 UZS');
    expect(formatAmount(150000, { dimension: 0 })).toBe('150000');
  });
});

describe('parseDisplayAmount', () => {
  it.each([
    ['19.99', 2, 1999n],
    ['19.9', 2, 1990n],
    ['19', 2, 1900n],
    ['19.', 2, 1900n],
    ['.5', 2, 50n],
    ['0.05', 2, 5n],
    ['-19.99', 2, -1999n],
    [' 7 ', 0, 7n],
    ['184467440737095516.17', 2, 2n ** 64n + 1n],
  ])('"%s" at dimension %s is %s', (text, dimension, expected) => {
    expect(parseDisplayAmount(text, dimension)).toEqual({ ok: true, value: expected });
  });

  it.each([
    ['', 'empty'],
    ['   ', 'empty'],
    ['abc', 'not-a-number'],
    ['1,5', 'not-a-number'],
    ['.', 'not-a-number'],
    ['1.2.3', 'not-a-number'],
    ['1e5', 'not-a-number'],
    ['19.999', 'too-many-decimals'],
  ])('"%s" is rejected as %s', (text, error) => {
    expect(parseDisplayAmount(text, 2)).toEqual({ ok: false, error });
  });

  it('rejects any decimals at dimension 0', () => {
    expect(parseDisplayAmount('1.5', 0)).toEqual({ ok: false, error: 'too-many-decimals' });
  });

  it('round-trips: parse(format(x)) == x for any integer and dimension', () => {
    fc.assert(
      fc.property(fc.bigInt(), fc.integer({ min: 0, max: 18 }), (minor, dimension) => {
        expect(parseDisplayAmount(formatMinorUnits(minor, dimension), dimension)).toEqual({
          ok: true,
          value: minor,
        });
      }),
    );
  });

  it('formatting always shows exactly `dimension` decimals', () => {
    fc.assert(
      fc.property(fc.bigInt(), fc.integer({ min: 1, max: 18 }), (minor, dimension) => {
        const [, fraction = ''] = formatMinorUnits(minor, dimension).split('.');
        expect(fraction).toHaveLength(dimension);
      }),
    );
  });
});

describe('toMinorUnits and minorUnitsToSafeNumber', () => {
  it('accept bigint, safe numbers and integer strings', () => {
    expect(toMinorUnits(5n)).toBe(5n);
    expect(toMinorUnits(-5)).toBe(-5n);
    expect(toMinorUnits(' 42 ')).toBe(42n);
  });

  it('convert to a number only inside the safe range', () => {
    expect(minorUnitsToSafeNumber(BigInt(Number.MAX_SAFE_INTEGER))).toBe(Number.MAX_SAFE_INTEGER);
    expect(() => minorUnitsToSafeNumber(BigInt(Number.MAX_SAFE_INTEGER) + 1n)).toThrow(RangeError);
  });
});
