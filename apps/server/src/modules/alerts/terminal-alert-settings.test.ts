import {
  TERMINAL_ALERT_ATTRIBUTES,
  TERMINAL_ALERT_DEFAULTS,
  type TerminalAlertSettings,
  terminalAlertSettingsOf,
} from '@paygate/domain';
import { describe, expect, it } from 'vitest';
import { successRateTooLow } from './terminal-alert-settings.ts';

/**
 * A terminal's success-rate alert settings (issue 25 item 3): three terminal attributes, each
 * falling back to its default when absent, out of range or not a plain integer. Pure functions:
 * no database (the attributes as stored are read in alert-service.test.ts, on both databases).
 */

const settingsOf = (entries: Record<string, string>) =>
  terminalAlertSettingsOf(new Map(Object.entries(entries)));

const {
  thresholdPercent: THRESHOLD,
  windowMinutes: WINDOW,
  minAttempts: MIN,
} = TERMINAL_ALERT_ATTRIBUTES;

describe('terminal alert settings', () => {
  it('reads the attribute codes of reference list 105', () => {
    expect(TERMINAL_ALERT_ATTRIBUTES).toEqual({
      thresholdPercent: 'ALERT_SUCCESS_RATE_MIN',
      windowMinutes: 'ALERT_WINDOW_MINUTES',
      minAttempts: 'ALERT_MIN_ATTEMPTS',
    });
  });

  it('defaults to 50 % over 60 minutes with at least 10 attempts', () => {
    expect(TERMINAL_ALERT_DEFAULTS).toEqual({
      thresholdPercent: 50,
      windowMinutes: 60,
      minAttempts: 10,
    });
    expect(terminalAlertSettingsOf(new Map())).toEqual(TERMINAL_ALERT_DEFAULTS);
  });

  it('ignores attributes that are not alert settings', () => {
    expect(settingsOf({ CALLBACK_TIMEOUT: '30', FEE_PERCENT: '2.5' })).toEqual(
      TERMINAL_ALERT_DEFAULTS,
    );
  });

  it('takes valid overrides, each on its own', () => {
    expect(settingsOf({ [THRESHOLD]: '80', [WINDOW]: '15', [MIN]: '3' })).toEqual({
      thresholdPercent: 80,
      windowMinutes: 15,
      minAttempts: 3,
    });
    expect(settingsOf({ [WINDOW]: '120' })).toEqual({
      ...TERMINAL_ALERT_DEFAULTS,
      windowMinutes: 120,
    });
    expect(settingsOf({ [MIN]: '25' })).toEqual({ ...TERMINAL_ALERT_DEFAULTS, minAttempts: 25 });
  });

  it('trims surrounding spaces', () => {
    expect(settingsOf({ [THRESHOLD]: ' 70 ', [WINDOW]: '\t30\n' })).toMatchObject({
      thresholdPercent: 70,
      windowMinutes: 30,
    });
  });

  it.each([
    ['threshold 0', THRESHOLD, '0', 'thresholdPercent', 0],
    ['threshold 100', THRESHOLD, '100', 'thresholdPercent', 100],
    ['window 1 minute', WINDOW, '1', 'windowMinutes', 1],
    ['window 24 hours', WINDOW, '1440', 'windowMinutes', 1440],
    ['1 attempt', MIN, '1', 'minAttempts', 1],
    ['100000 attempts', MIN, '100000', 'minAttempts', 100_000],
  ] as Array<[string, string, string, keyof TerminalAlertSettings, number]>)(
    'accepts the range edge %s',
    (_name, code, text, key, expected) => {
      expect(settingsOf({ [code]: text })[key]).toBe(expected);
    },
  );

  it.each([
    ['threshold above 100', THRESHOLD, '101'],
    ['threshold negative', THRESHOLD, '-1'],
    ['window 0', WINDOW, '0'],
    ['window over 24 hours', WINDOW, '1441'],
    ['0 attempts', MIN, '0'],
    ['attempts above 100000', MIN, '100001'],
    ['attempts of seven digits', MIN, '1000000'],
  ])('falls back to the default when out of range: %s', (_name, code, text) => {
    expect(settingsOf({ [code]: text })).toEqual(TERMINAL_ALERT_DEFAULTS);
  });

  it.each([
    ['a decimal', '12.5'],
    ['a decimal with zero fraction', '60.0'],
    ['an exponent', '1e2'],
    ['hexadecimal', '0x10'],
    ['a plus sign', '+20'],
    ['words', 'fifty'],
    ['a percent sign', '50%'],
    ['empty text', ''],
    ['only spaces', '   '],
    ['digits with inner spaces', '1 0'],
    ['Infinity', 'Infinity'],
  ])('falls back to the default when not a plain integer: %s', (_name, text) => {
    expect(settingsOf({ [THRESHOLD]: text, [WINDOW]: text, [MIN]: text })).toEqual(
      TERMINAL_ALERT_DEFAULTS,
    );
  });

  it('falls back per attribute: one bad value keeps the others', () => {
    expect(settingsOf({ [THRESHOLD]: '75', [WINDOW]: '0', [MIN]: 'x' })).toEqual({
      ...TERMINAL_ALERT_DEFAULTS,
      thresholdPercent: 75,
    });
  });
});

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
