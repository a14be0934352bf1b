import { MAX_LISTED_AMOUNT_HOLDS } from '@paygate/domain';

/** The texts of the accounts screens; the toasts are SPEC §8's, word for word. */
export const ACCOUNT_MESSAGES = {
  created: 'Account created',
  changed: 'Successfully changed',
  removed: 'Successfully removed',
  nothingFound: 'Nothing found',
  noCredentials: 'No credentials',
  limitsNotSet: 'Limits are not set yet.',
  notFound: 'Account not found',
  noAmountHolds: 'No amount is held on this account.',
  amountHoldsHint:
    'When the account checks unique amounts, a payment keeps its amount from other payments while it waits for the money, and for a while after it ends unpaid, so a late transfer cannot be credited to someone else.',
  heldWhileWaiting: 'While the payment is open',
  amountsNotChecked: 'This account does not check unique amounts, so it holds none.',
  amountHoldsCut: `Only the first ${MAX_LISTED_AMOUNT_HOLDS} are shown.`,
} as const;
