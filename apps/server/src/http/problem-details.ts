import { STATUS_CODES } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  defaultProblemCode,
  PROBLEM_CODE_LIST,
  PROBLEM_CODES,
  type ProblemCode,
} from './problem-codes.ts';

/**
 * The body of every error answer, on every API (decision 0020): RFC 9457 problem details,
 * `Content-Type: application/problem+json`.
 *
 * - `type` is always `about:blank`: the problem means no more than its status, refined by `code`;
 * - `title` the status's reason phrase, `status` the status;
 * - `detail` the human text (the SPEC's messages, word for word);
 * - `code` the stable machine-readable name (problem-codes.ts);
 * - `requestId` the request's id, as in the Request-Id header and in the log lines;
 * - `errors` (validation only) every field that failed.
 */
export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

/** Where a field error was found. */
export type FieldLocation = 'body' | 'query' | 'params' | 'headers';

export interface FieldError {
  location: FieldLocation;
  /** JSON pointer into the part (`/amount`, `/attributes/0/value`); '' for the part itself. */
  field: string;
  message: string;
}

export interface ProblemDetails {
  type: 'about:blank';
  title: string;
  status: number;
  detail: string;
  code: ProblemCode;
  requestId: string;
  errors?: FieldError[];
}

/** At most this many field errors are listed (a hostile body could fail on every element). */
export const MAX_FIELD_ERRORS = 100;

/** `$id` of the shared schema; the OpenAPI document names it #/components/schemas/Problem. */
export const PROBLEM_SCHEMA_ID = 'Problem';

const CODE_LIST_TEXT = PROBLEM_CODE_LIST.map(
  (code) => `- \`${code}\`: ${PROBLEM_CODES[code]}`,
).join('\n');

/** The shared JSON schema of the problem body (registered once per app: error-handler.ts). */
export const problemSchema = {
  $id: PROBLEM_SCHEMA_ID,
  type: 'object',
  description:
    'RFC 9457 problem details: the body of every error answer (Content-Type: application/problem+json). ' +
    'Branch on `code`, show `detail`; quote `requestId` (also the Request-Id header) to support.',
  required: ['type', 'title', 'status', 'detail', 'code', 'requestId'],
  properties: {
    type: {
      type: 'string',
      enum: ['about:blank'],
      description: 'Always about:blank: the status and `code` say what the problem is.',
    },
    title: { type: 'string', description: 'The reason phrase of the status, e.g. Not Found.' },
    status: { type: 'integer', minimum: 400, maximum: 599, description: 'The HTTP status.' },
    detail: { type: 'string', description: 'What went wrong, for a person to read.' },
    code: {
      type: 'string',
      enum: PROBLEM_CODE_LIST,
      description: `Stable machine-readable code:\n${CODE_LIST_TEXT}`,
    },
    requestId: {
      type: 'string',
      description: 'The request’s id, also sent as the Request-Id header.',
    },
    errors: {
      type: 'array',
      description: `Validation failures (code validation_failed): every field error, at most ${MAX_FIELD_ERRORS}.`,
      items: {
        type: 'object',
        required: ['location', 'field', 'message'],
        properties: {
          location: { type: 'string', enum: ['body', 'query', 'params', 'headers'] },
          field: {
            type: 'string',
            description: 'JSON pointer into that part, e.g. /amount; empty for the part itself.',
          },
          message: { type: 'string' },
        },
        additionalProperties: false,
      },
    },
  },
  additionalProperties: false,
} as const;

/**
 * A route's error response: the shared problem schema as application/problem+json. Used as a
 * route's `response[status]` so the OpenAPI document and the serializer both know the shape.
 */
export const errorResponseSchema = {
  description: 'Problem details (RFC 9457)',
  content: { [PROBLEM_CONTENT_TYPE]: { schema: { $ref: `${PROBLEM_SCHEMA_ID}#` } } },
} as const;

/** The standard reason phrase of a status. */
export const reasonPhraseOf = (status: number): string => STATUS_CODES[status] ?? 'Error';

export interface ProblemInput {
  status: number;
  detail: string;
  /** Default: the general code of the status. */
  code?: ProblemCode | undefined;
  errors?: FieldError[] | undefined;
}

/** The problem body of an answer to `requestId`. */
export const problemBody = (
  requestId: string,
  { status, detail, code, errors }: ProblemInput,
): ProblemDetails => ({
  type: 'about:blank',
  title: reasonPhraseOf(status),
  status,
  detail,
  code: code ?? defaultProblemCode(status),
  requestId,
  ...(errors && errors.length > 0 ? { errors: errors.slice(0, MAX_FIELD_ERRORS) } : {}),
});

/** Answers the request with a problem (status, content type and body). */
export const sendProblem = (
  request: FastifyRequest,
  reply: FastifyReply,
  problem: ProblemInput,
): FastifyReply =>
  reply
    .code(problem.status)
    .type(PROBLEM_CONTENT_TYPE)
    .send(problemBody(String(request.id), problem));
