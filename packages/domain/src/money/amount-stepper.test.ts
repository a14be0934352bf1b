import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canDecreaseAmount,
  canIncreaseAmount,
  decreaseAmount,
  increaseAmount,
  quickAmountOptions,
} from './amount-stepper.ts';

const limits = { minValue: 100_000, maxValue: 1_000_000 };

describe('amount stepper', () => {
  it('plus adds 100000 while the result stays at or below maxValue', () => {
    expect(increaseAmount(800_000, limits)).toBe(900_000);
    expect(increaseAmount(900_000, limits)).toBe(1_000_000);
    expect(increaseAmount(900_001, limits)).toBe(900_001);
    expect(increaseAmount(1_000_000, limits)).toBe(1_000_000);
    expect(canIncreaseAmount(900_000, limits)).toBe(true);
    expect(canIncreaseAmount(900_001, limits)).toBe(false);
  });

  it('minus subtracts 100000 while the result stays at or above minValue', () => {
    expect(decreaseAmount(300_000, limits)).toBe(200_000);
    expect(decreaseAmount(200_000, limits)).toBe(100_000);
    expect(decreaseAmount(199_999, limits)).toBe(199_999);
    expect(decreaseAmount(100_000, limits)).toBe(100_000);
    expect(canDecreaseAmount(200_000, limits)).toBe(true);
    expect(canDecreaseAmount(199_999, limits)).toBe(false);
  });

  it('never leaves [min, max] from inside, and plus then minus returns to the start', () => {
    const limitsArb = fc
      .tuple(fc.integer({ min: 0, max: 50_000_000 }), fc.integer({ min: 0, max: 50_000_000 }))
      .map(([a, b]) => ({ minValue: Math.min(a, b), maxValue: Math.max(a, b) }));
    fc.assert(
      fc.property(
        limitsArb,
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.array(fc.boolean(), { maxLength: 30 }),
        (bounds, position, presses) => {
          let amount = Math.round(bounds.minValue + (bounds.maxValue - bounds.minValue) * position);
          for (const plus of presses) {
            const before = amount;
            amount = plus ? increaseAmount(amount, bounds) : decreaseAmount(amount, bounds);
            expect(amount).toBeGreaterThanOrEqual(bounds.minValue);
            expect(amount).toBeLessThanOrEqual(bounds.maxValue);
            if (plus && amount !== before) expect(decreaseAmount(amount, bounds)).toBe(before);
          }
        },
      ),
    );
  });
});

describe('quickAmountOptions', () => {
  it('offers the four quick amounts of SPEC §9, selectable within the limits', () => {
    expect(quickAmountOptions({ minValue: 500_000, maxValue: 5_000_000 })).toEqual([
      { amount: 100_000, selectable: false },
      { amount: 1_000_000, selectable: true },
      { amount: 5_000_000, selectable: true },
      { amount: 10_000_000, selectable: false },
    ]);
  });
});
