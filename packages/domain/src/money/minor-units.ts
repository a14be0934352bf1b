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

/** Converts any accepted minor-units input to bigint; throws RangeError on non-integers. */
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

/** Checks a currency dimension: a whole number of decimals from 0 to 18. */
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

/** Amount with its currency code for display, e.g. "19.99 UZS". */
export const formatAmount = (minor: MinorUnitsInput, currency: AmountDisplayCurrency): string => {
  const text = formatMinorUnits(minor, currency.dimension);
  return currency.code ? `${text} ${currency.code}` : text;
};

export type ParseAmountResult =
  | { ok: true; value: bigint }
  | { ok: false; error: 'empty' | 'not-a-number' | 'too-many-decimals' };

const DECIMAL_TEXT = /^(-?)(\d*)(?:\.(\d*))?$/;

/**
 * Display text back to minor units, exactly: "19.9" at dimension 2 → 1990n. More decimals
 * than the currency has is an error, never a silent rounding.
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

/** Minor units as a number when it is safely representable, for JSON payloads; else throws. */
export const minorUnitsToSafeNumber = (minor: bigint): number => {
  if (minor > BigInt(Number.MAX_SAFE_INTEGER) || minor < BigInt(Number.MIN_SAFE_INTEGER)) {
    throw new RangeError(`Amount ${minor} is beyond the safe integer range`);
  }
  return Number(minor);
};
