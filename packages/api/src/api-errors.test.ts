import { describe, expect, it } from 'vitest';
import {
  errorMessageOf,
  fieldErrorsOf,
  problemCodeOf,
  problemOf,
  requestIdOf,
  serverMessageOf,
} from './api-errors.ts';
import { problem } from './testing/api-test-store.ts';

const validation = problem(400, "body must have required property 'username'", {
  code: 'validation_failed',
  requestId: 'req-1',
  errors: [
    { location: 'body', field: '/username', message: 'is required' },
    { location: 'body', field: '/password', message: 'is required' },
  ],
});

describe('problem answers', () => {
  it('reads the problem of an endpoint error: detail, code, request id and field errors', () => {
    const error = { status: 400, data: validation };
    expect(problemOf(error)).toEqual(validation);
    expect(serverMessageOf(error)).toBe("body must have required property 'username'");
    expect(errorMessageOf(error)).toBe("body must have required property 'username'");
    expect(problemCodeOf(error)).toBe('validation_failed');
    expect(requestIdOf(error)).toBe('req-1');
    expect(fieldErrorsOf(error).map(({ field }) => field)).toEqual(['/username', '/password']);
  });

  it('finds no problem where there is none, and falls back to the status text', () => {
    for (const error of [
      undefined,
      { status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' },
      { status: 502, statusText: 'Bad Gateway', data: '<html>bad gateway</html>' },
      { status: 500, statusText: 'Internal Server Error', data: { message: 'old shape' } },
    ]) {
      expect(problemOf(error)).toBeUndefined();
      expect(problemCodeOf(error)).toBeUndefined();
      expect(requestIdOf(error)).toBeUndefined();
      expect(fieldErrorsOf(error)).toEqual([]);
    }
    // `message` is no longer read: the server answers `detail`.
    expect(
      errorMessageOf({ status: 500, statusText: 'Internal Server Error', data: { message: 'x' } }),
    ).toBe('Internal Server Error');
    expect(errorMessageOf({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' })).toBe(
      'TypeError: Failed to fetch',
    );
  });

  it('lists no field errors for a problem that has none', () => {
    const notFound = {
      status: 404,
      data: problem(404, 'Invoice not found', { code: 'not_found' }),
    };
    expect(fieldErrorsOf(notFound)).toEqual([]);
    expect(problemCodeOf(notFound)).toBe('not_found');
  });
});
