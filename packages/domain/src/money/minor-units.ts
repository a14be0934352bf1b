/**
 * Money is integer minor units end to end (SPEC §1, §5). These functions convert between
 * minor units and display text with bigint arithmetic only, so they are exact for any integer,
 * including values beyond Number.MAX_SAFE_INTEGER.
 */

/** An amount in minor units: a bigint, a safe-integer number, or a string of an integer. */
export type MinorUnitsInput = bigint | number | string;

/** Currencies have at most this many decimals; anything larger is a data error. */
export const MAX_CURRENCY_DIMENSION = 18;

const INTEGER_TEXT = /^-?\d+$/;

/** SPEC §1 integer minor units: any accepted input as bigint; RangeError for non-integers. */
export const toMinorUnits = (value: MinorUnitsInput): bigint => {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) {
      throw new RangeError(`Minor units must be a safe integer, got ${value}`);
    }
    return BigInt(value);
  }
  const text = value.trim();
  if (!INTEGER_TEXT.test(text)) {
    throw new RangeError(`Minor units must be an integer, got "${value}"`);
  }
  return BigInt(text);
};

/** SPEC §3 currency dimension check: a whole number of decimals from 0 to 18, else RangeError. */
export const assertDimension = (dimension: number): void => {
  if (!Number.isInteger(dimension) || dimension < 0 || dimension > MAX_CURRENCY_DIMENSION) {
    throw new RangeError(
      `Currency dimension must be an integer from 0 to ${MAX_CURRENCY_DIMENSION}, got ${dimension}`,
    );
  }
};

/**
 * SPEC §5 amount display: minor units divided by 10^dimension with exactly `dimension`
 * decimals; dimension 0 as is. 1999 at dimension 2 → "19.99", -5 → "-0.05".
 */
export const formatMinorUnits = (minor: MinorUnitsInput, dimension: number): string => {
  assertDimension(dimension);
  const value = toMinorUnits(minor);
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString();
  if (dimension === 0) return `${negative ? '-' : ''}${digits}`;
  const padded = digits.padStart(dimension + 1, '0');
  const whole = padded.slice(0, -dimension);
  const fraction = padded.slice(-dimension);
  return `${negative ? '-' : ''}${whole}.${fraction}`;
};

export interface AmountDisplayCurrency {
  dimension: number;
  code?: string;
}

/** SPEC §5 amount display followed by the currency code when given, e.g. "19.99 UZS". */
export const formatAmount = (minor: MinorUnitsInput, currency: AmountDisplayCurrency): string => {
  const text = formatMinorUnits(minor, currency.dimension);
  return currency.code ? `${text} ${currency.code}` : text;
};

/** Why display text is not an amount: nothing typed, not a decimal number, or too precise. */
export type ParseAmountError = 'empty' | 'not-a-number' | 'too-many-decimals';

export type ParseAmountResult =
  | { ok: true; value: bigint }
  | { ok: false; error: ParseAmountError };

const DECIMAL_TEXT = /^(-?)(\d*)(?:\.(\d*))?$/;

/**
 * SPEC §5 amount display read back to minor units, exactly: "19.9" at dimension 2 → 1990n.
 * Accepts an optional leading minus, digits and one dot (surrounding spaces ignored); more
 * decimals than the currency has is an error, never a silent rounding.
 */
export const parseDisplayAmount = (text: string, dimension: number): ParseAmountResult => {
  assertDimension(dimension);
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, error: 'empty' };
  const match = DECIMAL_TEXT.exec(trimmed);
  const sign = match?.[1] ?? '';
  const whole = match?.[2] ?? '';
  const fraction = match?.[3] ?? '';
  if (!match || (whole === '' && fraction === '')) return { ok: false, error: 'not-a-number' };
  if (fraction.length > dimension) return { ok: false, error: 'too-many-decimals' };
  const digits = `${whole || '0'}${fraction.padEnd(dimension, '0')}`;
  const value = BigInt(digits);
  return { ok: true, value: sign === '-' ? -value : value };
};

const MAX_SAFE_MINOR = BigInt(Number.MAX_SAFE_INTEGER);
const MIN_SAFE_MINOR = BigInt(Number.MIN_SAFE_INTEGER);

/** True when the minor units fit a JavaScript number exactly (within ±(2^53 − 1)). */
export const isSafeMinorUnits = (minor: bigint): boolean =>
  minor <= MAX_SAFE_MINOR && minor >= MIN_SAFE_MINOR;

/**
 * SPEC §1: amounts are integers of minor units; this gives the number a JSON payload carries
 * (e.g. PATCH /api/v1/invoice/amount), and throws RangeError beyond the safe integer range.
 */
export const minorUnitsToSafeNumber = (minor: MinorUnitsInput): number => {
  const value = toMinorUnits(minor);
  if (!isSafeMinorUnits(value)) {
    throw new RangeError(`Amount ${value} is beyond the safe integer range`);
  }
  return Number(value);
};

export type ParseAmountToNumberResult =
  | { ok: true; value: number }
  | { ok: false; error: ParseAmountError | 'unsafe-integer' };

/**
 * parseDisplayAmount for callers that need a number: the same checks, plus 'unsafe-integer'
 * when the minor units do not fit a JavaScript number exactly.
 */
export const parseDisplayAmountToNumber = (
  text: string,
  dimension: number,
): ParseAmountToNumberResult => {
  const parsed = parseDisplayAmount(text, dimension);
  if (!parsed.ok) return parsed;
  if (!isSafeMinorUnits(parsed.value)) return { ok: false, error: 'unsafe-integer' };
  return { ok: true, value: Number(parsed.value) };
};
