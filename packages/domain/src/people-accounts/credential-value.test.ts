import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CREDENTIAL_PARAM_TYPE_MESSAGES,
  CREDENTIAL_PARAM_TYPES,
  CREDENTIAL_VALUE_MAX_LENGTH,
  type CredentialValueRules,
  isCredentialParamType,
  isLuhnValid,
  luhnCheckDigit,
  CREDENTIAL_MESSAGES as M,
  matchesCredentialParamType,
  normaliseCredentialValue,
  phoneNumberMessage,
  validateCredentialDraft,
} from './credential-value.ts';

describe('matchesCredentialParamType', () => {
  it.each([
    ['I', '42', true],
    ['I', '-42', true],
    ['I', '4.2', false],
    ['I', '+42', false],
    ['I', '4 2', false],
    ['S', 'anything at all', true],
    ['C', 'x', true],
    ['C', '😀', true],
    ['C', 'xy', false],
    ['B', 'true', true],
    ['B', 'false', true],
    ['B', 'TRUE', false],
    ['B', '1', false],
    ['N', '12.5', true],
    ['N', '0.01', true],
    ['N', '12', false],
    ['N', '12.0', false],
    ['N', '1.2.3', false],
    ['N', '.5', false],
    ['N', '-1.5', false],
  ] as const)('%s accepts %j: %s', (paramType, value, expected) => {
    expect(matchesCredentialParamType(value, paramType)).toBe(expected);
  });

  it('has the SPEC §5 messages for each type', () => {
    expect(CREDENTIAL_PARAM_TYPE_MESSAGES).toEqual({
      I: 'value is not Integer',
      S: 'value is not String',
      C: 'value is not Char',
      B: 'value is not Boolean',
      N: 'value is not Numeric',
    });
    expect(CREDENTIAL_PARAM_TYPES.every(isCredentialParamType)).toBe(true);
    expect(isCredentialParamType('X')).toBe(false);
    expect(isCredentialParamType(null)).toBe(false);
  });
});

describe('isLuhnValid', () => {
  it.each([
    ['4111111111111111', true],
    ['4111111111111112', false],
    ['8600495312345670', true],
    ['79927398713', true],
    ['', false],
    ['41a1', false],
  ])('%s → %s', (digits, expected) => {
    expect(isLuhnValid(digits)).toBe(expected);
  });

  it('catches every single-digit typo', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^\d{15}$/),
        fc.nat(15),
        fc.integer({ min: 1, max: 9 }),
        (body, position, shift) => {
          const check = [...Array(10).keys()].find((digit) => isLuhnValid(`${body}${digit}`));
          const number = `${body}${check}`;
          expect(isLuhnValid(number)).toBe(true);
          const typo = [...number];
          typo[position] = String((Number(typo[position]) + shift) % 10);
          expect(isLuhnValid(typo.join(''))).toBe(false);
        },
      ),
    );
  });
});

const card: CredentialValueRules = {
  paramType: 'S',
  credentialTypeCode: 'CARD',
  currencyCode: 'UZS',
};
const phone: CredentialValueRules = {
  paramType: 'S',
  credentialTypeCode: 'PHONE',
  currencyCode: 'RUB',
};

describe('normaliseCredentialValue', () => {
  it('stores card numbers without separators', () => {
    expect(normaliseCredentialValue(' 8600 4953-1234 5670 ', card)).toEqual({
      ok: true,
      value: '8600495312345670',
    });
    expect(normaliseCredentialValue('8600495312345670', { ...card, paramType: 'I' })).toEqual({
      ok: true,
      value: '8600495312345670',
    });
  });

  it.each([
    ['8600 4953', M.cardNumberLength],
    ['86004953123456700000', M.cardNumberLength],
    ['8600 4953 1234 567x', M.cardNumberLength],
    ['8600495312345671', M.cardNumberChecksum],
  ])('refuses card number %j: %s', (value, message) => {
    expect(normaliseCredentialValue(value, card)).toEqual({ ok: false, message });
  });

  it('checks the parameter type before the card shape', () => {
    expect(normaliseCredentialValue('8600495312345670', { ...card, paramType: 'C' })).toEqual({
      ok: false,
      message: 'value is not Char',
    });
  });

  it('stores phone numbers in international form for the account’s currency', () => {
    expect(normaliseCredentialValue('+7 (912) 345-67-89', phone)).toEqual({
      ok: true,
      value: '+79123456789',
    });
    expect(
      normaliseCredentialValue('+998 90 123 45 67', { ...phone, currencyCode: 'UZS' }),
    ).toEqual({ ok: true, value: '+998901234567' });
    expect(normaliseCredentialValue('+49 30 1234567', { ...phone, currencyCode: null })).toEqual({
      ok: true,
      value: '+49301234567',
    });
  });

  it.each([
    ['89123456789', 'RUB', 'Phone number must be +7 followed by 10 digits'],
    ['+7912345678', 'RUB', 'Phone number must be +7 followed by 10 digits'],
    ['+998901234567', 'RUB', 'Phone number must be +7 followed by 10 digits'],
    ['+79123456789', 'UZS', 'Phone number must be +998 followed by 9 digits'],
    ['+7912345678a', 'RUB', 'Phone number must be +7 followed by 10 digits'],
    ['+0123', null, M.phoneNumberInternational],
    ['+1234567890123456', 'USD', M.phoneNumberInternational],
  ])('refuses phone %j in %s', (value, currencyCode, message) => {
    expect(normaliseCredentialValue(value, { ...phone, currencyCode })).toEqual({
      ok: false,
      message,
    });
    expect(phoneNumberMessage(currencyCode)).toBe(message);
  });

  it('refuses a phone number of a non-string parameter type with the SPEC text', () => {
    expect(normaliseCredentialValue('+79123456789', { ...phone, paramType: 'I' })).toEqual({
      ok: false,
      message: 'value is not Integer',
    });
  });

  it('checks other requisite types by their parameter type only, trimmed', () => {
    const other: CredentialValueRules = {
      paramType: 'N',
      credentialTypeCode: null,
      currencyCode: null,
    };
    expect(normaliseCredentialValue(' 12.5 ', other)).toEqual({ ok: true, value: '12.5' });
    expect(normaliseCredentialValue('12', other)).toEqual({
      ok: false,
      message: 'value is not Numeric',
    });
  });

  it('requires a value and bounds its length', () => {
    expect(normaliseCredentialValue('   ', card)).toEqual({ ok: false, message: M.valueRequired });
    const other: CredentialValueRules = {
      paramType: 'S',
      credentialTypeCode: null,
      currencyCode: null,
    };
    expect(normaliseCredentialValue('x'.repeat(CREDENTIAL_VALUE_MAX_LENGTH), other).ok).toBe(true);
    expect(normaliseCredentialValue('x'.repeat(CREDENTIAL_VALUE_MAX_LENGTH + 1), other)).toEqual({
      ok: false,
      message: M.valueTooLong,
    });
  });
});

describe('validateCredentialDraft', () => {
  it('requires type, parameter type and value (SPEC §5 credential add)', () => {
    expect(validateCredentialDraft({})).toEqual({
      ok: false,
      errors: [
        { field: 'credentialTypeId', message: M.credentialTypeRequired },
        { field: 'paramTypeId', message: M.paramTypeRequired },
        { field: 'value', message: M.valueRequired },
      ],
    });
    expect(
      validateCredentialDraft({ credentialTypeId: '103001', paramTypeId: 102002, value: ' x ' }),
    ).toEqual({ ok: true, value: { credentialTypeId: 103001, paramTypeId: 102002, value: 'x' } });
  });

  it('bounds the value length', () => {
    const result = validateCredentialDraft({
      credentialTypeId: 1,
      paramTypeId: 2,
      value: 'x'.repeat(CREDENTIAL_VALUE_MAX_LENGTH + 1),
    });
    expect(result).toEqual({
      ok: false,
      errors: [{ field: 'value', message: M.valueTooLong }],
    });
  });
});

describe('luhnCheckDigit', () => {
  it('completes a card number so that it passes the Luhn check', () => {
    expect(luhnCheckDigit('7992739871')).toBe('3'); // the textbook example
    for (const partial of ['986012341234123', '220200000000000', '0']) {
      expect(isLuhnValid(`${partial}${luhnCheckDigit(partial)}`)).toBe(true);
    }
  });
});
