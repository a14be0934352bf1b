import { describe, expect, it } from 'vitest';
import { describeError } from './error-text.ts';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('describeError', () => {
  it('prefixes the code unless the message already holds it', () => {
    expect(describeError(withCode('Connection terminated', '57P01'))).toBe(
      '57P01 Connection terminated',
    );
    expect(describeError(withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'))).toBe(
      'connect ECONNREFUSED 127.0.0.1:5432',
    );
  });

  it('follows the cause, as undici reports network failures', () => {
    const failed = new TypeError('fetch failed', {
      cause: withCode('getaddrinfo ENOTFOUND shop.example', 'ENOTFOUND'),
    });
    expect(describeError(failed)).toBe('fetch failed: getaddrinfo ENOTFOUND shop.example');
  });

  it('describes an AggregateError by its first error, and anything else as text', () => {
    const aggregate = new AggregateError([
      withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED'),
    ]);
    expect(describeError(aggregate)).toBe('connect ECONNREFUSED ::1:5432');
    expect(describeError('plain')).toBe('plain');
    expect(describeError(new Error(''))).toBe('Error');
  });
});
