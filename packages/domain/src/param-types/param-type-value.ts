import { characterCount } from '../names/character-count.ts';

/**
 * SPEC §3 parameter types (reference list 102: I Integer, S String, C Char, B Boolean,
 * N Numeric) and the SPEC §5 rule for which texts each accepts. Terminal attribute values and
 * people-account credential values are both typed this way, so both use these checks.
 */
export const PARAM_TYPES = ['I', 'S', 'C', 'B', 'N'] as const;
export type ParamType = (typeof PARAM_TYPES)[number];

export const PARAM_TYPE_NAMES: Readonly<Record<ParamType, string>> = {
  I: 'Integer',
  S: 'String',
  C: 'Char',
  B: 'Boolean',
  N: 'Numeric',
};

export const isParamType = (value: unknown): value is ParamType =>
  typeof value === 'string' && (PARAM_TYPES as readonly string[]).includes(value);

/** SPEC §5 texts, word for word; Boolean (not worded by SPEC) follows the same pattern. */
export const PARAM_TYPE_MESSAGES = {
  I: 'value is not Integer',
  S: 'value is not String',
  C: 'value is not Char',
  B: 'value is not Boolean',
  N: 'value is not Numeric',
} as const satisfies Record<ParamType, string>;

/** SPEC §5: a Boolean value is chosen as one of these two texts. */
export const BOOLEAN_PARAM_VALUES = ['true', 'false'] as const;

// Control characters (NUL cannot even be stored in PostgreSQL text) and lone UTF-16 surrogates
// (half an emoji) are never part of a meaningful value.
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

/** C: exactly one character (one Unicode code point), not a control character. */
const isCharText = (text: string): boolean =>
  characterCount(text) === 1 && !CONTROL_OR_LONE_SURROGATE.test(text);

/**
 * N (SPEC §5 "digits and dots and non-integer"): digits on both sides of one dot and not a
 * whole number, so "12.5" passes and "12" and "12.0" do not (whole numbers are type I).
 */
const isNumericText = (text: string): boolean => {
  const fraction = DECIMAL_TEXT.exec(text)?.[1];
  return fraction !== undefined && /[1-9]/.test(fraction) && Number.isFinite(Number(text));
};

const TYPE_CHECKS: Readonly<Record<ParamType, (text: string) => boolean>> = {
  I: isIntegerText,
  S: (text) => !CONTROL_OR_LONE_SURROGATE.test(text),
  C: isCharText,
  B: (text) => (BOOLEAN_PARAM_VALUES as readonly string[]).includes(text),
  N: isNumericText,
};

/** Whether a (normalised, non-empty) text is a value of the parameter type. */
export const matchesParamType = (text: string, paramType: ParamType): boolean =>
  TYPE_CHECKS[paramType](text);
