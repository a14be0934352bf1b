/** The texts of the accounts screens; the toasts are SPEC §8's, word for word. */
export const ACCOUNT_MESSAGES = {
  created: 'Account created',
  changed: 'Successfully changed',
  removed: 'Successfully removed',
  nothingFound: 'Nothing found',
  noCredentials: 'No credentials',
  limitsNotSet: 'Limits are not set yet.',
  notFound: 'Account not found',
} as const;
