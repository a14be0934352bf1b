import { isChargeableFeePercent } from '../money/percent-fee.ts';

/**
 * The terminal attribute (reference list 105) holding the fee percent that completed invoices are
 * charged (decision 0017). Its parameter type is N; on top of that its value must be a percent
 * the fee rule can charge (isChargeableFeePercent): from 0 to 100, with at most 6 decimals. A
 * value the type accepts and the rule does not (150.25, 1.1234567) used to be saved and then
 * charged nothing at all. Unlike other Numeric values it may be whole (isWholeFeePercentText).
 */
export const FEE_PERCENT_ATTRIBUTE_CODE = 'FEE_PERCENT';

export const FEE_PERCENT_VALUE_MESSAGE =
  'Fee percent must be from 0 to 100, with at most 6 decimals';

/**
 * The message for a fee percent the fee rule cannot charge, or null when it can (or the
 * attribute is not the fee percent). Its parameter type is checked before this.
 */
export const feePercentAttributeValueError = (
  code: string | null | undefined,
  text: string,
): string | null =>
  code === FEE_PERCENT_ATTRIBUTE_CODE && !isChargeableFeePercent(text)
    ? FEE_PERCENT_VALUE_MESSAGE
    : null;

const WHOLE_NUMBER_TEXT = /^\d+(\.0+)?$/;

/**
 * Whether the text is a whole fee percent ("2", "2.0"), which the fee percent's Numeric type
 * accepts though SPEC §5's Numeric rule refuses whole numbers ("non-integer", "2.0" included):
 * a fee of 2 % could not be entered at all (decision 0017). Other Numeric values keep the rule.
 */
export const isWholeFeePercentText = (
  code: string | null | undefined,
  paramType: string,
  text: string,
): boolean =>
  code === FEE_PERCENT_ATTRIBUTE_CODE && paramType === 'N' && WHOLE_NUMBER_TEXT.test(text);
