import {
  type CurrencyCode,
  WITHDRAWAL_PHONE_FIRST_DIGIT,
} from '../constants/business-constants.ts';
import { PHONE_DISPLAY_RULES } from './phone-display.ts';
import { stripLeadingPlus } from './withdrawal-phone.ts';

/**
 * The phone a payout may go to, per currency (SPEC §5, §9): the country prefix, the whole
 * number's length with the plus, and which digits follow the prefix.
 */
export interface WithdrawalPhoneRule {
  /** The country prefix with its plus: '+998'. */
  prefix: string;
  /** Characters of the whole number, the plus included: 13 for '+998901234567'. */
  length: number;
  /** How many digits follow the prefix. */
  digits: number;
  /** The digit those must start with (RUB: 9), or null when any digit may come first. */
  firstDigit: string | null;
}

const ruleOf = (code: CurrencyCode, firstDigit: string | null): WithdrawalPhoneRule => {
  const { prefix, length } = PHONE_DISPLAY_RULES[code];
  return { prefix, length, digits: length - prefix.length, firstDigit };
};

/**
 * SPEC §5, §9 per currency: KGS +996, UZS +998, AZN +994 with 13 characters; RUB +7 with 12, the
 * first digit after +7 being 9 (the mask +7 (999) 999-99-99). The prefixes and lengths are the
 * display rules' own, so a payout phone is always one the back office can show.
 */
export const WITHDRAWAL_PHONE_RULES: Readonly<Record<CurrencyCode, WithdrawalPhoneRule>> = {
  KGS: ruleOf('KGS', null),
  UZS: ruleOf('UZS', null),
  AZN: ruleOf('AZN', null),
  RUB: ruleOf('RUB', WITHDRAWAL_PHONE_FIRST_DIGIT),
};

/** The rule of a currency code (exactly 'KGS', 'UZS', 'AZN' or 'RUB'), or null for any other. */
export const withdrawalPhoneRuleOf = (currencyCode: string): WithdrawalPhoneRule | null =>
  Object.hasOwn(WITHDRAWAL_PHONE_RULES, currencyCode)
    ? WITHDRAWAL_PHONE_RULES[currencyCode as CurrencyCode]
    : null;

/**
 * A payout phone as it is sent and stored: trimmed, without its leading plus (SPEC §5) and
 * without the spaces, brackets and dashes people type for readability ("+998 (90) 123-45-67" →
 * "998901234567"). Anything else is kept, so that a letter still makes the number invalid.
 */
export const normaliseWithdrawalPhone = (phone: string): string =>
  stripLeadingPlus(phone.trim()).replace(/[\s()-]/g, '');

const ONLY_DIGITS = /^\d*$/;

/**
 * True when `phone` (with or without its plus, spaces, brackets, dashes) is a number of the rule:
 * the prefix's digits, then exactly `digits` digits, the first one `firstDigit` when set.
 */
export const matchesWithdrawalPhoneRule = (phone: string, rule: WithdrawalPhoneRule): boolean => {
  const digits = normaliseWithdrawalPhone(phone);
  const country = rule.prefix.slice(1);
  if (!ONLY_DIGITS.test(digits) || !digits.startsWith(country)) return false;
  const national = digits.slice(country.length);
  return (
    national.length === rule.digits &&
    (rule.firstDigit === null || national.startsWith(rule.firstDigit))
  );
};

/**
 * While the customer types: true as long as what is typed is the beginning of a number of the
 * rule (the prefix so far, or the prefix and at most `digits` digits, the first one right), so
 * the form can say "wrong" as soon as a number can no longer come out right, and not before.
 */
export const canBecomeWithdrawalPhone = (phone: string, rule: WithdrawalPhoneRule): boolean => {
  const digits = normaliseWithdrawalPhone(phone);
  const country = rule.prefix.slice(1);
  if (!ONLY_DIGITS.test(digits)) return false;
  if (digits.length <= country.length) return country.startsWith(digits);
  if (!digits.startsWith(country)) return false;
  const national = digits.slice(country.length);
  return (
    national.length <= rule.digits &&
    (rule.firstDigit === null || national.startsWith(rule.firstDigit))
  );
};

/**
 * The rule in words, in the style of the RUB rule's message: "The phone number must be +998
 * followed by 9 digits", "The phone number must be +7 followed by 10 digits starting with 9".
 * The server answers it (400) for a wrong payout phone; the payment form shows the same words,
 * translated (its message id form.field.phoneFormatError takes {{prefix}} and {{digits}}).
 */
export const withdrawalPhoneRuleText = (rule: WithdrawalPhoneRule): string =>
  `The phone number must be ${rule.prefix} followed by ${rule.digits} digits${
    rule.firstDigit === null ? '' : ` starting with ${rule.firstDigit}`
  }`;

/** The payment form's message id of a rule without a first digit (KGS, UZS, AZN). */
export const WITHDRAWAL_PHONE_FORMAT_MESSAGE_ID = 'form.field.phoneFormatError';

/**
 * How many digits a payout phone has at all (without its plus): at least SPEC §5's 9, at most
 * E.164's 15. The whole rule of a currency without one of its own.
 */
export const WITHDRAWAL_PHONE_DIGIT_RANGE = { min: 9, max: 15 } as const;

/** Why a payout phone is refused: not a phone number at all, or not one of its currency's rule. */
export type WithdrawalPhoneProblem =
  | { problem: 'not-a-phone' }
  | { problem: 'off-rule'; rule: WithdrawalPhoneRule };

/**
 * The one check of a payout phone, for the payment form before it sends and the server when it
 * receives: 9 to 15 digits once normalised, then the currency's rule where it has one. The server
 * answers 'not-a-phone' with 'Fill in the phone number' and 'off-rule' with the rule's words.
 */
export const withdrawalPhoneProblemOf = (
  phone: string,
  currencyCode: string,
): WithdrawalPhoneProblem | null => {
  const digits = normaliseWithdrawalPhone(phone);
  const { min, max } = WITHDRAWAL_PHONE_DIGIT_RANGE;
  if (!ONLY_DIGITS.test(digits) || digits.length < min || digits.length > max) {
    return { problem: 'not-a-phone' };
  }
  const rule = withdrawalPhoneRuleOf(currencyCode);
  return rule && !matchesWithdrawalPhoneRule(digits, rule) ? { problem: 'off-rule', rule } : null;
};
