import { describe, expect, it } from 'vitest';
import {
  formatPhoneForDisplay,
  INVALID_PHONE_NUMBER_FORMAT,
  InvalidPhoneNumberFormatError,
  tryFormatPhoneForDisplay,
} from './phone-display.ts';

describe('formatPhoneForDisplay', () => {
  it.each([
    ['+996555123456', 'KGS', '+996 55 512 34 56'],
    ['+998901234567', 'UZS', '+998 90 123 45 67'],
    ['+994501234567', 'AZN', '+994 50 123 45 67'],
    ['+79123456789', 'RUB', '+7 (912) 345-67-89'],
    ['+79123456789', 'rub', '+7 (912) 345-67-89'],
  ])('%s in %s → %s', (phone, currency, expected) => {
    expect(formatPhoneForDisplay(phone, currency)).toBe(expected);
  });

  it.each([
    ['+99655512345', 'KGS', 'one character short'],
    ['+9965551234567', 'KGS', 'one character long'],
    ['+998901234567', 'KGS', 'prefix of another currency'],
    ['996555123456 ', 'KGS', 'no plus'],
    ['+7912345678', 'RUB', 'RUB 11 characters'],
    ['+791234567890', 'RUB', 'RUB 13 characters'],
    ['+8912345678a', 'RUB', 'wrong prefix'],
    ['+7912345678a', 'RUB', 'a letter'],
    ['+998901234567', 'USD', 'unknown currency'],
  ])('%s in %s is an invalid phone number format (%s)', (phone, currency) => {
    expect(() => formatPhoneForDisplay(phone, currency)).toThrow(InvalidPhoneNumberFormatError);
    expect(() => formatPhoneForDisplay(phone, currency)).toThrow('invalid phone number format');
  });
});

describe('tryFormatPhoneForDisplay', () => {
  it('returns the text or the error message instead of throwing', () => {
    expect(tryFormatPhoneForDisplay('+79123456789', 'RUB')).toEqual({
      ok: true,
      text: '+7 (912) 345-67-89',
    });
    expect(tryFormatPhoneForDisplay('+7912', 'RUB')).toEqual({
      ok: false,
      error: INVALID_PHONE_NUMBER_FORMAT,
    });
  });
});
