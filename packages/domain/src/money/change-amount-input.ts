import { MAX_AMOUNT_DECIMALS } from '../constants/business-constants.ts';
import {
  type AmountDisplayCurrency,
  assertDimension,
  formatAmount,
  type MinorUnitsInput,
  parseDisplayAmount,
  toMinorUnits,
} from './minor-units.ts';

/** Validation texts of the change-amount dialog (SPEC §5), word for word. */
export const CHANGE_AMOUNT_MESSAGES = {
  empty: 'Change the value',
  tooManyDecimals: 'There must be max two decimals after comma',
} as const;

/** Why a change-amount value cannot be sent. */
export type ChangeAmountError =
  /** Nothing but an optional dot was typed: 'Change the value'. */
  | 'empty'
  /** More than MAX_AMOUNT_DECIMALS decimals: 'There must be max two decimals after comma'. */
  | 'too-many-decimals'
  /**
   * Valid for the dialog but with more decimals than the invoice currency has (e.g. "1.5" in a
   * currency of dimension 0). The spec has no text for it; it is refused, never rounded
   * (decision 0002), and shown with the too-many-decimals text.
   */
  | 'exceeds-currency-dimension'
  /**
   * Nothing but zeros ("0", "0.00"): the server refuses an amount under one minor unit. The spec
   * has no text for it; it is shown with 'Change the value' and never sent (the server's refusal
   * would only say 'Failed to change status').
   */
  | 'zero'
  /**
   * More than the invoice currency's maximum (the currency reference's maxValue). The spec has no
   * text for it; the server refuses it with the same words (amountAboveMaximumMessage).
   */
  | 'above-maximum';

/** The currency's most, as the dialog and the server both say it: "… 50000000.00 UZS". */
export const amountAboveMaximumMessage = (
  maxValue: MinorUnitsInput,
  currency: AmountDisplayCurrency,
): string => `The amount must not exceed ${formatAmount(maxValue, currency)}`;

/** Whether an amount in minor units is more than the currency's maximum. */
export const isAboveCurrencyMaximum = (minor: bigint, maxValue: MinorUnitsInput): boolean =>
  minor > toMinorUnits(maxValue);

/**
 * SPEC §5 change amount: the typed value keeps only digits and one dot (the first; later dots
 * are dropped), e.g. "1a2.3.4" → "12.34".
 */
export const sanitizeChangeAmountInput = (raw: string): string => {
  let seenDot = false;
  let result = '';
  for (const char of raw) {
    if (char >= '0' && char <= '9') {
      result += char;
    } else if (char === '.' && !seenDot) {
      seenDot = true;
      result += char;
    }
  }
  return result;
};

const hasDigit = (value: string): boolean => /\d/.test(value);

const hasNonZeroDigit = (value: string): boolean => /[1-9]/.test(value);

const decimalsOf = (sanitized: string): string => sanitized.split('.')[1] ?? '';

/** Why a sanitised value cannot be sent whatever the currency (the dialog's own rules). */
type InputError = Exclude<ChangeAmountError, 'exceeds-currency-dimension' | 'above-maximum'>;

const INPUT_ERROR_MESSAGES: Record<InputError, string> = {
  empty: CHANGE_AMOUNT_MESSAGES.empty,
  'too-many-decimals': CHANGE_AMOUNT_MESSAGES.tooManyDecimals,
  zero: CHANGE_AMOUNT_MESSAGES.empty,
};

const inputErrorOf = (sanitized: string): InputError | null => {
  if (!hasDigit(sanitized)) return 'empty';
  if (decimalsOf(sanitized).length > MAX_AMOUNT_DECIMALS) return 'too-many-decimals';
  if (!hasNonZeroDigit(sanitized)) return 'zero';
  return null;
};

/**
 * SPEC §5 change amount: the confirmation shows the amount with ".00" added only when it has
 * no decimals ("150" and "150." → "150.00"; "150.5" stays "150.5"). A value without any digit
 * is returned sanitised, with nothing added.
 */
export const formatChangeAmountConfirmation = (value: string): string => {
  const sanitized = sanitizeChangeAmountInput(value);
  if (!hasDigit(sanitized) || decimalsOf(sanitized) !== '') return sanitized;
  return `${sanitized.endsWith('.') ? sanitized.slice(0, -1) : sanitized}.00`;
};

export type ChangeAmountResult =
  | { ok: true; minor: bigint }
  | { ok: false; error: ChangeAmountError; message: string };

/** The invoice currency's limit, when known (the currency reference; the server checks anyway). */
export interface ChangeAmountLimit {
  maxValue: MinorUnitsInput;
  code?: string;
}

/**
 * SPEC §5, §7 change amount: the validated value in minor units of the invoice currency, as
 * PATCH /api/v1/invoice/amount takes it ("150.5" at dimension 2 → 15050n); no floats, no
 * rounding. The value is sanitised first; otherwise the dialog's message: 'Change the value' when
 * empty or zero, 'There must be max two decimals after comma' past MAX_AMOUNT_DECIMALS decimals
 * (or more than the currency has); with `limit`, more than its maxValue is refused as the server
 * would. Throws RangeError for an invalid dimension.
 */
export const changeAmountToMinorUnits = (
  value: string,
  dimension: number,
  limit?: ChangeAmountLimit,
): ChangeAmountResult => {
  assertDimension(dimension);
  const sanitized = sanitizeChangeAmountInput(value);
  const error = inputErrorOf(sanitized);
  if (error !== null) return { ok: false, error, message: INPUT_ERROR_MESSAGES[error] };
  const parsed = parseDisplayAmount(sanitized, dimension);
  if (!parsed.ok) {
    return {
      ok: false,
      error: 'exceeds-currency-dimension',
      message: CHANGE_AMOUNT_MESSAGES.tooManyDecimals,
    };
  }
  if (limit && isAboveCurrencyMaximum(parsed.value, limit.maxValue)) {
    return {
      ok: false,
      error: 'above-maximum',
      message: amountAboveMaximumMessage(limit.maxValue, { dimension, code: limit.code }),
    };
  }
  return { ok: true, minor: parsed.value };
};
