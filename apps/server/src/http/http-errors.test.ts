import { describe, expect, it } from 'vitest';
import { tooManyRequests, waitInWords } from './http-errors.ts';

describe('the wait of a 429 in words', () => {
  it('says seconds under a minute and minutes rounded up after, never less than Retry-After', () => {
    expect(waitInWords(0)).toBe('1 second');
    expect(waitInWords(0.2)).toBe('1 second');
    expect(waitInWords(1)).toBe('1 second');
    expect(waitInWords(12.2)).toBe('13 seconds');
    expect(waitInWords(59)).toBe('59 seconds');
    expect(waitInWords(59.5)).toBe('1 minute');
    expect(waitInWords(60)).toBe('1 minute');
    expect(waitInWords(61)).toBe('2 minutes');
    expect(waitInWords(900)).toBe('15 minutes');
  });

  it('puts the same wait in the detail and in Retry-After', () => {
    const refusal = tooManyRequests('Too many sign-in attempts.', 90, 'too_many_attempts');
    expect(refusal.message).toBe('Too many sign-in attempts. Try again in 2 minutes.');
    expect(refusal.headers).toEqual({ 'retry-after': '90' });
    expect(refusal.code).toBe('too_many_attempts');
  });
});
