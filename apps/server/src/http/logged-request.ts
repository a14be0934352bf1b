import type { FastifyRequest } from 'fastify';

/**
 * One-time set-password links carry their secret in the path (`/password-reset/{token}`, the
 * back office's page and its API calls; decision 0019): whoever reads the logs must not be able
 * to set a user's password with it.
 */
const SECRET_IN_PATH = /(\/password-reset\/)[^/?#]+/g;

/**
 * A payment form's id is all that opens its form (`/payment/{formId}`, the form's page, and
 * `/api/payments/form/{formId}/…`, its API calls): whoever reads the logs must not be able to
 * finish a customer's payout with it. Its first 4 characters stay, enough for support
 * to tell forms apart in the logs and far too few to guess the rest.
 */
const FORM_ID_IN_PATH = /(\/(?:payment|api\/payments\/form)\/[^/?#]{0,4})[^/?#]*/g;

/** The URL as it may be logged: path secrets replaced. */
export const redactedUrl = (url: string): string =>
  url.replace(SECRET_IN_PATH, '$1[redacted]').replace(FORM_ID_IN_PATH, '$1[redacted]');

/** Fastify's request log fields (its default `req` serializer), with the URL redacted. */
export const loggedRequest = (request: FastifyRequest) => ({
  method: request.method,
  url: redactedUrl(request.url),
  host: request.host,
  remoteAddress: request.ip,
  remotePort: request.socket?.remotePort,
});
