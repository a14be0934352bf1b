/**
 * A percentage fee of an amount in minor units, exactly: the percent is a decimal string such as
 * "2.5" (the Numeric value of a terminal's FEE_PERCENT attribute), and the result is rounded half
 * up to a whole minor unit. Null when the percent is not a decimal between 0 and 100.
 */
const PERCENT_PATTERN = /^\d{1,3}(\.\d{1,6})?$/;

export const percentFeeOf = (amount: bigint, percent: string): bigint | null => {
  const text = percent.trim();
  if (!PERCENT_PATTERN.test(text)) return null;
  const [whole = '0', fraction = ''] = text.split('.');
  const scale = 10n ** BigInt(fraction.length);
  const scaledPercent = BigInt(whole) * scale + BigInt(fraction === '' ? '0' : fraction);
  if (scaledPercent > 100n * scale) return null;
  const denominator = 100n * scale;
  return (amount * scaledPercent * 2n + denominator) / (2n * denominator);
};

/** Whether a percent is one percentFeeOf can charge (a decimal from 0 to 100, ≤ 6 decimals). */
export const isChargeableFeePercent = (percent: string): boolean =>
  percentFeeOf(0n, percent) !== null;
