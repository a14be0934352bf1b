import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COUNTDOWN_DAY_UNIT, countdown } from './countdown.ts';

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const readClock = (clock: string | null): number => {
  expect(clock).toMatch(/^\d{2}:\d{2}:\d{2}$/);
  const [h = 0, m = 0, s = 0] = (clock ?? '').split(':').map(Number);
  return h * 3600 + m * 60 + s;
};

describe('countdown', () => {
  it('shows whole days when more than a day is left', () => {
    expect(countdown(DAY + SECOND)).toEqual({
      remainingSeconds: 86_401,
      days: 1,
      clock: null,
      text: '1 d',
      isCritical: false,
      isExpired: false,
    });
    expect(countdown(2 * DAY + 23 * HOUR + 59 * MINUTE).text).toBe('2 d');
    expect(countdown(3 * DAY + 5 * HOUR).days).toBe(3);
    expect(COUNTDOWN_DAY_UNIT).toBe('d');
  });

  it('shows HH:MM:SS at exactly one day and below, zero-padded', () => {
    expect(countdown(DAY + 999).clock).toBe('24:00:00');
    expect(countdown(DAY).text).toBe('24:00:00');
    expect(countdown(DAY).days).toBeNull();
    expect(countdown(DAY - SECOND).clock).toBe('23:59:59');
    expect(countdown(9 * HOUR + 8 * MINUTE + 7 * SECOND).clock).toBe('09:08:07');
    expect(countdown(15 * MINUTE).clock).toBe('00:15:00');
    expect(countdown(61_999).clock).toBe('00:01:01');
  });

  it('turns critical when hours and minutes are both gone', () => {
    expect(countdown(MINUTE).isCritical).toBe(false);
    expect(countdown(MINUTE - 1).isCritical).toBe(true);
    expect(countdown(MINUTE - 1).clock).toBe('00:00:59');
    expect(countdown(HOUR + 30 * SECOND).isCritical).toBe(false);
    expect(countdown(HOUR).isCritical).toBe(false);
  });

  it('expires at the deadline and never shows negative time', () => {
    expect(countdown(1).isExpired).toBe(false);
    expect(countdown(1).clock).toBe('00:00:00');
    expect(countdown(0)).toEqual({
      remainingSeconds: 0,
      days: null,
      clock: '00:00:00',
      text: '00:00:00',
      isCritical: true,
      isExpired: true,
    });
    expect(countdown(-5_000).clock).toBe('00:00:00');
    expect(countdown(-5_000).isExpired).toBe(true);
    expect(countdown(-2 * DAY).text).toBe('00:00:00');
    expect(countdown(Number.NaN).isExpired).toBe(true);
    expect(countdown(Number.NaN).text).toBe('00:00:00');
  });
});

describe('countdown properties', () => {
  it('HH:MM:SS reads back as the whole seconds left for anything up to a day', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: DAY + 999 }), (remaining) => {
        const { clock, days, text } = countdown(remaining);
        expect(days).toBeNull();
        expect(text).toBe(clock);
        expect(readClock(clock)).toBe(Math.floor(remaining / SECOND));
      }),
    );
  });

  it('shows days exactly when more than a day is left, floored', () => {
    fc.assert(
      fc.property(fc.integer({ min: DAY + SECOND, max: 400 * DAY }), (remaining) => {
        const { clock, days, text, isCritical } = countdown(remaining);
        expect(clock).toBeNull();
        expect(days).toBe(Math.floor(remaining / DAY));
        expect(text).toBe(`${days} d`);
        expect(isCritical).toBe(false);
      }),
    );
  });

  it('is critical exactly under a minute and expired exactly at or past the deadline', () => {
    fc.assert(
      fc.property(fc.integer({ min: -10 * DAY, max: 10 * DAY }), (remaining) => {
        const result = countdown(remaining);
        expect(result.isCritical).toBe(remaining < MINUTE);
        expect(result.isExpired).toBe(remaining <= 0);
        expect(result.remainingSeconds).toBe(Math.max(0, Math.floor(remaining / SECOND)));
      }),
    );
  });

  it('never shows more time as the deadline approaches', () => {
    fc.assert(
      fc.property(fc.nat(2 * DAY), fc.nat(2 * DAY), (a, b) => {
        const later = countdown(Math.min(a, b));
        const earlier = countdown(Math.max(a, b));
        expect(later.remainingSeconds).toBeLessThanOrEqual(earlier.remainingSeconds);
      }),
    );
  });
});
