import { MAX_AMOUNT_DECIMALS } from '../constants/business-constants.ts';
import { parseDisplayAmount } from './minor-units.ts';

/** Validation texts of the change-amount dialog (SPEC §5), word for word. */
export const CHANGE_AMOUNT_MESSAGES = {
  empty: 'Change the value',
  tooManyDecimals: 'There must be max two decimals after comma',
} as const;

/**
 * SPEC §5: the typed value keeps only digits and one dot (the first; later dots are
 * dropped), e.g. "1a2.3.4" → "12.34".
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

/** SPEC §5: the validation message for a change-amount value, or null when it is valid. */
export const validateChangeAmountInput = (value: string): string | null => {
  const sanitized = sanitizeChangeAmountInput(value);
  if (sanitized === '' || sanitized === '.') return CHANGE_AMOUNT_MESSAGES.empty;
  const decimals = sanitized.split('.')[1] ?? '';
  if (decimals.length > MAX_AMOUNT_DECIMALS) return CHANGE_AMOUNT_MESSAGES.tooManyDecimals;
  return null;
};

/** SPEC §5: the confirmation shows the amount with ".00" added when it has no decimals. */
export const formatChangeAmountConfirmation = (value: string): string => {
  const sanitized = sanitizeChangeAmountInput(value);
  if (sanitized.endsWith('.')) return `${sanitized}00`;
  return sanitized.includes('.') ? sanitized : `${sanitized}.00`;
};

export type ChangeAmountResult = { ok: true; minor: bigint } | { ok: false; message: string };

/**
 * The validated value in minor units of the invoice currency, as PATCH /api/v1/invoice/amount
 * takes it. A currency with fewer decimals than the value has rejects it.
 */
export const changeAmountToMinorUnits = (value: string, dimension: number): ChangeAmountResult => {
  const message = validateChangeAmountInput(value);
  if (message) return { ok: false, message };
  const parsed = parseDisplayAmount(sanitizeChangeAmountInput(value), dimension);
  if (!parsed.ok) return { ok: false, message: CHANGE_AMOUNT_MESSAGES.tooManyDecimals };
  return { ok: true, minor: parsed.value };
};
