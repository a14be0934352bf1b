import type { FastifyError, FastifyInstance } from 'fastify';
import { HttpError } from './http-errors.ts';

/** Body of every error answer: a message a person can read. */
export const errorResponseSchema = {
  type: 'object',
  required: ['message'],
  properties: { message: { type: 'string' } },
} as const;

const INTERNAL_ERROR_MESSAGE = 'Internal server error';

/**
 * Central error handling: 4xx answers carry {message}; 5xx answers hide internals behind a
 * fixed message while the log keeps the error and the request id.
 */
export const registerErrorHandler = (app: FastifyInstance): void => {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).headers(error.headers).send({ message: error.message });
    }
    if ('validation' in error && error.validation) {
      return reply.code(400).send({ message: error.message });
    }
    const statusCode = 'statusCode' in error ? (error.statusCode ?? 500) : 500;
    if (statusCode >= 400 && statusCode < 500) {
      return reply.code(statusCode).send({ message: error.message });
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
