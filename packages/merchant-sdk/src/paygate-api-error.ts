import type { Problem, ProblemCode, ProblemFieldError } from './merchant-api-types.ts';

/** Where the server puts a request's id besides the problem body (decision 0020). */
const REQUEST_ID_HEADER = 'request-id';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const stringOf = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;

/**
 * A non-2xx answer of the merchant API. The server answers every error as an RFC 9457 problem
 * (`application/problem+json`): branch on `code`, show or log `detail`, and quote `requestId`
 * when you contact support. A validation failure (`validation_failed`) lists every failing
 * field in `errors`.
 */
export class PaygateApiError extends Error {
  override readonly name = 'PaygateApiError';
  /** The HTTP status. */
  readonly status: number;
  /** The stable machine-readable code; undefined when the answer was not a problem body. */
  readonly code: ProblemCode | undefined;
  /** What went wrong, for a person to read. */
  readonly detail: string;
  /** Every failing field of a validation failure; empty otherwise. */
  readonly errors: readonly ProblemFieldError[];
  /** The request's id (the body's requestId, else the Request-Id header). */
  readonly requestId: string | undefined;
  /** Retry-After in seconds, when the answer had one (429, 503). */
  readonly retryAfterSeconds: number | undefined;
  /** The problem body as received, when it was JSON. */
  readonly problem: Partial<Problem> | undefined;

  constructor(init: {
    status: number;
    code?: ProblemCode | undefined;
    detail: string;
    errors?: readonly ProblemFieldError[] | undefined;
    requestId?: string | undefined;
    retryAfterSeconds?: number | undefined;
    problem?: Partial<Problem> | undefined;
  }) {
    const code = init.code ? ` ${init.code}` : '';
    const requestId = init.requestId ? ` (request ${init.requestId})` : '';
    super(`Paygate API ${init.status}${code}: ${init.detail}${requestId}`);
    this.status = init.status;
    this.code = init.code;
    this.detail = init.detail;
    this.errors = init.errors ?? [];
    this.requestId = init.requestId;
    this.retryAfterSeconds = init.retryAfterSeconds;
    this.problem = init.problem;
  }

  /** The error of a non-2xx response (reads its body). */
  static async fromResponse(response: Response): Promise<PaygateApiError> {
    const text = await response.text().catch(() => '');
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = undefined;
    }
    const problem = isRecord(body) ? (body as Partial<Problem>) : undefined;
    const retryAfter = Number(response.headers.get('retry-after') ?? Number.NaN);
    return new PaygateApiError({
      status: response.status,
      code: stringOf(problem?.code) as ProblemCode | undefined,
      detail:
        stringOf(problem?.detail) ??
        stringOf(problem?.title) ??
        (text.trim().slice(0, 200) || response.statusText || `HTTP ${response.status}`),
      errors: Array.isArray(problem?.errors) ? problem.errors : [],
      requestId: stringOf(problem?.requestId) ?? stringOf(response.headers.get(REQUEST_ID_HEADER)),
      retryAfterSeconds: Number.isFinite(retryAfter) && retryAfter >= 0 ? retryAfter : undefined,
      problem,
    });
  }
}
