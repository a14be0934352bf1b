import { STATUS_CODES } from 'node:http';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { ProblemCode } from '../http/problem-codes.ts';
import type { ProblemDetails } from '../http/problem-details.ts';

const PROBLEM_KEYS = ['type', 'title', 'status', 'detail', 'code', 'requestId', 'errors'];

/** What a response answered as a problem must hold (decision 0020). */
export interface ExpectedProblem {
  status: number;
  code?: ProblemCode;
  detail?: string | RegExp;
}

/**
 * Checks that `response` is a problem (application/problem+json, every field, nothing else,
 * the body's requestId equal to the Request-Id header) with this status, code and detail, and
 * returns its body.
 */
export const expectProblem = (
  response: Pick<LightMyRequestResponse, 'statusCode' | 'headers' | 'json' | 'body'>,
  { status, code, detail }: ExpectedProblem,
): ProblemDetails => {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.headers['content-type']).toBe('application/problem+json; charset=utf-8');
  const body = response.json<ProblemDetails>();
  expect(PROBLEM_KEYS).toEqual(expect.arrayContaining(Object.keys(body)));
  expect(body).toMatchObject({ type: 'about:blank', title: STATUS_CODES[status], status });
  expect(body.code).toMatch(/^[a-z]+(_[a-z]+)*$/);
  if (code) expect(body.code).toBe(code);
  if (typeof detail === 'string') expect(body.detail).toBe(detail);
  else if (detail) expect(body.detail).toMatch(detail);
  else expect(typeof body.detail).toBe('string');
  expect(body.requestId).toEqual(expect.any(String));
  expect(body.requestId).toBe(response.headers['request-id']);
  return body;
};
