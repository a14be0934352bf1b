import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatAmount,
  formatMinorUnits,
  isSafeMinorUnits,
  MAX_CURRENCY_DIMENSION,
  minorUnitsToSafeNumber,
  parseDisplayAmount,
  parseDisplayAmountToNumber,
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
    [-0, 2, '0.00'],
    [10n ** 18n, 18, '1.000000000000000000'],
    ['-1999', 2, '-19.99'],
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
    expect(() => formatMinorUnits(1, Number.NaN)).toThrow(RangeError);
    expect(formatMinorUnits(1, MAX_CURRENCY_DIMENSION)).toBe('0.000000000000000001');
    expect(() => formatMinorUnits(1, MAX_CURRENCY_DIMENSION + 1)).toThrow(RangeError);
  });

  it('accepts the largest safe number and refuses the next one', () => {
    expect(formatMinorUnits(Number.MAX_SAFE_INTEGER, 2)).toBe('90071992547409.91');
    expect(formatMinorUnits(Number.MIN_SAFE_INTEGER, 2)).toBe('-90071992547409.91');
    expect(() => formatMinorUnits(Number.MAX_SAFE_INTEGER + 1, 2)).toThrow(RangeError);
    expect(() => formatMinorUnits(Number.POSITIVE_INFINITY, 2)).toThrow(RangeError);
  });

  it('agrees with integer division by 10^dimension for any bigint', () => {
    fc.assert(
      fc.property(fc.bigInt(), fc.integer({ min: 0, max: 18 }), (minor, dimension) => {
        const scale = 10n ** BigInt(dimension);
        const abs = minor < 0n ? -minor : minor;
        const whole = (abs / scale).toString();
        const fraction = (abs % scale).toString().padStart(dimension, '0');
        const expected = `${minor < 0n ? '-' : ''}${whole}${dimension ? `.${fraction}` : ''}`;
        expect(formatMinorUnits(minor, dimension)).toBe(expected);
      }),
    );
  });
});

describe('formatAmount', () => {
  it('adds the currency code when given', () => {
    expect(formatAmount(150000, { dimension: 2, code: 'UZS' })).toBe('1500.00 UZS');
    expect(formatAmount(150000, { dimension: 0 })).toBe('150000');
    expect(formatAmount(-1999n, { dimension: 2, code: 'RUB' })).toBe('-19.99 RUB');
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
    ['-', 'not-a-number'],
    ['+5', 'not-a-number'],
    ['--5', 'not-a-number'],
    ['1 000', 'not-a-number'],
    ['٣', 'not-a-number'],
  ])('"%s" is rejected as %s', (text, error) => {
    expect(parseDisplayAmount(text, 2)).toEqual({ ok: false, error });
  });

  it('rejects any decimals at dimension 0', () => {
    expect(parseDisplayAmount('1.5', 0)).toEqual({ ok: false, error: 'too-many-decimals' });
  });

  it('pads exactly to the dimension and refuses one decimal more', () => {
    expect(parseDisplayAmount('1.123', 3)).toEqual({ ok: true, value: 1123n });
    expect(parseDisplayAmount('1.1234', 3)).toEqual({ ok: false, error: 'too-many-decimals' });
    expect(parseDisplayAmount('1.000', 2)).toEqual({ ok: false, error: 'too-many-decimals' });
  });

  it('rejects a bad dimension', () => {
    expect(() => parseDisplayAmount('1', -1)).toThrow(RangeError);
    expect(() => parseDisplayAmount('1', 19)).toThrow(RangeError);
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
    expect(toMinorUnits('-9007199254740993')).toBe(-9007199254740993n);
  });

  it.each([[1.5], [Number.NaN], [2 ** 53], ['1.5'], [''], ['1e3'], ['0x10'], ['abc']])(
    'refuse %s with a RangeError',
    (value) => {
      expect(() => toMinorUnits(value)).toThrow(RangeError);
    },
  );

  it('convert to a number only inside the safe range', () => {
    const max = BigInt(Number.MAX_SAFE_INTEGER);
    expect(minorUnitsToSafeNumber(max)).toBe(Number.MAX_SAFE_INTEGER);
    expect(minorUnitsToSafeNumber(-max)).toBe(-Number.MAX_SAFE_INTEGER);
    expect(minorUnitsToSafeNumber('1999')).toBe(1999);
    expect(() => minorUnitsToSafeNumber(max + 1n)).toThrow(RangeError);
    expect(() => minorUnitsToSafeNumber(-max - 1n)).toThrow(RangeError);
    expect(isSafeMinorUnits(max)).toBe(true);
    expect(isSafeMinorUnits(max + 1n)).toBe(false);
  });
});

describe('parseDisplayAmountToNumber', () => {
  it('gives a number inside the safe range and an error past it', () => {
    expect(parseDisplayAmountToNumber('19.99', 2)).toEqual({ ok: true, value: 1999 });
    expect(parseDisplayAmountToNumber('90071992547409.91', 2)).toEqual({
      ok: true,
      value: Number.MAX_SAFE_INTEGER,
    });
    expect(parseDisplayAmountToNumber('90071992547409.92', 2)).toEqual({
      ok: false,
      error: 'unsafe-integer',
    });
    expect(parseDisplayAmountToNumber('1.999', 2)).toEqual({
      ok: false,
      error: 'too-many-decimals',
    });
  });
});
