import { describe, expect, it } from 'vitest';
import {
  formatPercent,
  refreshSecondsOf,
  successLevelOf,
  successThresholdsOf,
} from './monitoring-settings.ts';

describe('refreshSecondsOf', () => {
  it('uses the configured interval', () => {
    expect(refreshSecondsOf({ refreshIntervalSeconds: 30 })).toBe(30);
  });

  it('keeps 60 s while nothing is configured', () => {
    expect(refreshSecondsOf(undefined)).toBe(60);
    expect(refreshSecondsOf({})).toBe(60);
    expect(refreshSecondsOf({ refreshIntervalSeconds: null })).toBe(60);
  });

  it.each([0, -1, 4, Number.NaN, Number.POSITIVE_INFINITY, 86_401, '60', true])(
    'falls back to 20 s for an unusable %s',
    (refreshIntervalSeconds) => {
      expect(refreshSecondsOf({ refreshIntervalSeconds })).toBe(20);
    },
  );

  it("prefers the settings' own usable fallback", () => {
    expect(
      refreshSecondsOf({ refreshIntervalSeconds: 0, fallbackRefreshIntervalSeconds: 15 }),
    ).toBe(15);
    expect(refreshSecondsOf({ refreshIntervalSeconds: 0, fallbackRefreshIntervalSeconds: 0 })).toBe(
      20,
    );
  });
});

describe('success colours', () => {
  const thresholds = { good: 80, warning: 50 };

  it('reads consistent thresholds only', () => {
    expect(successThresholdsOf({ successPercentThresholds: thresholds })).toEqual(thresholds);
    expect(successThresholdsOf({})).toBeNull();
    expect(successThresholdsOf({ successPercentThresholds: { good: 40, warning: 50 } })).toBeNull();
    expect(
      successThresholdsOf({ successPercentThresholds: { good: 180, warning: 50 } }),
    ).toBeNull();
    expect(
      successThresholdsOf({ successPercentThresholds: { good: '80', warning: 50 } }),
    ).toBeNull();
  });

  it('levels a success percent', () => {
    expect(successLevelOf(80, 5, thresholds)).toBe('good');
    expect(successLevelOf(79.99, 5, thresholds)).toBe('fair');
    expect(successLevelOf(50, 5, thresholds)).toBe('fair');
    expect(successLevelOf(49.99, 5, thresholds)).toBe('poor');
    expect(successLevelOf(0, 0, thresholds)).toBe('none');
    expect(successLevelOf(90, 5, null)).toBe('none');
  });

  it('formats percents as the server rounds them', () => {
    expect(formatPercent(66.67)).toBe('66.67%');
    expect(formatPercent(50)).toBe('50%');
    expect(formatPercent(0)).toBe('0%');
  });
});
