import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CURRENCY_CODES } from '../constants/business-constants.ts';
import { PHONE_DISPLAY_RULES, tryFormatPhoneForDisplay } from './phone-display.ts';
import { applyWithdrawalPhoneMask, isCompleteWithdrawalPhone } from './withdrawal-phone.ts';
import {
  canBecomeWithdrawalPhone,
  matchesWithdrawalPhoneRule,
  normaliseWithdrawalPhone,
  WITHDRAWAL_PHONE_FORMAT_MESSAGE_ID,
  WITHDRAWAL_PHONE_RULES,
  withdrawalPhoneProblemOf,
  withdrawalPhoneRuleOf,
  withdrawalPhoneRuleText,
} from './withdrawal-phone-rules.ts';

const rule = (code: 'KGS' | 'UZS' | 'AZN' | 'RUB') => WITHDRAWAL_PHONE_RULES[code];

describe('WITHDRAWAL_PHONE_RULES', () => {
  it('are SPEC §5 and §9 per currency: prefix, length with the plus, digits that follow', () => {
    expect(WITHDRAWAL_PHONE_RULES).toEqual({
      KGS: { prefix: '+996', length: 13, digits: 9, firstDigit: null },
      UZS: { prefix: '+998', length: 13, digits: 9, firstDigit: null },
      AZN: { prefix: '+994', length: 13, digits: 9, firstDigit: null },
      RUB: { prefix: '+7', length: 12, digits: 10, firstDigit: '9' },
    });
  });

  it('agree with the display rules, so every payout phone can be shown', () => {
    for (const code of CURRENCY_CODES) {
      expect(WITHDRAWAL_PHONE_RULES[code]).toMatchObject(PHONE_DISPLAY_RULES[code]);
    }
  });

  it('are found by exact currency code only', () => {
    expect(withdrawalPhoneRuleOf('UZS')).toBe(WITHDRAWAL_PHONE_RULES.UZS);
    for (const code of ['uzs', 'USD', '', 'toString', ' UZS']) {
      expect(withdrawalPhoneRuleOf(code), code).toBeNull();
    }
  });
});

describe('withdrawalPhoneRuleText', () => {
  it('words each rule in the style of the RUB rule', () => {
    expect(withdrawalPhoneRuleText(rule('UZS'))).toBe(
      'The phone number must be +998 followed by 9 digits',
    );
    expect(withdrawalPhoneRuleText(rule('KGS'))).toBe(
      'The phone number must be +996 followed by 9 digits',
    );
    expect(withdrawalPhoneRuleText(rule('AZN'))).toBe(
      'The phone number must be +994 followed by 9 digits',
    );
    expect(withdrawalPhoneRuleText(rule('RUB'))).toBe(
      'The phone number must be +7 followed by 10 digits starting with 9',
    );
    expect(WITHDRAWAL_PHONE_FORMAT_MESSAGE_ID).toBe('form.field.phoneFormatError');
  });
});

describe('normaliseWithdrawalPhone', () => {
  it.each([
    ['+998 (90) 123-45-67', '998901234567'],
    [' +998901234567 ', '998901234567'],
    ['998901234567', '998901234567'],
    ['+99890123456a', '99890123456a'],
    ['', ''],
  ])('"%s" → "%s"', (phone, expected) => {
    expect(normaliseWithdrawalPhone(phone)).toBe(expected);
  });
});

describe('matchesWithdrawalPhoneRule', () => {
  it.each([
    ['+998901234567', 'UZS'],
    ['998901234567', 'UZS'],
    ['+998 90 123 45 67', 'UZS'],
    ['+996555123456', 'KGS'],
    ['+994501234567', 'AZN'],
    ['+79123456789', 'RUB'],
    ['79123456789', 'RUB'],
  ] as const)('takes %s in %s', (phone, code) => {
    expect(matchesWithdrawalPhoneRule(phone, rule(code))).toBe(true);
  });

  it.each([
    ['901234567', 'UZS', 'the national number without the country code'],
    ['+99890123456', 'UZS', 'one digit short'],
    ['+9989012345678', 'UZS', 'one digit long'],
    ['+996555123456', 'UZS', 'a KGS number'],
    ['+998901234567', 'KGS', 'a UZS number'],
    ['+998901234567', 'AZN', 'a UZS number'],
    ['+99890123456a', 'UZS', 'a letter'],
    ['+78123456789', 'RUB', 'a first digit other than 9'],
    ['9123456789', 'RUB', 'no country code'],
    ['', 'UZS', 'nothing'],
  ] as const)('refuses %s in %s (%s)', (phone, code, _why) => {
    expect(matchesWithdrawalPhoneRule(phone, rule(code))).toBe(false);
  });

  it('takes exactly the numbers the display rules show, for the currencies without a first digit', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...(['KGS', 'UZS', 'AZN'] as const)),
        fc.stringMatching(/^\+?\d{0,14}$/),
        (code, phone) => {
          const withPlus = phone.startsWith('+') ? phone : `+${phone}`;
          expect(matchesWithdrawalPhoneRule(phone, rule(code))).toBe(
            tryFormatPhoneForDisplay(withPlus, code).ok,
          );
        },
      ),
    );
  });

  it('for RUB, agrees with the +7 (999) 999-99-99 mask of the form', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{10}$/), (digits) => {
        expect(matchesWithdrawalPhoneRule(`+7${digits}`, rule('RUB'))).toBe(
          isCompleteWithdrawalPhone(applyWithdrawalPhoneMask(digits)),
        );
      }),
    );
  });
});

describe('canBecomeWithdrawalPhone', () => {
  it('says nothing is wrong while the beginning of a number is typed', () => {
    for (const phone of ['', '+', '+9', '+99', '+998', '+99890', '+998901234567', '9989']) {
      expect(canBecomeWithdrawalPhone(phone, rule('UZS')), phone).toBe(true);
    }
    expect(canBecomeWithdrawalPhone('+7', rule('RUB'))).toBe(true);
    expect(canBecomeWithdrawalPhone('+79', rule('RUB'))).toBe(true);
  });

  it('says so as soon as no number of the rule can come out', () => {
    for (const phone of ['90', '+90123', '+996', '+9989012345678', '+998a']) {
      expect(canBecomeWithdrawalPhone(phone, rule('UZS')), phone).toBe(false);
    }
    expect(canBecomeWithdrawalPhone('+78', rule('RUB'))).toBe(false);
  });

  it('holds for every beginning of a valid number, and a valid number is one of them', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CURRENCY_CODES),
        fc.stringMatching(/^\d{9}$/),
        (code, digits) => {
          const { prefix, firstDigit } = rule(code);
          const national = `${firstDigit ?? ''}${digits}`.slice(0, rule(code).digits);
          const phone = `${prefix}${national}`;
          expect(matchesWithdrawalPhoneRule(phone, rule(code))).toBe(true);
          for (let end = 0; end <= phone.length; end += 1) {
            expect(canBecomeWithdrawalPhone(phone.slice(0, end), rule(code))).toBe(true);
          }
        },
      ),
    );
  });
});

describe('withdrawalPhoneProblemOf', () => {
  it('takes 9 to 15 digits for a currency without a rule, whatever characters they are typed in', () => {
    for (const phone of ['123456789', '+123456789', '+1 (234) 567-89', '123456789012345']) {
      expect(withdrawalPhoneProblemOf(phone, 'USD'), phone).toBeNull();
    }
    // 9 characters are not 9 digits: the plus is not a digit.
    for (const phone of ['+12345678', '12345678', '1234567890123456', '12345678a', '', '+']) {
      expect(withdrawalPhoneProblemOf(phone, 'USD'), phone).toEqual({ problem: 'not-a-phone' });
    }
  });

  it("holds a currency's number to its rule, and says which", () => {
    expect(withdrawalPhoneProblemOf('+998 90 123 45 67', 'UZS')).toBeNull();
    expect(withdrawalPhoneProblemOf('+79123456789', 'RUB')).toBeNull();
    expect(withdrawalPhoneProblemOf('901234567', 'UZS')).toEqual({
      problem: 'off-rule',
      rule: rule('UZS'),
    });
    expect(withdrawalPhoneProblemOf('+78123456789', 'RUB')).toEqual({
      problem: 'off-rule',
      rule: rule('RUB'),
    });
    expect(withdrawalPhoneProblemOf('+9989012', 'UZS')).toEqual({ problem: 'not-a-phone' });
  });
});
