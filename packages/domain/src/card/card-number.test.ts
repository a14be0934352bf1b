import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCardNumber } from './card-number.ts';

describe('formatCardNumber', () => {
  it.each([
    ['8600123412341234', '8600 1234 1234 1234'],
    ['8600 1234-1234 1234', '8600 1234 1234 1234'],
    ['86 0012 341234 1234', '8600 1234 1234 1234'],
    ['8600-1234-1234-1234', '8600 1234 1234 1234'],
    [' 8600123412341234 ', '8600 1234 1234 1234'],
    ['860012341234123', '8600 1234 1234 123'],
    ['86001234123412345', '8600 1234 1234 1234 5'],
    ['8600123412341234567', '8600 1234 1234 1234 567'],
    ['12345', '1234 5'],
    ['4111', '4111'],
    ['411', '411'],
    ['', ''],
  ])('"%s" → "%s"', (input, expected) => {
    expect(formatCardNumber(input)).toBe(expected);
  });

  it('groups any digits by four without losing one', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9]{1,24}$/), (digits) => {
        const formatted = formatCardNumber(digits);
        const groups = formatted.split(' ');
        expect(formatted.replaceAll(' ', '')).toBe(digits);
        for (const group of groups.slice(0, -1)) expect(group).toHaveLength(4);
        const last = groups.at(-1) ?? '';
        expect(last.length).toBeGreaterThanOrEqual(1);
        expect(last.length).toBeLessThanOrEqual(4);
        expect(groups).toHaveLength(Math.ceil(digits.length / 4));
      }),
    );
  });

  it('gives the same grouping whatever spaces and dashes were already in the number', () => {
    const separated = fc
      .array(
        fc.tuple(fc.constantFrom(...'0123456789'), fc.constantFrom('', '', ' ', '-', '  ', ' - ')),
        { minLength: 1, maxLength: 24 },
      )
      .map((pairs) => ({
        digits: pairs.map(([digit]) => digit).join(''),
        text: pairs.map(([digit, separator]) => `${digit}${separator}`).join(''),
      }));
    fc.assert(
      fc.property(separated, ({ digits, text }) => {
        expect(formatCardNumber(text)).toBe(formatCardNumber(digits));
        expect(formatCardNumber(formatCardNumber(text))).toBe(formatCardNumber(digits));
      }),
    );
  });
});
