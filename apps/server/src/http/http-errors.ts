import type { ProblemCode } from './problem-codes.ts';

/**
 * An error whose status and message are meant for the client (4xx, or 503): the error handler
 * answers it as a problem with the message as `detail` and `code` (default: the general code of
 * the status, problem-codes.ts).
 */
export class HttpError extends Error {
  override name = 'HttpError';
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
    readonly code?: ProblemCode,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, code?: ProblemCode) =>
  new HttpError(400, message, {}, code);
export const unauthorized = (message = 'Unauthorized', code?: ProblemCode) =>
  new HttpError(401, message, {}, code);
export const forbidden = (message = 'Forbidden', code?: ProblemCode) =>
  new HttpError(403, message, {}, code);
export const notFound = (message = 'Not found', code?: ProblemCode) =>
  new HttpError(404, message, {}, code);
export const conflict = (message: string, code?: ProblemCode) =>
  new HttpError(409, message, {}, code);
export const tooManyRequests = (
  message: string,
  retryAfterSeconds: number,
  code: ProblemCode = 'rate_limited',
) =>
  new HttpError(
    429,
    message,
    { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) },
    code,
  );
