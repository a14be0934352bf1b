import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';

/**
 * The error of every endpoint: fetchBaseQuery's error plus the HTTP status text of the answer
 * (absent when there was no answer, e.g. a network failure). `data` holds the server's JSON
 * body, `{ message }` for every error the API answers.
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

/** The `message` of the server's error body, if it sent one. */
export const serverMessageOf = (error: unknown): string | undefined => {
  if (!isRecord(error) || !isRecord(error.data)) return undefined;
  const { message } = error.data;
  return typeof message === 'string' && message.trim() !== '' ? message : undefined;
};

/**
 * What to tell the user about a failed call: the server's message, else the HTTP status text,
 * else the error's own message (network failure, thrown error), else `fallback`.
 */
export const errorMessageOf = (error: unknown, fallback = 'Something went wrong'): string => {
  const fromServer = serverMessageOf(error);
  if (fromServer) return fromServer;
  const statusText = statusTextOf(error);
  if (statusText) return statusText;
  if (isRecord(error)) {
    if (typeof error.error === 'string' && error.error !== '') return error.error;
    if (typeof error.message === 'string' && error.message !== '') return error.message;
  }
  return fallback;
};
