import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ProblemCode } from './problem-codes.ts';
import { PROBLEM_CONTENT_TYPE, problemBody, reasonPhraseOf } from './problem-details.ts';
import { keepRequestId, REQUEST_ID_HEADER } from './request-id.ts';

/** Where the API answers on every listener (pages and assets are everything else). */
export const API_PATH_PREFIX = '/api/';

export const MALFORMED_URL_MESSAGE = 'Malformed URL';

interface Refusal {
  status: number;
  detail: string;
  code: ProblemCode;
}

/**
 * Requests the router refused (malformed percent-encoding, an over-long path parameter) and the
 * problem they get: see `answerFrameworkErrors`.
 */
const refusedRequests = new WeakMap<IncomingMessage, Refusal>();

/** Where a refused request is sent again: no route serves it, so the not-found handler answers. */
const REFUSED_REQUEST_URL = API_PATH_PREFIX;

/** Requests already sent through again: a second refusal is answered, never looped. */
const resentRequests = new WeakSet<IncomingMessage>();

/** The problem of a request the router refused, for the listener's not-found handler. */
export const refusalOf = (request: FastifyRequest): Refusal | undefined =>
  refusedRequests.get(request.raw);

const refusalFor = (error: FastifyError): Refusal => {
  if (error.code === 'FST_ERR_BAD_URL') {
    return { status: 400, detail: MALFORMED_URL_MESSAGE, code: 'malformed_url' };
  }
  const status = error.statusCode ?? 400;
  const code: ProblemCode =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? 'uri_too_long'
      : status >= 500
        ? 'internal_error'
        : 'client_error';
  return { status, detail: error.message, code };
};

/**
 * Fastify's `frameworkErrors` of every listener (app.ts). The router refuses a path it cannot
 * decode (FST_ERR_BAD_URL, e.g. `/invoices/%E0%A4%A`) or an over-long path parameter before any
 * hook runs, and Fastify would answer a JSON body of its own, with no Request-Id and no security
 * headers. Instead the request goes through the listener again, with its id, so every hook
 * (Request-Id, security headers, compression, metrics) runs as for any other:
 * - on a listener serving a single-page app (`pages`), a page path with each `%` escaped lands in
 *   the SPA fallback: index.html, the app's own login or not-found screen;
 * - anything else lands in the not-found handler, which answers the refusal's problem (400
 *   malformed_url for the malformed URL).
 */
export const answerFrameworkErrors =
  (listener: () => FastifyInstance, { pages }: { pages: boolean }) =>
  (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    const raw = request.raw;
    const url = raw.url ?? '/';
    const resent = resentRequests.has(raw);
    resentRequests.add(raw);
    keepRequestId(raw, String(request.id));
    if (pages && error.code === 'FST_ERR_BAD_URL' && !url.startsWith(API_PATH_PREFIX) && !resent) {
      raw.url = url.replaceAll('%', '%25');
    } else {
      refusedRequests.set(raw, refusalFor(error));
      raw.url = REFUSED_REQUEST_URL;
    }
    listener().routing(raw, reply.raw);
  };

/** What Node's HTTP parser refused, and how it is answered. */
const clientErrorProblem = (error: { code?: string }) => {
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return { status: 408, detail: 'Client Timeout', code: 'request_timeout' } as const;
  }
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    return {
      status: 431,
      detail: 'Exceeded maximum allowed HTTP header size',
      code: 'request_header_fields_too_large',
    } as const;
  }
  return { status: 400, detail: 'Client Error', code: 'client_error' } as const;
};

/**
 * Fastify's `clientErrorHandler` (app.ts): a request Node's HTTP parser cannot read (broken
 * syntax, headers too large, too slow) never becomes a Fastify request, so no hook runs. Fastify
 * would write a JSON body of its own; this writes the problem instead, with a new request id in
 * the Request-Id header, the body and the log line, and the listener's security headers.
 */
export const answerClientErrors = (securityHeaders: Record<string, string>) =>
  function answerClientError(
    this: FastifyInstance,
    error: Error & { code?: string },
    socket: Duplex,
  ): void {
    // A reset connection is gone: there is nobody to answer.
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const problem = clientErrorProblem(error);
    const requestId = randomUUID();
    this.log.debug({ err: error, reqId: requestId }, 'client error');
    if (socket.writable) {
      const body = JSON.stringify(problemBody(requestId, problem));
      const headers = {
        ...securityHeaders,
        'content-type': `${PROBLEM_CONTENT_TYPE}; charset=utf-8`,
        'content-length': String(Buffer.byteLength(body)),
        [REQUEST_ID_HEADER]: requestId,
        connection: 'close',
      };
      const head = Object.entries(headers)
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join('');
      socket.write(
        `HTTP/1.1 ${problem.status} ${reasonPhraseOf(problem.status)}\r\n${head}\r\n${body}`,
      );
    }
    socket.destroy(error);
  };
