import type { FastifyError, FastifyInstance } from 'fastify';
import { isDatabaseUnavailableError } from '../db/database.ts';
import { ServiceError, type ServiceErrorKind } from '../service-errors.ts';
import { HttpError } from './http-errors.ts';

const SERVICE_ERROR_STATUS: Record<ServiceErrorKind, number> = {
  invalid: 400,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  gone: 410,
};

/** Body of every error answer: a message a person can read. */
export const errorResponseSchema = {
  type: 'object',
  required: ['message'],
  properties: { message: { type: 'string' } },
} as const;

const INTERNAL_ERROR_MESSAGE = 'Internal server error';
export const SERVICE_UNAVAILABLE_MESSAGE = 'Service temporarily unavailable';
/** Seconds a client is told to wait before retrying while the database is unreachable. */
const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/**
 * Central error handling: 4xx answers carry {message}; 5xx answers hide internals behind a
 * fixed message while the log keeps the error and the request id.
 */
export const registerErrorHandler = (app: FastifyInstance): void => {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).headers(error.headers).send({ message: error.message });
    }
    if (error instanceof ServiceError) {
      return reply.code(SERVICE_ERROR_STATUS[error.kind]).send({ message: error.message });
    }
    if ('validation' in error && error.validation) {
      return reply.code(400).send({ message: error.message });
    }
    const statusCode = 'statusCode' in error ? (error.statusCode ?? 500) : 500;
    if (statusCode >= 400 && statusCode < 500) {
      return reply.code(statusCode).send({ message: error.message });
    }
    if (isDatabaseUnavailableError(error)) {
      // An outage, not a bug: the client may retry; the pool reconnects once the database is back.
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .code(503)
        .header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS))
        .send({ message: SERVICE_UNAVAILABLE_MESSAGE });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ message: INTERNAL_ERROR_MESSAGE });
  });
};

/** JSON 404 for API paths that do not exist. */
export const registerApiNotFoundHandler = (app: FastifyInstance): void => {
  app.setNotFoundHandler((request, reply) =>
    reply.code(404).send({ message: `Route ${request.method} ${request.url} not found` }),
  );
};
