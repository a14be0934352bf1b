/**
 * The amounts a customer's payment may take with a payment method, written once for the payment
 * form (minor units as numbers, always below 2^53 in its JSON) and the server (bigint).
 */
type MinorUnits = number | bigint;

export interface PaymentAmountLimits<T extends MinorUnits> {
  minValue: T;
  maxValue: T;
}

const higher = <T extends MinorUnits>(a: T, b: T): T => (a > b ? a : b);
const lower = <T extends MinorUnits>(a: T, b: T): T => (a < b ? a : b);

/** The least any payment can be, whatever the limits say: one minor unit. */
export const LEAST_PAYMENT_AMOUNT_MINOR = 1;

/** LEAST_PAYMENT_AMOUNT_MINOR in the kind of minor units of `like` (number or bigint). */
const leastAmountLike = <T extends MinorUnits>(like: T): T =>
  (typeof like === 'bigint' ? BigInt(LEAST_PAYMENT_AMOUNT_MINOR) : LEAST_PAYMENT_AMOUNT_MINOR) as T;

/**
 * The currency's limits narrowed to the method's min–max, inclusive at both ends; the currency's
 * alone while no method is chosen. A withdrawal's method maximum is already lowered to what the
 * merchant authorised (the server does it before the form sees the method). A minimum of zero
 * (the database allows it for a currency and a method) still leaves one minor unit the least: a
 * payment of nothing is no payment.
 */
export const paymentAmountLimits = <T extends MinorUnits>(
  currency: PaymentAmountLimits<T>,
  method: { minAmount: T; maxAmount: T } | undefined,
): PaymentAmountLimits<T> => ({
  minValue: higher(
    method ? higher(currency.minValue, method.minAmount) : currency.minValue,
    leastAmountLike(currency.minValue),
  ),
  maxValue: method ? lower(currency.maxValue, method.maxAmount) : currency.maxValue,
});

export const isWithinPaymentAmountLimits = <T extends MinorUnits>(
  amount: T,
  { minValue, maxValue }: PaymentAmountLimits<T>,
): boolean => amount >= minValue && amount <= maxValue;
