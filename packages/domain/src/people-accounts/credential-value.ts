import {
  isParamType,
  matchesParamType,
  PARAM_TYPE_MESSAGES,
  PARAM_TYPES,
  type ParamType,
} from '../param-types/param-type-value.ts';
import { PHONE_DISPLAY_RULES } from '../phone/phone-display.ts';
import {
  type AccountFieldError,
  type AccountValidation,
  selectedId,
} from './account-validation.ts';

/** Parameter types of reference list 102 (SPEC §3): I Integer, S String, C Char, B Boolean, N Numeric. */
export const CREDENTIAL_PARAM_TYPES = PARAM_TYPES;
export type CredentialParamType = ParamType;

export const isCredentialParamType = isParamType;

/** SPEC §5 attribute value texts, which credential values follow too. */
export const CREDENTIAL_PARAM_TYPE_MESSAGES = PARAM_TYPE_MESSAGES;

/** SPEC §5 attribute value rules, which credential values follow too. */
export const matchesCredentialParamType = (
  value: string,
  paramType: CredentialParamType,
): boolean => matchesParamType(value, paramType);

/** Codes of the requisite types (reference list 103) whose values have a shape of their own. */
export const CREDENTIAL_TYPE_CODES = { card: 'CARD', phone: 'PHONE' } as const;

/** Longest credential value stored (after trimming). */
export const CREDENTIAL_VALUE_MAX_LENGTH = 100;
export const CARD_NUMBER_MIN_DIGITS = 13;
export const CARD_NUMBER_MAX_DIGITS = 19;

export const CREDENTIAL_MESSAGES = {
  credentialTypeRequired: 'Credential type is required',
  paramTypeRequired: 'Parameter type is required',
  valueRequired: 'Value is required',
  valueTooLong: `Value must be at most ${CREDENTIAL_VALUE_MAX_LENGTH} characters long`,
  cardNumberLength: `Card number must have ${CARD_NUMBER_MIN_DIGITS} to ${CARD_NUMBER_MAX_DIGITS} digits`,
  cardNumberChecksum: 'Card number is not valid: check the digits',
  phoneNumberInternational: 'Phone number must be + and 8 to 15 digits',
} as const;

/** The phone rule of a currency (SPEC §9 display prefixes and lengths) as a message. */
export const phoneNumberMessage = (currencyCode: string | null): string => {
  if (currencyCode === null || !Object.hasOwn(PHONE_DISPLAY_RULES, currencyCode)) {
    return CREDENTIAL_MESSAGES.phoneNumberInternational;
  }
  const { prefix, length } = PHONE_DISPLAY_RULES[currencyCode as keyof typeof PHONE_DISPLAY_RULES];
  return `Phone number must be ${prefix} followed by ${length - prefix.length} digits`;
};

/** Spaces and dashes people put between card digits. */
export const normaliseCardNumber = (text: string): string => text.replace(/[\s-]/g, '');
/** Spaces, dashes, dots and brackets people put into phone numbers ('+7 (912) 345-67-89'). */
export const normalisePhoneNumber = (text: string): string => text.replace(/[\s\-().]/g, '');

/** The Luhn check digit of ISO/IEC 7812, which every payment card number carries. */
export const isLuhnValid = (digits: string): boolean => {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
};

/** The digit that makes `partial` + digit pass the Luhn check (for generated card numbers). */
export const luhnCheckDigit = (partial: string): string => {
  for (let digit = 0; digit <= 9; digit += 1) {
    if (isLuhnValid(`${partial}${digit}`)) return String(digit);
  }
  throw new Error(`no Luhn check digit for "${partial}"`);
};

const INTERNATIONAL_PHONE = /^\+[1-9]\d{7,14}$/;

const isPlausiblePhone = (phone: string, currencyCode: string | null): boolean => {
  if (currencyCode === null || !Object.hasOwn(PHONE_DISPLAY_RULES, currencyCode)) {
    return INTERNATIONAL_PHONE.test(phone);
  }
  const { prefix, length } = PHONE_DISPLAY_RULES[currencyCode as keyof typeof PHONE_DISPLAY_RULES];
  return phone.startsWith(prefix) && phone.length === length && /^\d+$/.test(phone.slice(1));
};

/** What a credential value is checked against: its parameter type, requisite type, currency. */
export interface CredentialValueRules {
  paramType: CredentialParamType;
  /** Code of the requisite type (list 103): CARD and PHONE have shapes of their own. */
  credentialTypeCode: string | null;
  /** Currency of the account's payment method: a phone must be displayable in it (SPEC §5). */
  currencyCode: string | null;
}

export type CredentialValueResult = { ok: true; value: string } | { ok: false; message: string };

/**
 * A credential value as it is stored: trimmed, card numbers without separators, phone numbers
 * in international form without spaces or brackets. Checks, in order: required, length, the
 * parameter type (SPEC §5 texts), then a card number's length and Luhn digit or a phone number's
 * prefix and length for the account's currency (the payment form can only show such a phone).
 */
export const normaliseCredentialValue = (
  value: string,
  rules: CredentialValueRules,
): CredentialValueResult => {
  const trimmed = value.trim();
  if (trimmed === '') return { ok: false, message: CREDENTIAL_MESSAGES.valueRequired };
  if (trimmed.length > CREDENTIAL_VALUE_MAX_LENGTH) {
    return { ok: false, message: CREDENTIAL_MESSAGES.valueTooLong };
  }
  const isCard = rules.credentialTypeCode === CREDENTIAL_TYPE_CODES.card;
  const isPhone = rules.credentialTypeCode === CREDENTIAL_TYPE_CODES.phone;
  const normalised = isCard
    ? normaliseCardNumber(trimmed)
    : isPhone
      ? normalisePhoneNumber(trimmed)
      : trimmed;
  if (!matchesCredentialParamType(normalised, rules.paramType)) {
    return { ok: false, message: CREDENTIAL_PARAM_TYPE_MESSAGES[rules.paramType] };
  }
  if (isCard) {
    const digits = new RegExp(`^\\d{${CARD_NUMBER_MIN_DIGITS},${CARD_NUMBER_MAX_DIGITS}}$`);
    if (!digits.test(normalised)) {
      return { ok: false, message: CREDENTIAL_MESSAGES.cardNumberLength };
    }
    if (!isLuhnValid(normalised)) {
      return { ok: false, message: CREDENTIAL_MESSAGES.cardNumberChecksum };
    }
  }
  if (isPhone && !isPlausiblePhone(normalised, rules.currencyCode)) {
    return { ok: false, message: phoneNumberMessage(rules.currencyCode) };
  }
  return { ok: true, value: normalised };
};

/** The credential form as typed (select values may be text) or as a JSON body. */
export interface CredentialDraft {
  credentialTypeId?: unknown;
  paramTypeId?: unknown;
  value?: string | null;
}

export interface CredentialInput {
  credentialTypeId: number;
  paramTypeId: number;
  /** Trimmed; its shape is checked by normaliseCredentialValue once the types are known. */
  value: string;
}

export type CredentialField = keyof CredentialInput;

/** SPEC §5 credential add: type, param type and value required (the value at most 100 characters). */
export const validateCredentialDraft = (
  draft: CredentialDraft,
): AccountValidation<CredentialInput, CredentialField> => {
  const errors: AccountFieldError<CredentialField>[] = [];
  const credentialTypeId = selectedId(draft.credentialTypeId);
  if (credentialTypeId === null) {
    errors.push({ field: 'credentialTypeId', message: CREDENTIAL_MESSAGES.credentialTypeRequired });
  }
  const paramTypeId = selectedId(draft.paramTypeId);
  if (paramTypeId === null) {
    errors.push({ field: 'paramTypeId', message: CREDENTIAL_MESSAGES.paramTypeRequired });
  }
  const value = (draft.value ?? '').trim();
  if (value === '') errors.push({ field: 'value', message: CREDENTIAL_MESSAGES.valueRequired });
  else if (value.length > CREDENTIAL_VALUE_MAX_LENGTH) {
    errors.push({ field: 'value', message: CREDENTIAL_MESSAGES.valueTooLong });
  }
  if (errors.length > 0 || credentialTypeId === null || paramTypeId === null) {
    return { ok: false, errors };
  }
  return { ok: true, value: { credentialTypeId, paramTypeId, value } };
};
