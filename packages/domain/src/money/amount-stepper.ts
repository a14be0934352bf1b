import { AMOUNT_STEP_MINOR, QUICK_AMOUNTS_MINOR } from '../constants/business-constants.ts';

/** The currency limits of the payment form amount step (Currency minValue, maxValue; SPEC §3). */
export interface AmountLimits {
  /** Smallest allowed amount, in minor units. */
  minValue: number;
  /** Largest allowed amount, in minor units. */
  maxValue: number;
}

/** A quick amount of the payment form, and whether it lies within the currency limits. */
export interface QuickAmountOption {
  amount: number;
  selectable: boolean;
}

const assertSafeInteger = (name: string, value: number): void => {
  if (!Number.isSafeInteger(value)) {
    throw new RangeError(`${name} must be a safe integer of minor units, got ${value}`);
  }
};

const assertAmountAndLimits = (amount: number, { minValue, maxValue }: AmountLimits): void => {
  assertSafeInteger('amount', amount);
  assertSafeInteger('minValue', minValue);
  assertSafeInteger('maxValue', maxValue);
};

/** SPEC §5: plus is enabled only if amount + AMOUNT_STEP_MINOR stays at or below maxValue. */
export const canIncreaseAmount = (amount: number, limits: AmountLimits): boolean => {
  assertAmountAndLimits(amount, limits);
  return amount + AMOUNT_STEP_MINOR <= limits.maxValue;
};

/** SPEC §5: minus is enabled only if amount − AMOUNT_STEP_MINOR stays at or above minValue. */
export const canDecreaseAmount = (amount: number, limits: AmountLimits): boolean => {
  assertAmountAndLimits(amount, limits);
  return amount - AMOUNT_STEP_MINOR >= limits.minValue;
};

/** SPEC §5 plus button: the amount one step (AMOUNT_STEP_MINOR) higher, or unchanged past maxValue. */
export const increaseAmount = (amount: number, limits: AmountLimits): number =>
  canIncreaseAmount(amount, limits) ? amount + AMOUNT_STEP_MINOR : amount;

/** SPEC §5 minus button: the amount one step (AMOUNT_STEP_MINOR) lower, or unchanged below minValue. */
export const decreaseAmount = (amount: number, limits: AmountLimits): number =>
  canDecreaseAmount(amount, limits) ? amount - AMOUNT_STEP_MINOR : amount;

/** SPEC §2, §9: a quick amount can be chosen only when it lies within [minValue, maxValue]. */
export const isQuickAmountSelectable = (amount: number, limits: AmountLimits): boolean => {
  assertAmountAndLimits(amount, limits);
  return amount >= limits.minValue && amount <= limits.maxValue;
};

/** SPEC §9 quick amounts (QUICK_AMOUNTS_MINOR) in order, each marked selectable or not. */
export const quickAmountOptions = (limits: AmountLimits): QuickAmountOption[] =>
  QUICK_AMOUNTS_MINOR.map((amount) => ({
    amount,
    selectable: isQuickAmountSelectable(amount, limits),
  }));
