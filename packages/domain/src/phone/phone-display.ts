import type { CurrencyCode } from '../constants/business-constants.ts';

/** A currency's phone display rule: the exact prefix and the exact total length, in characters. */
export interface PhoneDisplayRule {
  prefix: string;
  length: number;
}

/**
 * SPEC §5 and §9: a phone number is shown only when it has its currency's exact prefix and
 * length (KGS +996, UZS +998, AZN +994: 13 characters; RUB +7: 12 characters).
 */
export const PHONE_DISPLAY_RULES = {
  KGS: { prefix: '+996', length: 13 },
  UZS: { prefix: '+998', length: 13 },
  AZN: { prefix: '+994', length: 13 },
  RUB: { prefix: '+7', length: 12 },
} as const satisfies Record<CurrencyCode, PhoneDisplayRule>;

/** The error text of SPEC §5 and §8, word for word. */
export const INVALID_PHONE_NUMBER_FORMAT = 'invalid phone number format';

/** Thrown by formatPhoneForDisplay; its message is 'invalid phone number format'. */
export class InvalidPhoneNumberFormatError extends Error {
  override name = 'InvalidPhoneNumberFormatError';
  constructor() {
    super(INVALID_PHONE_NUMBER_FORMAT);
  }
}

const hasPhoneRule = (code: string): code is keyof typeof PHONE_DISPLAY_RULES =>
  Object.hasOwn(PHONE_DISPLAY_RULES, code);

const ALL_DIGITS = /^\d+$/;

/**
 * SPEC §5 phone display: checks the currency's exact prefix and length, then groups the number.
 *
 * Checks are literal: the currency code must be one of KGS, UZS, AZN, RUB exactly (no case
 * folding) and the phone is not trimmed, so " +79123456789" (13 characters) is invalid. After the
 * prefix only digits are accepted, since a grouped display of anything else would be misleading.
 *
 * Grouping (decision 0002): the 9 national digits of KGS, UZS and AZN numbers as
 * "+998 90 123 45 67" (2-3-2-2), and the 10 national digits of RUB numbers as
 * "+7 (912) 345-67-89", the shape of the withdrawal mask.
 *
 * Throws InvalidPhoneNumberFormatError ('invalid phone number format') otherwise, including for
 * any other currency.
 */
export const formatPhoneForDisplay = (phone: string, currencyCode: string): string => {
  if (!hasPhoneRule(currencyCode)) throw new InvalidPhoneNumberFormatError();
  const { prefix, length } = PHONE_DISPLAY_RULES[currencyCode];
  const national = phone.slice(prefix.length);
  if (!phone.startsWith(prefix) || phone.length !== length || !ALL_DIGITS.test(national)) {
    throw new InvalidPhoneNumberFormatError();
  }
  if (currencyCode === 'RUB') {
    return `${prefix} (${national.slice(0, 3)}) ${national.slice(3, 6)}-${national.slice(6, 8)}-${national.slice(8)}`;
  }
  return `${prefix} ${national.slice(0, 2)} ${national.slice(2, 5)} ${national.slice(5, 7)} ${national.slice(7)}`;
};

export type PhoneDisplayResult =
  | { ok: true; text: string }
  | { ok: false; error: typeof INVALID_PHONE_NUMBER_FORMAT };

/** SPEC §5 phone display without throwing: the grouped text, or the invalid-format error text. */
export const tryFormatPhoneForDisplay = (
  phone: string,
  currencyCode: string,
): PhoneDisplayResult => {
  try {
    return { ok: true, text: formatPhoneForDisplay(phone, currencyCode) };
  } catch (error) {
    if (error instanceof InvalidPhoneNumberFormatError) {
      return { ok: false, error: INVALID_PHONE_NUMBER_FORMAT };
    }
    throw error;
  }
};
