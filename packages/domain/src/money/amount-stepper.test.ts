import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AMOUNT_STEP_MINOR, QUICK_AMOUNTS_MINOR } from '../constants/business-constants.ts';
import {
  type AmountLimits,
  canDecreaseAmount,
  canIncreaseAmount,
  decreaseAmount,
  increaseAmount,
  isQuickAmountSelectable,
  quickAmountOptions,
} from './amount-stepper.ts';

const limits: AmountLimits = { minValue: 100_000, maxValue: 1_000_000 };

const limitsArb = fc
  .tuple(fc.integer({ min: 0, max: 50_000_000 }), fc.integer({ min: 0, max: 50_000_000 }))
  .map(([a, b]): AmountLimits => ({ minValue: Math.min(a, b), maxValue: Math.max(a, b) }));

/** Limits together with an amount inside them. */
const limitsWithAmountArb = limitsArb.chain((bounds) =>
  fc.tuple(fc.constant(bounds), fc.integer({ min: bounds.minValue, max: bounds.maxValue })),
);

describe('amount step', () => {
  it('is 100000 minor units (SPEC §9)', () => {
    expect(AMOUNT_STEP_MINOR).toBe(100_000);
  });
});

describe('increaseAmount / canIncreaseAmount', () => {
  it.each([
    [800_000, 900_000, true],
    [900_000, 1_000_000, true],
    [900_001, 900_001, false],
    [999_999, 999_999, false],
    [1_000_000, 1_000_000, false],
    [0, 100_000, true],
  ])('plus from %s gives %s (enabled: %s) with max 1000000', (amount, expected, enabled) => {
    expect(increaseAmount(amount, limits)).toBe(expected);
    expect(canIncreaseAmount(amount, limits)).toBe(enabled);
  });
});

describe('decreaseAmount / canDecreaseAmount', () => {
  it.each([
    [300_000, 200_000, true],
    [200_000, 100_000, true],
    [199_999, 199_999, false],
    [100_001, 100_001, false],
    [100_000, 100_000, false],
    [1_100_000, 1_000_000, true],
  ])('minus from %s gives %s (enabled: %s) with min 100000', (amount, expected, enabled) => {
    expect(decreaseAmount(amount, limits)).toBe(expected);
    expect(canDecreaseAmount(amount, limits)).toBe(enabled);
  });

  it('can go down to a minValue of 0 but not below', () => {
    const fromZero = { minValue: 0, maxValue: 1_000_000 };
    expect(decreaseAmount(100_000, fromZero)).toBe(0);
    expect(decreaseAmount(99_999, fromZero)).toBe(99_999);
  });
});

describe('stepper properties', () => {
  it('never leaves [min, max] when starting inside it', () => {
    fc.assert(
      fc.property(
        limitsWithAmountArb,
        fc.array(fc.boolean(), { maxLength: 40 }),
        ([bounds, start], presses) => {
          let amount = start;
          for (const plus of presses) {
            amount = plus ? increaseAmount(amount, bounds) : decreaseAmount(amount, bounds);
            expect(amount).toBeGreaterThanOrEqual(bounds.minValue);
            expect(amount).toBeLessThanOrEqual(bounds.maxValue);
          }
        },
      ),
    );
  });

  it('moves by exactly one step when enabled, and not at all when disabled', () => {
    fc.assert(
      fc.property(limitsWithAmountArb, ([bounds, amount]) => {
        const up = increaseAmount(amount, bounds);
        const down = decreaseAmount(amount, bounds);
        expect(up - amount).toBe(canIncreaseAmount(amount, bounds) ? AMOUNT_STEP_MINOR : 0);
        expect(amount - down).toBe(canDecreaseAmount(amount, bounds) ? AMOUNT_STEP_MINOR : 0);
      }),
    );
  });

  it('plus then minus returns to the start when both are allowed, and vice versa', () => {
    fc.assert(
      fc.property(limitsWithAmountArb, ([bounds, amount]) => {
        if (canIncreaseAmount(amount, bounds)) {
          const up = increaseAmount(amount, bounds);
          expect(canDecreaseAmount(up, bounds)).toBe(true);
          expect(decreaseAmount(up, bounds)).toBe(amount);
        }
        if (canDecreaseAmount(amount, bounds)) {
          const down = decreaseAmount(amount, bounds);
          expect(canIncreaseAmount(down, bounds)).toBe(true);
          expect(increaseAmount(down, bounds)).toBe(amount);
        }
      }),
    );
  });

  it('refuses amounts and limits that are not safe integers', () => {
    expect(() => increaseAmount(1.5, limits)).toThrow(RangeError);
    expect(() => decreaseAmount(Number.NaN, limits)).toThrow(RangeError);
    expect(() => canIncreaseAmount(0, { minValue: 0, maxValue: 2 ** 53 })).toThrow(RangeError);
    expect(() => canDecreaseAmount(0, { minValue: 0.5, maxValue: 1 })).toThrow(RangeError);
  });
});

describe('quick amounts', () => {
  it('are the four amounts of SPEC §9', () => {
    expect(QUICK_AMOUNTS_MINOR).toEqual([100_000, 1_000_000, 5_000_000, 10_000_000]);
  });

  it('are selectable within the limits, bounds included', () => {
    expect(quickAmountOptions({ minValue: 1_000_000, maxValue: 5_000_000 })).toEqual([
      { amount: 100_000, selectable: false },
      { amount: 1_000_000, selectable: true },
      { amount: 5_000_000, selectable: true },
      { amount: 10_000_000, selectable: false },
    ]);
  });

  it('are not selectable one minor unit outside the limits', () => {
    expect(quickAmountOptions({ minValue: 1_000_001, maxValue: 4_999_999 })).toEqual([
      { amount: 100_000, selectable: false },
      { amount: 1_000_000, selectable: false },
      { amount: 5_000_000, selectable: false },
      { amount: 10_000_000, selectable: false },
    ]);
    expect(isQuickAmountSelectable(100_000, { minValue: 100_000, maxValue: 100_000 })).toBe(true);
    expect(isQuickAmountSelectable(100_000, { minValue: 100_001, maxValue: 200_000 })).toBe(false);
    expect(isQuickAmountSelectable(100_000, { minValue: 0, maxValue: 99_999 })).toBe(false);
  });

  it('selectable means inside [min, max], for any limits', () => {
    fc.assert(
      fc.property(limitsArb, (bounds) => {
        for (const { amount, selectable } of quickAmountOptions(bounds)) {
          expect(selectable).toBe(amount >= bounds.minValue && amount <= bounds.maxValue);
        }
      }),
    );
  });
});
