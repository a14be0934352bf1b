import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyWithdrawalPhoneMask,
  checkFastPaymentWithdrawalSubmit,
  extractWithdrawalPhoneDigits,
  isCompleteWithdrawalPhone,
  isWithdrawalCredentialLongEnough,
  stripLeadingPlus,
  validateWithdrawalPhone,
  WITHDRAWAL_PHONE_MASK,
  WITHDRAWAL_PHONE_MESSAGE_IDS,
  WITHDRAWAL_PHONE_PREFIX,
  WITHDRAWAL_SUBMIT_MESSAGES,
} from './withdrawal-phone.ts';

/** True when `text` is the mask filled from the start with digits, stopped after a digit. */
const fitsMask = (text: string): boolean =>
  [...text].every((char, index) =>
    WITHDRAWAL_PHONE_MASK[index] === '9' ? /\d/.test(char) : char === WITHDRAWAL_PHONE_MASK[index],
  ) &&
  (text === '' || /\d$/.test(text));

describe('constants', () => {
  it('are the mask, prefix and message ids of SPEC §5', () => {
    expect(WITHDRAWAL_PHONE_MASK).toBe('+7 (999) 999-99-99');
    expect(WITHDRAWAL_PHONE_PREFIX).toBe('+7');
    expect(WITHDRAWAL_PHONE_MESSAGE_IDS).toEqual({
      firstDigitError: 'form.field.phoneNumberError',
      hint: 'form.field.phoneNumberHint',
    });
    expect(WITHDRAWAL_SUBMIT_MESSAGES).toEqual({
      noBank: 'Choose the bank',
      shortPhone: 'Fill in the phone number',
    });
  });
});

describe('applyWithdrawalPhoneMask', () => {
  it.each([
    ['', ''],
    ['9', '+7 (9'],
    ['91', '+7 (91'],
    ['912', '+7 (912'],
    ['9123', '+7 (912) 3'],
    ['912345', '+7 (912) 345'],
    ['9123456', '+7 (912) 345-6'],
    ['91234567', '+7 (912) 345-67'],
    ['912345678', '+7 (912) 345-67-8'],
    ['9123456789', '+7 (912) 345-67-89'],
    ['91234567890', '+7 (912) 345-67-89'],
    ['91234567890123', '+7 (912) 345-67-89'],
    ['+7 (912) 345-67-89', '+7 (912) 345-67-89'],
    ['+7 (912) 345-67-890', '+7 (912) 345-67-89'],
    ['+79123456789', '+7 (912) 345-67-89'],
    ['89123456789', '+7 (912) 345-67-89'],
    ['79123456789', '+7 (912) 345-67-89'],
    ['8 (912) 345-67-89', '+7 (912) 345-67-89'],
    ['7123456789', '+7 (712) 345-67-89'],
    ['+7 (7', '+7 (7'],
    ['+7 (', ''],
    ['+7', ''],
    ['+', ''],
    ['abc', ''],
    ['9a1b2', '+7 (912'],
  ])('"%s" → "%s"', (input, expected) => {
    expect(applyWithdrawalPhoneMask(input)).toBe(expected);
  });

  it('deleting the last character of a masked value removes the last digit', () => {
    expect(applyWithdrawalPhoneMask('+7 (912) 345-67-')).toBe('+7 (912) 345-67');
    expect(applyWithdrawalPhoneMask('+7 (912) ')).toBe('+7 (912');
    expect(applyWithdrawalPhoneMask('+7 (91')).toBe('+7 (91');
  });

  it('is idempotent for any input and always fits the mask', () => {
    fc.assert(
      fc.property(fc.string(), (input) => {
        const masked = applyWithdrawalPhoneMask(input);
        expect(applyWithdrawalPhoneMask(masked)).toBe(masked);
        expect(fitsMask(masked)).toBe(true);
        expect(masked.length).toBeLessThanOrEqual(WITHDRAWAL_PHONE_MASK.length);
      }),
    );
  });

  it('gives back the typed digits when extracted from the masked value', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9]{0,10}$/), (digits) => {
        const masked = applyWithdrawalPhoneMask(digits);
        expect(extractWithdrawalPhoneDigits(masked)).toBe(digits);
        expect(masked.replace(/\D/g, '')).toBe(digits === '' ? '' : `7${digits}`);
      }),
    );
  });

  it('keeps only the first 10 national digits of a longer input', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^9[0-9]{10,20}$/), (digits) => {
        expect(extractWithdrawalPhoneDigits(digits)).toBe(digits.slice(0, 10));
      }),
    );
  });
});

describe('validateWithdrawalPhone', () => {
  it('says nothing until 10 digits are typed', () => {
    expect(validateWithdrawalPhone('')).toBeNull();
    expect(validateWithdrawalPhone('+7 (8')).toBeNull();
    expect(validateWithdrawalPhone('+7 (812) 345-67-8')).toBeNull();
  });

  it('requires the first of 10 digits to be 9', () => {
    expect(validateWithdrawalPhone('+7 (912) 345-67-89')).toBeNull();
    expect(validateWithdrawalPhone('+7 (812) 345-67-89')).toBe('form.field.phoneNumberError');
    expect(validateWithdrawalPhone('+7 (012) 345-67-89')).toBe('form.field.phoneNumberError');
    expect(validateWithdrawalPhone('7123456789')).toBe('form.field.phoneNumberError');
  });

  it('reports the error exactly for 10 digits not starting with 9', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9]{10}$/), (digits) => {
        const expected = digits.startsWith('9') ? null : 'form.field.phoneNumberError';
        expect(validateWithdrawalPhone(applyWithdrawalPhoneMask(digits))).toBe(expected);
        expect(isCompleteWithdrawalPhone(digits)).toBe(expected === null);
      }),
    );
  });

  it('calls a phone complete only with 10 digits starting with 9', () => {
    expect(isCompleteWithdrawalPhone('+7 (912) 345-67-89')).toBe(true);
    expect(isCompleteWithdrawalPhone('+7 (912) 345-67-8')).toBe(false);
    expect(isCompleteWithdrawalPhone('+7 (812) 345-67-89')).toBe(false);
    expect(isCompleteWithdrawalPhone('')).toBe(false);
  });
});

describe('stripLeadingPlus', () => {
  it.each([
    ['+79123456789', '79123456789'],
    ['79123456789', '79123456789'],
    ['7+9', '7+9'],
    ['++7', '+7'],
    ['+', ''],
    ['', ''],
  ])('"%s" → "%s"', (credential, expected) => {
    expect(stripLeadingPlus(credential)).toBe(expected);
  });
});

describe('isWithdrawalCredentialLongEnough', () => {
  it('needs at least 9 characters after trim', () => {
    expect(isWithdrawalCredentialLongEnough('123456789')).toBe(true);
    expect(isWithdrawalCredentialLongEnough('1234567890')).toBe(true);
    expect(isWithdrawalCredentialLongEnough('12345678')).toBe(false);
    expect(isWithdrawalCredentialLongEnough('  12345678  ')).toBe(false);
    expect(isWithdrawalCredentialLongEnough(' 123456789 ')).toBe(true);
    expect(isWithdrawalCredentialLongEnough('\t12345678\n')).toBe(false);
    expect(isWithdrawalCredentialLongEnough('')).toBe(false);
  });
});

describe('checkFastPaymentWithdrawalSubmit', () => {
  it('asks for the bank first', () => {
    expect(checkFastPaymentWithdrawalSubmit({ bankChosen: false, credential: '' })).toEqual({
      problem: 'no-bank',
      message: 'Choose the bank',
      focusPhone: false,
    });
    expect(
      checkFastPaymentWithdrawalSubmit({ bankChosen: false, credential: '+79123456789' }),
    ).toMatchObject({ message: 'Choose the bank' });
  });

  it('then asks for a phone of at least 9 characters and focuses it', () => {
    expect(
      checkFastPaymentWithdrawalSubmit({ bankChosen: true, credential: ' 12345678 ' }),
    ).toEqual({ problem: 'short-phone', message: 'Fill in the phone number', focusPhone: true });
    expect(checkFastPaymentWithdrawalSubmit({ bankChosen: true, credential: '123456789' })).toBe(
      null,
    );
  });
});
