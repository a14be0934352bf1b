import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCardNumber } from './card-number.ts';

describe('formatCardNumber', () => {
  it.each([
    ['8600123412341234', '8600 1234 1234 1234'],
    ['8600 1234-1234 1234', '8600 1234 1234 1234'],
    ['860012341234123', '8600 1234 1234 123'],
    ['4111', '4111'],
    ['', ''],
  ])('"%s" → "%s"', (input, expected) => {
    expect(formatCardNumber(input)).toBe(expected);
  });

  it('groups any digits by four without losing one', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9]{0,24}$/), (digits) => {
        const groups = formatCardNumber(digits).split(' ');
        expect(groups.join('')).toBe(digits);
        for (const group of groups.slice(0, -1)) expect(group).toHaveLength(4);
        expect((groups.at(-1) ?? '').length).toBeLessThanOrEqual(4);
      }),
    );
  });
});
