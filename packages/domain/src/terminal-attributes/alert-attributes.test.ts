import { describe, expect, it } from 'vitest';
import {
  alertAttributeValueError,
  TERMINAL_ALERT_ATTRIBUTES,
  TERMINAL_ALERT_DEFAULTS,
  type TerminalAlertSettings,
  terminalAlertSettingsOf,
} from './alert-attributes.ts';

const {
  thresholdPercent: THRESHOLD,
  windowMinutes: WINDOW,
  minAttempts: MIN,
} = TERMINAL_ALERT_ATTRIBUTES;

describe('alertAttributeValueError', () => {
  it.each([
    [THRESHOLD, '0'],
    [THRESHOLD, '100'],
    [THRESHOLD, ' 75 '],
    [WINDOW, '1'],
    [WINDOW, '1440'],
    [MIN, '1'],
    [MIN, '100000'],
  ])('accepts %s = %j', (code, text) => {
    expect(alertAttributeValueError(code, text)).toBeNull();
  });

  it.each([
    [THRESHOLD, '101', 'Value must be a whole number from 0 to 100'],
    [WINDOW, '0', 'Value must be a whole number from 1 to 1440'],
    [WINDOW, '1441', 'Value must be a whole number from 1 to 1440'],
    [MIN, '0', 'Value must be a whole number from 1 to 100000'],
    [MIN, '1000000', 'Value must be a whole number from 1 to 100000'],
  ])('refuses %s = %j: %s', (code, text, message) => {
    expect(alertAttributeValueError(code, text)).toBe(message);
  });

  it('says nothing of other attributes, or of a type without a code', () => {
    expect(alertAttributeValueError('PROVIDER_URL', '101')).toBeNull();
    expect(alertAttributeValueError(null, '-5')).toBeNull();
    expect(alertAttributeValueError(undefined, 'x')).toBeNull();
  });

  it('accepts exactly what the evaluation reads as the setting', () => {
    for (const text of ['0', '1', '50', '100', '101', '1440', '1441', '100000', '100001']) {
      for (const [setting, code] of Object.entries(TERMINAL_ALERT_ATTRIBUTES)) {
        const read = terminalAlertSettingsOf(new Map([[code, text]]));
        // Defaults are within range, so a value read as itself is one the evaluation uses.
        const used = read[setting as keyof typeof read] === Number(text);
        expect(alertAttributeValueError(code, text) === null, `${code}=${text}`).toBe(used);
      }
    }
  });
});

const settingsOf = (entries: Record<string, string>) =>
  terminalAlertSettingsOf(new Map(Object.entries(entries)));

/**
 * A terminal's success-rate alert settings (issue 25 item 3): three terminal attributes, each
 * falling back to its default when absent, out of range or not a plain integer (the attributes
 * as stored are read in the server's alert-service.test.ts, on both databases).
 */
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
