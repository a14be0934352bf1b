import type { PaymentMethod } from './payment-form-repository.ts';
import type { RequisiteTypeCode } from './requisite-assignment-repository.ts';

/**
 * What a test payment (its terminal in test mode) is told to pay to: requisites that are plainly
 * no account, never a real account's (decision 0008). Shown a real account's card, a merchant's
 * tester could send real money to a stranger, and every merchant's test traffic read real
 * people's card numbers and names; the sandbox settles test payments by itself, so nothing about
 * them needs an account.
 */
export const SANDBOX_REQUISITE_VALUES: Readonly<Record<RequisiteTypeCode, string>> = {
  CARD: '0000000000000000',
  PHONE: '0000000000',
};

export const SANDBOX_REQUISITE_OWNER = 'TEST PAYMENT, SEND NO MONEY';
export const SANDBOX_BANK_NAME = 'Sandbox';

/** What the form shows a test payment given sandbox requisites of `method`. */
export const sandboxRequisiteOf = (
  method: Pick<PaymentMethod, 'requisiteKind'>,
  value: string,
) => ({
  value,
  owner: SANDBOX_REQUISITE_OWNER,
  countryCode: null,
  bankName: SANDBOX_BANK_NAME,
  type: method.requisiteKind === 'card' ? ('card' as const) : ('by_mobile' as const),
});
