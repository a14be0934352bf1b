import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { components } from './generated/openapi-types.ts';

/**
 * The body of every error answer of the server (decision 0020): RFC 9457 problem details,
 * `{ type, title, status, detail, code, requestId, errors? }`. `detail` is the text for people,
 * `code` the stable name to branch on, `requestId` what support looks the request up by.
 */
export type ProblemDetails = components['schemas']['Problem'];
/** Every code the server answers (apps/server/src/http/problem-codes.ts). */
export type ProblemCode = ProblemDetails['code'];
/** One failed field of a validation problem (code `validation_failed`). */
export type ProblemFieldError = NonNullable<ProblemDetails['errors']>[number];

/**
 * The error of every endpoint: fetchBaseQuery's error plus the HTTP status text of the answer
 * (absent when there was no answer, e.g. a network failure). `data` holds the server's body, a
 * problem (ProblemDetails) for every error the API answers: read it with problemOf.
 */
export type ApiError = FetchBaseQueryError & { statusText?: string };

const REASON_PHRASES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  410: 'Gone',
  413: 'Payload Too Large',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** The standard phrase of a status; HTTP/2 answers carry no status text of their own. */
export const reasonPhraseOf = (status: number): string =>
  REASON_PHRASES[status] ?? `HTTP ${status}`;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** The HTTP status of an endpoint error, also when its body could not be parsed. */
export const httpStatusOf = (error: unknown): number | undefined => {
  if (!isRecord(error)) return undefined;
  if (typeof error.status === 'number') return error.status;
  if (error.status === 'PARSING_ERROR' && typeof error.originalStatus === 'number') {
    return error.originalStatus;
  }
  return undefined;
};

/** The HTTP status text of an endpoint error (e.g. 'Unauthorized' for login's 401). */
export const statusTextOf = (error: unknown): string | undefined => {
  if (!isRecord(error)) return undefined;
  if (typeof error.statusText === 'string' && error.statusText !== '') return error.statusText;
  const status = httpStatusOf(error);
  return status === undefined ? undefined : reasonPhraseOf(status);
};

/** The `detail` of the server's problem, if it sent one: the text to show. */
export const serverMessageOf = (error: unknown): string | undefined => {
  if (!isRecord(error) || !isRecord(error.data)) return undefined;
  const { detail } = error.data;
  return typeof detail === 'string' && detail.trim() !== '' ? detail : undefined;
};

/**
 * The problem the server answered an endpoint error with (its code, field errors and request
 * id), or undefined when there is none: no answer, or a body that is not a problem (a proxy's
 * page).
 */
export const problemOf = (error: unknown): ProblemDetails | undefined => {
  if (!isRecord(error) || !isRecord(error.data)) return undefined;
  const { data } = error;
  return typeof data.detail === 'string' &&
    typeof data.code === 'string' &&
    typeof data.status === 'number'
    ? (data as ProblemDetails)
    : undefined;
};

/** The problem's stable code (e.g. `invalid_credentials`), to branch on. */
export const problemCodeOf = (error: unknown): ProblemCode | undefined => problemOf(error)?.code;

/** The request id of the answer, for support (also the answer's Request-Id header). */
export const requestIdOf = (error: unknown): string | undefined => {
  const requestId = problemOf(error)?.requestId;
  return typeof requestId === 'string' && requestId !== '' ? requestId : undefined;
};

/** The field errors of a validation problem; none otherwise. */
export const fieldErrorsOf = (error: unknown): ProblemFieldError[] => {
  const errors = problemOf(error)?.errors;
  return Array.isArray(errors) ? errors : [];
};

/** A call the server did not answer within REQUEST_TIMEOUT_MS (base-api.ts). */
export const REQUEST_TIMED_OUT_MESSAGE = 'The server did not answer in time. Try again.';

/**
 * What to tell the user about a failed call: the problem's detail, else the HTTP status text,
 * else the error's own message (network failure, thrown error), else `fallback`.
 */
export const errorMessageOf = (error: unknown, fallback = 'Something went wrong'): string => {
  const fromServer = serverMessageOf(error);
  if (fromServer) return fromServer;
  const statusText = statusTextOf(error);
  if (statusText) return statusText;
  if (isRecord(error) && error.status === 'TIMEOUT_ERROR') return REQUEST_TIMED_OUT_MESSAGE;
  if (isRecord(error)) {
    if (typeof error.error === 'string' && error.error !== '') return error.error;
    if (typeof error.message === 'string' && error.message !== '') return error.message;
  }
  return fallback;
};
