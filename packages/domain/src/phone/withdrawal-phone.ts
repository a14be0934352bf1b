import {
  WITHDRAWAL_CREDENTIAL_MIN_LENGTH,
  WITHDRAWAL_PHONE_DIGITS,
  WITHDRAWAL_PHONE_FIRST_DIGIT,
} from '../constants/business-constants.ts';

/** The withdrawal phone mask of SPEC §5; each 9 stands for one digit. */
export const WITHDRAWAL_PHONE_MASK = '+7 (999) 999-99-99';
const COUNTRY_PREFIX = '+7';

/** Translation ids of the withdrawal phone field (the payment form translates them). */
export const WITHDRAWAL_PHONE_MESSAGE_IDS = {
  /** Shown when 10 digits are typed and the first is not 9 (SPEC §5). */
  firstDigitError: 'form.field.phoneNumberError',
  /** The hint under the field: the number must start with nine. */
  hint: 'form.field.phoneNumberHint',
} as const;

/** Toast texts of a fast-payment withdrawal submit (SPEC §5, §8), word for word. */
export const WITHDRAWAL_SUBMIT_MESSAGES = {
  noBank: 'Choose the bank',
  shortPhone: 'Fill in the phone number',
} as const;

/**
 * The 10 national digits typed into the mask. A leading country code is dropped when the input
 * is a full number ("+7 912…", "7912…" or "8912…" of 11 digits), as when pasted.
 */
export const extractWithdrawalPhoneDigits = (input: string): string => {
  let digits = input.replace(/\D/g, '');
  const typedWithPrefix = input.trimStart().startsWith(COUNTRY_PREFIX);
  if (typedWithPrefix) digits = digits.slice(1);
  else if (digits.length > WITHDRAWAL_PHONE_DIGITS && /^[78]/.test(digits))
    digits = digits.slice(1);
  return digits.slice(0, WITHDRAWAL_PHONE_DIGITS);
};

/** Applies the mask +7 (999) 999-99-99 to what was typed, as far as digits go. */
export const applyWithdrawalPhoneMask = (input: string): string => {
  const digits = extractWithdrawalPhoneDigits(input);
  if (digits.length === 0) return '';
  let result = '';
  let next = 0;
  for (const char of WITHDRAWAL_PHONE_MASK) {
    if (next >= digits.length) break;
    if (char === '9') {
      result += digits[next];
      next += 1;
    } else {
      result += char;
    }
  }
  return result;
};

/**
 * SPEC §5: once all 10 digits are typed, the first must be 9; returns the message id of the
 * error, or null while the value is fine (or still incomplete).
 */
export const validateWithdrawalPhone = (input: string): string | null => {
  const digits = extractWithdrawalPhoneDigits(input);
  if (digits.length < WITHDRAWAL_PHONE_DIGITS) return null;
  return digits.startsWith(WITHDRAWAL_PHONE_FIRST_DIGIT)
    ? null
    : WITHDRAWAL_PHONE_MESSAGE_IDS.firstDigitError;
};

/** True when the phone has all 10 digits and starts with 9. */
export const isCompleteWithdrawalPhone = (input: string): boolean => {
  const digits = extractWithdrawalPhoneDigits(input);
  return (
    digits.length === WITHDRAWAL_PHONE_DIGITS && digits.startsWith(WITHDRAWAL_PHONE_FIRST_DIGIT)
  );
};

/** SPEC §5: completing a payment strips a leading plus sign from the credential. */
export const stripLeadingPlus = (credential: string): string =>
  credential.startsWith('+') ? credential.slice(1) : credential;

/** SPEC §5, §9: a withdrawal credential needs at least 9 characters after trim. */
export const isWithdrawalCredentialLongEnough = (credential: string): boolean =>
  credential.trim().length >= WITHDRAWAL_CREDENTIAL_MIN_LENGTH;
