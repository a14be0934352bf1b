import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { HttpError, unauthorized } from '../../http/http-errors.ts';
import type { AppMetrics } from './app-metrics.ts';

export interface MetricsAccess {
  /** Bearer token a scrape must present (METRICS_TOKEN); null: none configured. */
  token: string | null;
  /** Without a token: open (development) or hidden behind a 404 (production). */
  openWithoutToken: boolean;
}

/** Compared as digests so the comparison takes the same time whatever the guess. */
const sameSecret = (given: string, expected: string): boolean =>
  timingSafeEqual(
    createHash('sha256').update(given).digest(),
    createHash('sha256').update(expected).digest(),
  );

const bearerTokenOf = (authorization: string | undefined): string | null => {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  return match?.[1] ?? null;
};

/**
 * GET /api/metrics in the Prometheus text format, for the operator's scraper, not for the
 * back office: outside the OpenAPI document and the session routes (decision 0013).
 */
export const metricsRoutes = async (
  app: FastifyInstance,
  { metrics, access }: { metrics: AppMetrics; access: MetricsAccess },
) => {
  app.get('/api/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (access.token === null) {
      // Unconfigured in production: answered as any unknown path is.
      if (!access.openWithoutToken) return reply.callNotFound();
    } else {
      const given = bearerTokenOf(request.headers.authorization);
      if (given === null || !sameSecret(given, access.token)) {
        throw new HttpError(401, unauthorized().message, { 'www-authenticate': 'Bearer' });
      }
    }
    return reply
      .header('content-type', metrics.contentType)
      .header('cache-control', 'no-store')
      .send(await metrics.render());
  });
};
