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

/** The sandbox's requisite for a payment method's kind: its card, or its phone number. */
export const sandboxRequisiteValueOf = (requisiteKind: string): string =>
  SANDBOX_REQUISITE_VALUES[requisiteKind === 'card' ? 'CARD' : 'PHONE'];

/**
 * Whether a payment was given the sandbox's requisites: a test deposit with requisites and no
 * account behind them (test payments given an account before the sandbox's existed keep it).
 */
export const hasSandboxRequisite = (payment: {
  isTestProcessing: boolean;
  flowType: string;
  peopleAccountId: number | null;
  credentialValue: string | null;
}): boolean =>
  payment.isTestProcessing &&
  payment.flowType === 'DEPOSIT' &&
  payment.peopleAccountId === null &&
  payment.credentialValue !== null;
