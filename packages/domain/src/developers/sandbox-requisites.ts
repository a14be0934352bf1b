/**
 * What a test payment (its terminal in test mode) is told to pay to: requisites that are plainly
 * no account, never a real account's (decision 0008). Shown a real account's card, a merchant's
 * tester could send real money to a stranger, and every merchant's test traffic read real
 * people's card numbers and names; the sandbox settles test payments by itself, so nothing about
 * them needs an account. Keyed by the kind of requisite: a card, or a phone number.
 */
export const SANDBOX_REQUISITE_VALUES = {
  CARD: '0000000000000000',
  PHONE: '0000000000',
} as const satisfies Record<'CARD' | 'PHONE', string>;

export const SANDBOX_REQUISITE_OWNER = 'TEST PAYMENT, SEND NO MONEY';
export const SANDBOX_BANK_NAME = 'Sandbox';
/** The provider a test payment is with, as the back office names it. */
export const SANDBOX_PROVIDER_NAME = 'Sandbox';
