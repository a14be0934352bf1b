import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CURRENCY_CODES } from '../constants/business-constants.ts';
import {
  formatPhoneForDisplay,
  INVALID_PHONE_NUMBER_FORMAT,
  InvalidPhoneNumberFormatError,
  PHONE_DISPLAY_RULES,
  tryFormatPhoneForDisplay,
} from './phone-display.ts';

describe('PHONE_DISPLAY_RULES', () => {
  it('are the prefixes and lengths of SPEC §9, one per supported currency', () => {
    expect(PHONE_DISPLAY_RULES).toEqual({
      KGS: { prefix: '+996', length: 13 },
      UZS: { prefix: '+998', length: 13 },
      AZN: { prefix: '+994', length: 13 },
      RUB: { prefix: '+7', length: 12 },
    });
    expect(Object.keys(PHONE_DISPLAY_RULES).sort()).toEqual([...CURRENCY_CODES].sort());
  });

  it('use the error text of SPEC §8', () => {
    expect(INVALID_PHONE_NUMBER_FORMAT).toBe('invalid phone number format');
    expect(new InvalidPhoneNumberFormatError().message).toBe('invalid phone number format');
    expect(new InvalidPhoneNumberFormatError()).toBeInstanceOf(Error);
  });
});

describe('formatPhoneForDisplay', () => {
  it.each([
    ['+996555123456', 'KGS', '+996 55 512 34 56'],
    ['+998901234567', 'UZS', '+998 90 123 45 67'],
    ['+994501234567', 'AZN', '+994 50 123 45 67'],
    ['+79123456789', 'RUB', '+7 (912) 345-67-89'],
    ['+70000000000', 'RUB', '+7 (000) 000-00-00'],
  ])('%s in %s → %s', (phone, currency, expected) => {
    expect(formatPhoneForDisplay(phone, currency)).toBe(expected);
  });

  it.each([
    ['+99655512345', 'KGS', '12 characters, one short'],
    ['+9965551234567', 'KGS', '14 characters, one long'],
    ['+998901234567', 'KGS', 'the prefix of another currency'],
    ['+996555123456', 'UZS', 'a KGS number in UZS'],
    ['+996555123456', 'AZN', 'a KGS number in AZN'],
    ['9965551234567', 'KGS', 'no plus, 13 characters'],
    [' +99655512345', 'KGS', 'a leading space'],
    ['+996555123456 ', 'KGS', 'a trailing space'],
    ['+99855512345a', 'UZS', 'a letter'],
    ['+998 90123456', 'UZS', 'a space inside'],
    ['+7912345678', 'RUB', 'RUB 11 characters'],
    ['+791234567890', 'RUB', 'RUB 13 characters'],
    ['+89123456789', 'RUB', 'wrong prefix'],
    ['+7912345678a', 'RUB', 'a letter'],
    ['+79123456789', 'rub', 'a lower-case currency code'],
    ['+998901234567', 'USD', 'an unknown currency'],
    ['+79123456789', '', 'no currency'],
    ['+79123456789', 'toString', 'an inherited property name'],
    ['', 'RUB', 'an empty phone'],
  ])('%s in "%s" is an invalid phone number format (%s)', (phone, currency) => {
    expect(() => formatPhoneForDisplay(phone, currency)).toThrow(InvalidPhoneNumberFormatError);
    expect(() => formatPhoneForDisplay(phone, currency)).toThrow('invalid phone number format');
  });

  it('keeps every digit after the prefix, in order, for any valid number', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CURRENCY_CODES),
        fc.stringMatching(/^\d{10}$/),
        (code, digits) => {
          const { prefix, length } = PHONE_DISPLAY_RULES[code];
          const phone = `${prefix}${digits}`.slice(0, length);
          const text = formatPhoneForDisplay(phone, code);
          expect(text.startsWith(`${prefix} `)).toBe(true);
          expect(text.replace(/\D/g, '')).toBe(phone.slice(1));
        },
      ),
    );
  });

  it('rejects every length but the exact one', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CURRENCY_CODES),
        fc.stringMatching(/^\d{0,14}$/),
        (code, digits) => {
          const { prefix, length } = PHONE_DISPLAY_RULES[code];
          const phone = `${prefix}${digits}`;
          fc.pre(phone.length !== length);
          expect(tryFormatPhoneForDisplay(phone, code).ok).toBe(false);
        },
      ),
    );
  });
});

describe('tryFormatPhoneForDisplay', () => {
  it('returns the text or the error text instead of throwing', () => {
    expect(tryFormatPhoneForDisplay('+79123456789', 'RUB')).toEqual({
      ok: true,
      text: '+7 (912) 345-67-89',
    });
    expect(tryFormatPhoneForDisplay('+7912', 'RUB')).toEqual({
      ok: false,
      error: 'invalid phone number format',
    });
    expect(tryFormatPhoneForDisplay('+998901234567', 'EUR')).toEqual({
      ok: false,
      error: 'invalid phone number format',
    });
  });
});
