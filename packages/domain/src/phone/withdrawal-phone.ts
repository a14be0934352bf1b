import {
  WITHDRAWAL_CREDENTIAL_MIN_LENGTH,
  WITHDRAWAL_PHONE_DIGITS,
  WITHDRAWAL_PHONE_FIRST_DIGIT,
} from '../constants/business-constants.ts';

/** The withdrawal phone mask of SPEC §5; each 9 stands for one digit. */
export const WITHDRAWAL_PHONE_MASK = '+7 (999) 999-99-99';
/** The fixed country prefix the mask starts with (SPEC §9: 10 digits after +7). */
export const WITHDRAWAL_PHONE_PREFIX = '+7';
const MASK_DIGIT = '9';

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
 * SPEC §5, §9 withdrawal phone: the (up to) 10 national digits typed after +7. A leading country
 * code is dropped when the input starts with "+7" (the masked value itself) or is a full number
 * of more than 10 digits starting with 7 or 8, as when pasted (decision 0002).
 */
export const extractWithdrawalPhoneDigits = (input: string): string => {
  let digits = input.replace(/\D/g, '');
  const typedWithPrefix = input.trimStart().startsWith(WITHDRAWAL_PHONE_PREFIX);
  if (typedWithPrefix) digits = digits.slice(1);
  else if (digits.length > WITHDRAWAL_PHONE_DIGITS && /^[78]/.test(digits))
    digits = digits.slice(1);
  return digits.slice(0, WITHDRAWAL_PHONE_DIGITS);
};

/**
 * SPEC §5 withdrawal phone mask +7 (999) 999-99-99 applied to what was typed: the national
 * digits fill the 9s and the mask stops after the last digit ("9123" → "+7 (912) 3");
 * no digit gives "".
 */
export const applyWithdrawalPhoneMask = (input: string): string => {
  const digits = extractWithdrawalPhoneDigits(input);
  if (digits.length === 0) return '';
  let result = '';
  let next = 0;
  for (const char of WITHDRAWAL_PHONE_MASK) {
    if (next >= digits.length) break;
    if (char === MASK_DIGIT) {
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

/** SPEC §5, §9: the phone is complete when it has all 10 national digits, the first being 9. */
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

/** What stops a fast-payment withdrawal submit: its toast text and whether to focus the phone. */
export type WithdrawalSubmitProblem =
  | { problem: 'no-bank'; message: typeof WITHDRAWAL_SUBMIT_MESSAGES.noBank; focusPhone: false }
  | {
      problem: 'short-phone';
      message: typeof WITHDRAWAL_SUBMIT_MESSAGES.shortPhone;
      focusPhone: true;
    };

/**
 * SPEC §5 fast-payment withdrawal submit: no bank chosen gives 'Choose the bank'; otherwise a
 * credential shorter than 9 characters after trim gives 'Fill in the phone number' and focuses
 * the phone field; null when the submit may go ahead.
 */
export const checkFastPaymentWithdrawalSubmit = ({
  bankChosen,
  credential,
}: {
  bankChosen: boolean;
  credential: string;
}): WithdrawalSubmitProblem | null => {
  if (!bankChosen) {
    return { problem: 'no-bank', message: WITHDRAWAL_SUBMIT_MESSAGES.noBank, focusPhone: false };
  }
  if (!isWithdrawalCredentialLongEnough(credential)) {
    return {
      problem: 'short-phone',
      message: WITHDRAWAL_SUBMIT_MESSAGES.shortPhone,
      focusPhone: true,
    };
  }
  return null;
};
