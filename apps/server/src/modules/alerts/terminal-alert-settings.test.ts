import { TERMINAL_ALERT_DEFAULTS, type TerminalAlertSettings } from '@paygate/domain';
import { describe, expect, it } from 'vitest';
import { successRateTooLow } from './terminal-alert-settings.ts';

/**
 * Whether a window's figures call for an open alert. Pure: the settings' own rules are tested in
 * packages/domain (alert-attributes.test.ts), the stored attributes in alert-service.test.ts.
 */

describe('successRateTooLow', () => {
  const settings = (overrides: Partial<TerminalAlertSettings> = {}): TerminalAlertSettings => ({
    ...TERMINAL_ALERT_DEFAULTS,
    ...overrides,
  });

  it('is not too low exactly at the threshold', () => {
    expect(successRateTooLow(settings(), { done: 5, attempts: 10 })).toBe(false);
    expect(successRateTooLow(settings({ thresholdPercent: 80 }), { done: 8, attempts: 10 })).toBe(
      false,
    );
    expect(successRateTooLow(settings({ thresholdPercent: 100 }), { done: 10, attempts: 10 })).toBe(
      false,
    );
  });

  it('is too low just below the threshold', () => {
    expect(successRateTooLow(settings(), { done: 4, attempts: 10 })).toBe(true);
    expect(successRateTooLow(settings(), { done: 49, attempts: 100 })).toBe(true);
    expect(successRateTooLow(settings({ thresholdPercent: 100 }), { done: 9, attempts: 10 })).toBe(
      true,
    );
    expect(successRateTooLow(settings(), { done: 0, attempts: 10 })).toBe(true);
  });

  it('compares exactly, without rounding the rate', () => {
    // 1 of 3 is 33.3 %: not below 33, below 34.
    const third = { done: 1, attempts: 3 };
    expect(successRateTooLow(settings({ thresholdPercent: 33, minAttempts: 3 }), third)).toBe(
      false,
    );
    expect(successRateTooLow(settings({ thresholdPercent: 34, minAttempts: 3 }), third)).toBe(true);
    // 499 of 1000 is 49.9 %: below 50 though it rounds to 50.
    expect(successRateTooLow(settings(), { done: 499, attempts: 1000 })).toBe(true);
    expect(successRateTooLow(settings(), { done: 500, attempts: 1000 })).toBe(false);
  });

  it('is never too low with fewer attempts than the minimum', () => {
    expect(successRateTooLow(settings(), { done: 0, attempts: 9 })).toBe(false);
    expect(successRateTooLow(settings(), { done: 0, attempts: 0 })).toBe(false);
    expect(successRateTooLow(settings({ minAttempts: 3 }), { done: 0, attempts: 2 })).toBe(false);
    // At the minimum it counts.
    expect(successRateTooLow(settings({ minAttempts: 3 }), { done: 0, attempts: 3 })).toBe(true);
  });

  it('never fires with a threshold of 0 %', () => {
    expect(successRateTooLow(settings({ thresholdPercent: 0 }), { done: 0, attempts: 50 })).toBe(
      false,
    );
  });

  it('is not too low with every attempt done', () => {
    expect(successRateTooLow(settings(), { done: 10, attempts: 10 })).toBe(false);
  });
});
