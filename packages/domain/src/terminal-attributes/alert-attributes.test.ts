import { describe, expect, it } from 'vitest';
import {
  alertAttributeValueError,
  TERMINAL_ALERT_ATTRIBUTES,
  TERMINAL_ALERT_DEFAULTS,
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
