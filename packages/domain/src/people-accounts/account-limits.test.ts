import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_LIMIT_MAX,
  ACCOUNT_PRIORITY_MAX,
  ACCOUNT_LIMIT_MESSAGES as M,
  validateAccountLimits,
} from './account-limits.ts';

const valid = { limit: 5_000_000, priority: 1, checkUniqueAmount: true };

const messagesOf = (draft: Parameters<typeof validateAccountLimits>[0]) => {
  const result = validateAccountLimits(draft);
  return result.ok ? [] : result.errors.map(({ field, message }) => `${field}: ${message}`);
};

describe('validateAccountLimits', () => {
  it('accepts JSON numbers and the form’s text alike', () => {
    expect(validateAccountLimits(valid)).toEqual({ ok: true, value: valid });
    expect(
      validateAccountLimits({ limit: ' 5000000 ', priority: '1', checkUniqueAmount: true }),
    ).toEqual({ ok: true, value: valid });
    expect(validateAccountLimits({ limit: 0, priority: 0, checkUniqueAmount: false })).toEqual({
      ok: true,
      value: { limit: 0, priority: 0, checkUniqueAmount: false },
    });
  });

  it.each([
    [null, M.limitRequired],
    [undefined, M.limitRequired],
    ['', M.limitRequired],
    ['  ', M.limitRequired],
    ['12a', M.limitDigitsOnly],
    ['-5', M.limitDigitsOnly],
    ['1.5', M.limitDigitsOnly],
    ['1e3', M.limitDigitsOnly],
    ['+5', M.limitDigitsOnly],
    [-5, M.limitDigitsOnly],
    [1.5, M.limitDigitsOnly],
    [Number.NaN, M.limitDigitsOnly],
    [true, M.limitDigitsOnly],
    [ACCOUNT_LIMIT_MAX + 1, M.limitTooLarge],
    ['9007199254740992', M.limitTooLarge],
    ['99999999999999999999999', M.limitTooLarge],
  ])('limit %j → %s', (limit, message) => {
    expect(messagesOf({ ...valid, limit })).toEqual([`limit: ${message}`]);
  });

  it('accepts the largest safe limit, given as a number or as digits', () => {
    expect(validateAccountLimits({ ...valid, limit: ACCOUNT_LIMIT_MAX }).ok).toBe(true);
    expect(validateAccountLimits({ ...valid, limit: String(ACCOUNT_LIMIT_MAX) }).ok).toBe(true);
  });

  it.each([
    [null, M.priorityRequired],
    ['', M.priorityRequired],
    ['abc', M.priorityNotNumber],
    [Number.POSITIVE_INFINITY, M.priorityNotNumber],
    [false, M.priorityNotNumber],
    [1.5, M.priorityNotWhole],
    ['2.5', M.priorityNotWhole],
    [-1, M.priorityBelowMin],
    ['-1', M.priorityBelowMin],
    [ACCOUNT_PRIORITY_MAX + 1, M.priorityTooLarge],
  ])('priority %j → %s', (priority, message) => {
    expect(messagesOf({ ...valid, priority })).toEqual([`priority: ${message}`]);
  });

  it.each([['true'], [1], [null], [undefined]])('checkUniqueAmount %j is refused', (value) => {
    expect(messagesOf({ ...valid, checkUniqueAmount: value })).toEqual([
      `checkUniqueAmount: ${M.checkUniqueAmountNotBoolean}`,
    ]);
  });

  it('reports every field’s problem in form order', () => {
    expect(messagesOf({ limit: 'x', priority: -1, checkUniqueAmount: 'yes' })).toEqual([
      `limit: ${M.limitDigitsOnly}`,
      `priority: ${M.priorityBelowMin}`,
      `checkUniqueAmount: ${M.checkUniqueAmountNotBoolean}`,
    ]);
  });

  it('accepts exactly the digit strings within the safe range, as the same number', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{1,20}$/), (digits) => {
        const result = validateAccountLimits({ ...valid, limit: digits });
        const safe = BigInt(digits) <= BigInt(Number.MAX_SAFE_INTEGER);
        expect(result.ok).toBe(safe);
        if (result.ok) expect(BigInt(result.value.limit)).toBe(BigInt(digits));
      }),
    );
  });
});
