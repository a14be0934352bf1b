import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_NAME_MAX_LENGTH,
  ACCOUNT_CREATE_MESSAGES as M,
  validateAccountCreate,
} from './account-create.ts';

const valid = { providerId: 1, paymentMethodId: 2, bankName: ' Kapitalbank ' };

const messagesOf = (draft: Parameters<typeof validateAccountCreate>[0]) => {
  const result = validateAccountCreate(draft);
  return result.ok ? [] : result.errors.map(({ message }) => message);
};

describe('validateAccountCreate', () => {
  it('trims names, upper-cases the country and defaults the optional fields', () => {
    expect(validateAccountCreate(valid)).toEqual({
      ok: true,
      value: {
        providerId: 1,
        paymentMethodId: 2,
        bankName: 'Kapitalbank',
        ownerName: '',
        countryCode: null,
      },
    });
    expect(
      validateAccountCreate({
        providerId: '3',
        paymentMethodId: ' 4 ',
        bankName: 'Sberbank',
        ownerName: ' Ivan Petrov ',
        countryCode: ' ru ',
      }),
    ).toEqual({
      ok: true,
      value: {
        providerId: 3,
        paymentMethodId: 4,
        bankName: 'Sberbank',
        ownerName: 'Ivan Petrov',
        countryCode: 'RU',
      },
    });
  });

  it('requires the provider and the payment method with the SPEC wording', () => {
    expect(messagesOf({ bankName: 'Bank' })).toEqual([M.providerRequired, M.paymentMethodRequired]);
    for (const missing of [null, '', 0, -1, 1.5, 'Not selected', Number.NaN]) {
      expect(messagesOf({ ...valid, providerId: missing })).toEqual([M.providerRequired]);
      expect(messagesOf({ ...valid, paymentMethodId: missing })).toEqual([M.paymentMethodRequired]);
    }
  });

  it('requires a bank name and bounds the names', () => {
    expect(messagesOf({ ...valid, bankName: '   ' })).toEqual([M.bankNameRequired]);
    expect(messagesOf({ ...valid, bankName: null })).toEqual([M.bankNameRequired]);
    const long = 'x'.repeat(ACCOUNT_NAME_MAX_LENGTH + 1);
    expect(messagesOf({ ...valid, bankName: long })).toEqual([M.bankNameTooLong]);
    expect(messagesOf({ ...valid, ownerName: long })).toEqual([M.ownerNameTooLong]);
    expect(messagesOf({ ...valid, bankName: 'x'.repeat(ACCOUNT_NAME_MAX_LENGTH) })).toEqual([]);
  });

  it.each([['R'], ['RUS'], ['R1'], ['ß'], ['ßa']])('refuses country code %j', (countryCode) => {
    expect(messagesOf({ ...valid, countryCode })).toEqual([M.countryCodeInvalid]);
  });
});
