import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countdown, countdownTo } from './countdown.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('countdown', () => {
  it('shows days when more than a day is left', () => {
    expect(countdown(DAY + 1_000)).toEqual({
      days: 1,
      clock: null,
      isCritical: false,
      isExpired: false,
    });
    expect(countdown(3 * DAY + 5 * HOUR).days).toBe(3);
  });

  it('shows HH:MM:SS at exactly one day and below', () => {
    expect(countdown(DAY).clock).toBe('24:00:00');
    expect(countdown(DAY - 1_000).clock).toBe('23:59:59');
    expect(countdown(15 * 60_000).clock).toBe('00:15:00');
    expect(countdown(61_999).clock).toBe('00:01:01');
  });

  it('turns critical when hours and minutes are both gone', () => {
    expect(countdown(60_000).isCritical).toBe(false);
    expect(countdown(59_999).isCritical).toBe(true);
    expect(countdown(HOUR + 30_000).isCritical).toBe(false);
  });

  it('expires at the deadline and never shows negative time', () => {
    expect(countdown(1).isExpired).toBe(false);
    expect(countdown(0)).toEqual({
      days: null,
      clock: '00:00:00',
      isCritical: true,
      isExpired: true,
    });
    expect(countdown(-5_000).clock).toBe('00:00:00');
    expect(countdown(-5_000).isExpired).toBe(true);
  });

  it('counts down to a deadline from now', () => {
    const now = Date.UTC(2026, 0, 1, 12, 0, 0);
    expect(countdownTo(new Date(now + 90_000), now).clock).toBe('00:01:30');
  });

  it('HH:MM:SS always reads back as the whole seconds left', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: DAY }), (remaining) => {
        const { clock } = countdown(remaining);
        const [h = 0, m = 0, s = 0] = (clock ?? '').split(':').map(Number);
        expect(h * 3600 + m * 60 + s).toBe(Math.floor(remaining / 1000));
      }),
    );
  });
});
