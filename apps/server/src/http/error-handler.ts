import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isConcurrentChangeError, isDatabaseUnavailableError } from '../db/database.ts';
import { ServiceError, type ServiceErrorKind } from '../service-errors.ts';
import { HttpError } from './http-errors.ts';
import type { ProblemCode } from './problem-codes.ts';
import {
  type FieldError,
  PROBLEM_SCHEMA_ID,
  problemSchema,
  sendProblem,
} from './problem-details.ts';
import { fieldErrorsOf } from './request-validation.ts';

export { errorResponseSchema } from './problem-details.ts';

const SERVICE_ERROR_STATUS: Record<ServiceErrorKind, number> = {
  invalid: 400,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  gone: 410,
};

const INTERNAL_ERROR_MESSAGE = 'Internal server error';
export const CONCURRENT_CHANGE_MESSAGE =
  'Someone changed this at the same moment. Reload and try again.';
export const SERVICE_UNAVAILABLE_MESSAGE = 'Service temporarily unavailable';
/** Seconds a client is told to wait before retrying while the database is unreachable. */
const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/** Codes of Fastify's own refusals (its error codes), where the status alone says less. */
const FRAMEWORK_CODES: Readonly<Record<string, ProblemCode>> = {
  FST_ERR_VALIDATION: 'validation_failed',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'malformed_json',
  FST_ERR_CTP_INVALID_JSON_BODY: 'malformed_json',
  FST_ERR_CTP_BODY_TOO_LARGE: 'payload_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_BAD_URL: 'malformed_url',
  FST_ERR_MAX_PARAM_LENGTH: 'uri_too_long',
};

/** Registers the problem schema on an app once (its encapsulations inherit it). */
const registerProblemSchema = (app: FastifyInstance): void => {
  if (!app.getSchema(PROBLEM_SCHEMA_ID)) app.addSchema(problemSchema);
};

const answer = (
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  detail: string,
  code?: ProblemCode,
  errors?: FieldError[],
) =>
  sendProblem(request, reply, {
    status,
    detail,
    code,
    errors,
  });

/**
 * Central error handling (decision 0020): every error is answered as a problem
 * (application/problem+json). 4xx answers carry the error's message as `detail`; 5xx answers hide
 * internals behind a fixed text while the log keeps the error under the request id.
 */
export const registerErrorHandler = (app: FastifyInstance): void => {
  registerProblemSchema(app);
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      reply.headers(error.headers);
      return answer(request, reply, error.statusCode, error.message, error.code);
    }
    if (error instanceof ServiceError) {
      return answer(request, reply, SERVICE_ERROR_STATUS[error.kind], error.message, error.code);
    }
    if ('validation' in error && error.validation) {
      return answer(request, reply, 400, error.message, 'validation_failed', fieldErrorsOf(error));
    }
    const statusCode = 'statusCode' in error ? (error.statusCode ?? 500) : 500;
    if (statusCode >= 400 && statusCode < 500) {
      const code = 'code' in error ? FRAMEWORK_CODES[error.code] : undefined;
      return answer(request, reply, statusCode, error.message, code);
    }
    if (isDatabaseUnavailableError(error)) {
      // An outage, not a bug: the client may retry; the pool reconnects once the database is back.
      request.log.warn({ err: error }, 'database unavailable');
      reply.header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
      return answer(request, reply, 503, SERVICE_UNAVAILABLE_MESSAGE, 'service_unavailable');
    }
    if (isConcurrentChangeError(error)) {
      // Another request changed the same thing at the same moment: the checks before the write
      // passed for both. Told so; the next try sees the other change (and gets its real answer).
      request.log.warn({ err: error }, 'concurrent change');
      return answer(request, reply, 409, CONCURRENT_CHANGE_MESSAGE, 'concurrent_change');
    }
    request.log.error({ err: error }, 'request failed');
    return answer(request, reply, 500, INTERNAL_ERROR_MESSAGE, 'internal_error');
  });
};

/** The detail of a 404 for a path no route serves. */
export const routeNotFoundMessage = (request: FastifyRequest): string =>
  `Route ${request.method} ${request.url} not found`;

/** Problem 404 for API paths that do not exist (a request the router refused: its problem). */
export const registerApiNotFoundHandler = (
  app: FastifyInstance,
  refusal: (
    request: FastifyRequest,
  ) => { status: number; detail: string; code: ProblemCode } | undefined,
): void => {
  app.setNotFoundHandler((request, reply) => {
    const refused = refusal(request);
    if (refused) return sendProblem(request, reply, refused);
    return sendProblem(request, reply, {
      status: 404,
      detail: routeNotFoundMessage(request),
      code: 'route_not_found',
    });
  });
};
