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

/**
 * The currency's limits narrowed to the method's min–max, inclusive at both ends; the currency's
 * alone while no method is chosen. A withdrawal's method maximum is already lowered to what the
 * merchant authorised (the server does it before the form sees the method).
 */
export const paymentAmountLimits = <T extends MinorUnits>(
  currency: PaymentAmountLimits<T>,
  method: { minAmount: T; maxAmount: T } | undefined,
): PaymentAmountLimits<T> => ({
  minValue: method ? higher(currency.minValue, method.minAmount) : currency.minValue,
  maxValue: method ? lower(currency.maxValue, method.maxAmount) : currency.maxValue,
});

export const isWithinPaymentAmountLimits = <T extends MinorUnits>(
  amount: T,
  { minValue, maxValue }: PaymentAmountLimits<T>,
): boolean => amount >= minValue && amount <= maxValue;
