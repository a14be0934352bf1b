/**
 * SPEC §5 terminal attribute values. Each attribute type (reference list 105) has a parameter
 * type (SPEC §3: I Integer, S String, C Char, B Boolean, N Numeric) that says what its value
 * may be. Values are text; these rules decide which texts are acceptable. The back office
 * checks a field with them as the user types and the server checks every save with them, so
 * both always agree.
 */

/** SPEC §3 attribute parameter types, in SPEC order. */
export const ATTRIBUTE_PARAM_TYPES = ['I', 'S', 'C', 'B', 'N'] as const;
export type AttributeParamType = (typeof ATTRIBUTE_PARAM_TYPES)[number];

/** SPEC §3 names of the parameter types. */
export const ATTRIBUTE_PARAM_TYPE_NAMES: Readonly<Record<AttributeParamType, string>> = {
  I: 'Integer',
  S: 'String',
  C: 'Char',
  B: 'Boolean',
  N: 'Numeric',
};

export const isAttributeParamType = (value: unknown): value is AttributeParamType =>
  typeof value === 'string' && (ATTRIBUTE_PARAM_TYPES as readonly string[]).includes(value);

/** Longest value stored; longer input is refused, never cut. */
export const ATTRIBUTE_VALUE_MAX_LENGTH = 1000;

/** SPEC §5 texts, word for word; Boolean (not worded by SPEC) follows the same pattern. */
export const ATTRIBUTE_VALUE_MESSAGES = {
  required: 'Value is required',
  I: 'value is not Integer',
  S: 'value is not String',
  C: 'value is not Char',
  B: 'value is not Boolean',
  N: 'value is not Numeric',
  tooLong: `Value must be at most ${ATTRIBUTE_VALUE_MAX_LENGTH} characters long`,
} as const;

/** SPEC §5: a Boolean attribute is chosen as one of these two texts. */
export const BOOLEAN_ATTRIBUTE_VALUES = ['true', 'false'] as const;

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

// Control characters (NUL cannot even be stored in PostgreSQL text) and lone UTF-16 surrogates
// (half an emoji) are never part of a meaningful setting.
const CONTROL_OR_LONE_SURROGATE = /[\p{Cc}\p{Cs}]/u;
const INTEGER_TEXT = /^-?\d+$/;
// Digits, one dot, digits: "12.5". No sign, exponent or grouping.
const DECIMAL_TEXT = /^\d+\.(\d+)$/;
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/** I: an integer without sign noise ("42", "-7"), small enough for any consumer to read exactly. */
const isIntegerText = (text: string): boolean => {
  if (!INTEGER_TEXT.test(text)) return false;
  const value = BigInt(text);
  return value <= MAX_SAFE && value >= -MAX_SAFE;
};

/** C: exactly one character (one Unicode code point after NFC), not a control character. */
const isCharText = (text: string): boolean =>
  [...text].length === 1 && !CONTROL_OR_LONE_SURROGATE.test(text);

/**
 * N (SPEC §5 "digits and dots and non-integer"): a decimal with digits on both sides of one
 * dot whose value is not a whole number, so "12.5" passes and "12" and "12.0" do not (whole
 * numbers are what type I is for).
 */
const isNumericText = (text: string): boolean => {
  const fraction = DECIMAL_TEXT.exec(text)?.[1];
  return fraction !== undefined && /[1-9]/.test(fraction) && Number.isFinite(Number(text));
};

const TYPE_CHECKS: Readonly<Record<AttributeParamType, (text: string) => boolean>> = {
  I: isIntegerText,
  S: (text) => !CONTROL_OR_LONE_SURROGATE.test(text),
  C: isCharText,
  B: (text) => (BOOLEAN_ATTRIBUTE_VALUES as readonly string[]).includes(text),
  N: isNumericText,
};

/**
 * SPEC §5 attribute value rules: the message for a value that does not fit its parameter
 * type, or null when it fits. The value is judged as `normaliseAttributeValue` leaves it, which
 * is also what should be stored. Anything that is not a string is not a value of any type.
 */
export const validateAttributeValue = (
  paramType: AttributeParamType,
  value: unknown,
): string | null => {
  if (isEmptyAttributeValue(value)) return ATTRIBUTE_VALUE_MESSAGES.required;
  if (typeof value !== 'string') return ATTRIBUTE_VALUE_MESSAGES[paramType];
  const text = normaliseAttributeValue(value);
  if (text.length > ATTRIBUTE_VALUE_MAX_LENGTH) return ATTRIBUTE_VALUE_MESSAGES.tooLong;
  return TYPE_CHECKS[paramType](text) ? null : ATTRIBUTE_VALUE_MESSAGES[paramType];
};
