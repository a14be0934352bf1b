import { AMOUNT_STEP_MINOR, QUICK_AMOUNTS_MINOR } from '../constants/business-constants.ts';

/** The currency limits of the payment form amount step, in minor units. */
export interface AmountLimits {
  minValue: number;
  maxValue: number;
}

/** SPEC §5: plus adds the step only if the result stays at or below maxValue. */
export const canIncreaseAmount = (amount: number, { maxValue }: AmountLimits): boolean =>
  amount + AMOUNT_STEP_MINOR <= maxValue;

/** SPEC §5: minus subtracts the step only if the result stays at or above minValue. */
export const canDecreaseAmount = (amount: number, { minValue }: AmountLimits): boolean =>
  amount - AMOUNT_STEP_MINOR >= minValue;

/** The amount after pressing plus: one step more, or unchanged past maxValue. */
export const increaseAmount = (amount: number, limits: AmountLimits): number =>
  canIncreaseAmount(amount, limits) ? amount + AMOUNT_STEP_MINOR : amount;

/** The amount after pressing minus: one step less, or unchanged below minValue. */
export const decreaseAmount = (amount: number, limits: AmountLimits): number =>
  canDecreaseAmount(amount, limits) ? amount - AMOUNT_STEP_MINOR : amount;

/** SPEC §9 quick amounts, each marked whether it lies within the limits. */
export const quickAmountOptions = (
  limits: AmountLimits,
): Array<{ amount: number; selectable: boolean }> =>
  QUICK_AMOUNTS_MINOR.map((amount) => ({
    amount,
    selectable: amount >= limits.minValue && amount <= limits.maxValue,
  }));
