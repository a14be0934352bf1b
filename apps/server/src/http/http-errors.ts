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

/** How long a refused client waits, in whole seconds (at least one), as Retry-After sends it. */
const waitSeconds = (retryAfterSeconds: number) => Math.max(1, Math.ceil(retryAfterSeconds));

const counted = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;

/** The wait in words, for people: seconds under a minute, else minutes rounded up. */
export const waitInWords = (retryAfterSeconds: number): string => {
  const seconds = waitSeconds(retryAfterSeconds);
  return seconds < 60 ? counted(seconds, 'second') : counted(Math.ceil(seconds / 60), 'minute');
};

/**
 * A 429 with Retry-After, whose detail also says the wait in words ("… Try again in 2
 * minutes."): a person at a sign-in form learns when, not only that, and a client reads the
 * header. `message` is the reason, one sentence ending with a full stop.
 */
export const tooManyRequests = (
  message: string,
  retryAfterSeconds: number,
  code: ProblemCode = 'rate_limited',
) =>
  new HttpError(
    429,
    `${message} Try again in ${waitInWords(retryAfterSeconds)}.`,
    { 'retry-after': String(waitSeconds(retryAfterSeconds)) },
    code,
  );
