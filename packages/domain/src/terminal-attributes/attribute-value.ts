import {
  BOOLEAN_PARAM_VALUES,
  isParamType,
  matchesParamType,
  PARAM_TYPE_MESSAGES,
  PARAM_TYPE_NAMES,
  PARAM_TYPES,
  type ParamType,
} from '../param-types/param-type-value.ts';
import { alertAttributeValueError } from './alert-attributes.ts';
import { feePercentAttributeValueError, isWholeFeePercentText } from './fee-percent-attribute.ts';

/**
 * SPEC §5 terminal attribute values. Each attribute type (reference list 105) has a parameter
 * type (SPEC §3: I Integer, S String, C Char, B Boolean, N Numeric) that says what its value
 * may be. Values are text; these rules decide which texts are acceptable. The back office
 * checks a field with them as the user types and the server checks every save with them, so
 * both always agree.
 */

/** SPEC §3 attribute parameter types, in SPEC order. */
export const ATTRIBUTE_PARAM_TYPES = PARAM_TYPES;
export type AttributeParamType = ParamType;

/** SPEC §3 names of the parameter types. */
export const ATTRIBUTE_PARAM_TYPE_NAMES = PARAM_TYPE_NAMES;

export const isAttributeParamType = isParamType;

/** Longest value stored; longer input is refused, never cut. */
export const ATTRIBUTE_VALUE_MAX_LENGTH = 1000;

/** SPEC §5 texts, word for word; Boolean (not worded by SPEC) follows the same pattern. */
export const ATTRIBUTE_VALUE_MESSAGES = {
  required: 'Value is required',
  ...PARAM_TYPE_MESSAGES,
  tooLong: `Value must be at most ${ATTRIBUTE_VALUE_MAX_LENGTH} characters long`,
} as const;

/** SPEC §5: a Boolean attribute is chosen as one of these two texts. */
export const BOOLEAN_ATTRIBUTE_VALUES = BOOLEAN_PARAM_VALUES;

/**
 * The text that is checked and stored: NFC (so "é" typed as e + accent is one character) with
 * the surrounding whitespace removed, which never carries meaning in a setting.
 */
export const normaliseAttributeValue = (value: string): string => value.normalize('NFC').trim();

/** SPEC §5: empty values (nothing, or only whitespace) are dropped on save. */
export const isEmptyAttributeValue = (value: unknown): boolean =>
  value === null ||
  value === undefined ||
  (typeof value === 'string' && normaliseAttributeValue(value) === '');

/** SPEC §5 "Empty-valued attributes are dropped on save": the attributes that are saved. */
export const dropEmptyAttributes = <Attribute extends { value?: unknown }>(
  attributes: readonly Attribute[],
): Attribute[] => attributes.filter((attribute) => !isEmptyAttributeValue(attribute.value));

/**
 * SPEC §5 attribute value rules: the message for a value that does not fit its parameter
 * type, or null when it fits. The value is judged as `normaliseAttributeValue` leaves it, which
 * is also what should be stored. Anything that is not a string is not a value of any type.
 * With the type's code, a value must also fit what that attribute means: an alert setting its
 * range (alert-attributes.ts), the fee percent one the fee rule can charge
 * (fee-percent-attribute.ts).
 */
export const validateAttributeValue = (
  paramType: AttributeParamType,
  value: unknown,
  typeCode: string | null = null,
  { judgeMeaning = true }: { judgeMeaning?: boolean } = {},
): string | null => {
  if (isEmptyAttributeValue(value)) return ATTRIBUTE_VALUE_MESSAGES.required;
  if (typeof value !== 'string') return ATTRIBUTE_VALUE_MESSAGES[paramType];
  const text = normaliseAttributeValue(value);
  if (text.length > ATTRIBUTE_VALUE_MAX_LENGTH) return ATTRIBUTE_VALUE_MESSAGES.tooLong;
  if (!matchesParamType(text, paramType) && !isWholeFeePercentText(typeCode, paramType, text)) {
    return ATTRIBUTE_VALUE_MESSAGES[paramType];
  }
  if (!judgeMeaning) return null;
  return alertAttributeValueError(typeCode, text) ?? feePercentAttributeValueError(typeCode, text);
};

/**
 * The message for a value a save gives an attribute, or null when it may be saved: its parameter
 * type always; what the attribute means (an alert setting's range, the fee rule) only when the
 * value differs from `savedValue`, the one stored (null: none), so a value stored before such a
 * rule does not block the rest of a save. The back office's form and the server judge a save by
 * this one rule.
 */
export const attributeChangeError = (
  paramType: AttributeParamType,
  value: unknown,
  typeCode: string | null,
  savedValue: string | null,
): string | null => {
  const unchanged =
    savedValue !== null &&
    typeof value === 'string' &&
    normaliseAttributeValue(value) === savedValue;
  return validateAttributeValue(paramType, value, typeCode, { judgeMeaning: !unchanged });
};
