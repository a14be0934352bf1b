import type { AccountFieldError, AccountValidation } from './account-validation.ts';

/** Largest limit in minor units: the JSON-safe integer bound of decision 0003. */
export const ACCOUNT_LIMIT_MAX = Number.MAX_SAFE_INTEGER;
export const ACCOUNT_PRIORITY_MIN = 0;
/** The priority is stored as a 32-bit integer. */
export const ACCOUNT_PRIORITY_MAX = 2_147_483_647;

/** SPEC §5 account limit rules, worded for the form and the API alike. */
export const ACCOUNT_LIMIT_MESSAGES = {
  limitRequired: 'Limit is required',
  limitDigitsOnly: 'Limit must contain digits only',
  limitTooLarge: `Limit must be at most ${ACCOUNT_LIMIT_MAX}`,
  priorityRequired: 'Priority is required',
  priorityNotNumber: 'Priority must be a number',
  priorityNotWhole: 'Priority must be a whole number',
  priorityBelowMin: `Priority must be at least ${ACCOUNT_PRIORITY_MIN}`,
  priorityTooLarge: `Priority must be at most ${ACCOUNT_PRIORITY_MAX}`,
  checkUniqueAmountNotBoolean: 'Check unique amount must be true or false',
} as const;

/** What a client sets on an account's limits; the balance belongs to the payment engine. */
export interface AccountLimits {
  /** Total the account may take, in minor units of the account's currency. */
  limit: number;
  priority: number;
  checkUniqueAmount: boolean;
}

export type AccountLimitsField = keyof AccountLimits;

/** The limits form as typed (text fields) or as a JSON body (numbers). */
export interface AccountLimitsDraft {
  limit: unknown;
  priority: unknown;
  checkUniqueAmount: unknown;
}

const DIGITS = /^\d+$/;
const DECIMAL = /^-?\d+(\.\d+)?$/;

const checkLimit = (limit: unknown): number | string => {
  const messages = ACCOUNT_LIMIT_MESSAGES;
  if (limit === null || limit === undefined) return messages.limitRequired;
  if (typeof limit === 'number') {
    // A minus sign or a decimal point is not a digit: the same rule as the form's text field.
    if (!Number.isInteger(limit) || limit < 0) return messages.limitDigitsOnly;
    return limit > ACCOUNT_LIMIT_MAX ? messages.limitTooLarge : limit;
  }
  if (typeof limit !== 'string') return messages.limitDigitsOnly;
  const text = limit.trim();
  if (text === '') return messages.limitRequired;
  if (!DIGITS.test(text)) return messages.limitDigitsOnly;
  // Compared exactly: a long digit string would lose precision as a number.
  return BigInt(text) > BigInt(ACCOUNT_LIMIT_MAX) ? messages.limitTooLarge : Number(text);
};

const checkPriority = (priority: unknown): number | string => {
  const messages = ACCOUNT_LIMIT_MESSAGES;
  if (priority === null || priority === undefined) return messages.priorityRequired;
  let value: number;
  if (typeof priority === 'number') {
    if (!Number.isFinite(priority)) return messages.priorityNotNumber;
    value = priority;
  } else if (typeof priority === 'string') {
    const text = priority.trim();
    if (text === '') return messages.priorityRequired;
    if (!DECIMAL.test(text)) return messages.priorityNotNumber;
    value = Number(text);
  } else {
    return messages.priorityNotNumber;
  }
  if (!Number.isInteger(value)) return messages.priorityNotWhole;
  if (value < ACCOUNT_PRIORITY_MIN) return messages.priorityBelowMin;
  if (value > ACCOUNT_PRIORITY_MAX) return messages.priorityTooLarge;
  return value;
};

/**
 * SPEC §5 account limit: limit digits only (a whole, non-negative number of minor units),
 * priority a number of at least 0 (whole, as it is stored), checkUniqueAmount a boolean.
 * Accepts the form's text and the API's JSON numbers alike.
 */
export const validateAccountLimits = (
  draft: AccountLimitsDraft,
): AccountValidation<AccountLimits, AccountLimitsField> => {
  const errors: AccountFieldError<AccountLimitsField>[] = [];
  const limit = checkLimit(draft.limit);
  if (typeof limit === 'string') errors.push({ field: 'limit', message: limit });
  const priority = checkPriority(draft.priority);
  if (typeof priority === 'string') errors.push({ field: 'priority', message: priority });
  const { checkUniqueAmount } = draft;
  if (typeof checkUniqueAmount !== 'boolean') {
    errors.push({
      field: 'checkUniqueAmount',
      message: ACCOUNT_LIMIT_MESSAGES.checkUniqueAmountNotBoolean,
    });
  }
  if (
    errors.length > 0 ||
    typeof limit !== 'number' ||
    typeof priority !== 'number' ||
    typeof checkUniqueAmount !== 'boolean'
  ) {
    return { ok: false, errors };
  }
  return { ok: true, value: { limit, priority, checkUniqueAmount } };
};
