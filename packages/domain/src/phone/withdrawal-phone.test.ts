import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyWithdrawalPhoneMask,
  extractWithdrawalPhoneDigits,
  isCompleteWithdrawalPhone,
  isWithdrawalCredentialLongEnough,
  stripLeadingPlus,
  validateWithdrawalPhone,
  WITHDRAWAL_PHONE_MESSAGE_IDS,
  WITHDRAWAL_SUBMIT_MESSAGES,
} from './withdrawal-phone.ts';

describe('applyWithdrawalPhoneMask', () => {
  it.each([
    ['', ''],
    ['9', '+7 (9'],
    ['912', '+7 (912'],
    ['9123', '+7 (912) 3'],
    ['912345', '+7 (912) 345'],
    ['9123456', '+7 (912) 345-6'],
    ['912345678', '+7 (912) 345-67-8'],
    ['9123456789', '+7 (912) 345-67-89'],
    ['91234567890123', '+7 (912) 345-67-89'],
    ['+7 (912) 345-67-89', '+7 (912) 345-67-89'],
    ['89123456789', '+7 (912) 345-67-89'],
    ['79123456789', '+7 (912) 345-67-89'],
    ['abc', ''],
  ])('"%s" → "%s"', (input, expected) => {
    expect(applyWithdrawalPhoneMask(input)).toBe(expected);
  });

  it('is idempotent and keeps the typed digits', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9]{0,10}$/), (digits) => {
        const masked = applyWithdrawalPhoneMask(digits);
        expect(applyWithdrawalPhoneMask(masked)).toBe(masked);
        expect(extractWithdrawalPhoneDigits(masked)).toBe(digits);
      }),
    );
  });
});

describe('validateWithdrawalPhone', () => {
  it('says nothing until 10 digits are typed', () => {
    expect(validateWithdrawalPhone('+7 (812) 345-67-8')).toBeNull();
  });

  it('requires the first of 10 digits to be 9', () => {
    expect(validateWithdrawalPhone('+7 (912) 345-67-89')).toBeNull();
    expect(validateWithdrawalPhone('+7 (812) 345-67-89')).toBe('form.field.phoneNumberError');
    expect(WITHDRAWAL_PHONE_MESSAGE_IDS.firstDigitError).toBe('form.field.phoneNumberError');
  });

  it('calls a phone complete only with 10 digits starting with 9', () => {
    expect(isCompleteWithdrawalPhone('+7 (912) 345-67-89')).toBe(true);
    expect(isCompleteWithdrawalPhone('+7 (912) 345-67-8')).toBe(false);
    expect(isCompleteWithdrawalPhone('+7 (812) 345-67-89')).toBe(false);
  });
});

describe('submit rules', () => {
  it('strips only a leading plus', () => {
    expect(stripLeadingPlus('+79123456789')).toBe('79123456789');
    expect(stripLeadingPlus('79123456789')).toBe('79123456789');
    expect(stripLeadingPlus('7+9')).toBe('7+9');
  });

  it('needs at least 9 characters after trim', () => {
    expect(isWithdrawalCredentialLongEnough('123456789')).toBe(true);
    expect(isWithdrawalCredentialLongEnough('12345678')).toBe(false);
    expect(isWithdrawalCredentialLongEnough('  12345678  ')).toBe(false);
    expect(isWithdrawalCredentialLongEnough(' 123456789 ')).toBe(true);
  });

  it('uses the toast texts of the spec', () => {
    expect(WITHDRAWAL_SUBMIT_MESSAGES).toEqual({
      noBank: 'Choose the bank',
      shortPhone: 'Fill in the phone number',
    });
  });
});
