import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/**
 * Request ids (decision 0020): every request has one, sent back as the `Request-Id` header of
 * every answer (API, pages, files, errors, 404s), carried by every log line of the request
 * (`reqId`) and by every problem body (`requestId`).
 *
 * A caller's `X-Request-Id` (a proxy's or another service's, for tracing across hops) is kept
 * when it is a plain token; anything else (spaces, quotes, control characters, over-long) could
 * forge or break log lines and headers, so such a request gets an id of its own.
 */
export const REQUEST_ID_HEADER = 'request-id';
export const INCOMING_REQUEST_ID_HEADER = 'x-request-id';
export const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Ids of requests routed a second time: one the router refused is routed again
 * (framework-errors.ts) and keeps its id (one id in the log and the answer).
 */
const keptIds = new WeakMap<IncomingMessage, string>();

/** Makes the next id given to `raw` be `id` (a request routed again). */
export const keepRequestId = (raw: IncomingMessage, id: string): void => {
  keptIds.set(raw, id);
};

/** Fastify's genReqId: the caller's safe X-Request-Id, else a new UUID. */
export const requestIdOf = (raw: IncomingMessage): string => {
  const kept = keptIds.get(raw);
  if (kept !== undefined) return kept;
  const incoming = raw.headers[INCOMING_REQUEST_ID_HEADER];
  return typeof incoming === 'string' && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
};
