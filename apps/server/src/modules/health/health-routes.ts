import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/database.ts';
import { sendProblem } from '../../http/problem-details.ts';
import { checkReadiness } from './health-service.ts';
import type { ServerLifecycle } from './server-lifecycle.ts';

const healthResponse = {
  type: 'object',
  required: ['status'],
  properties: { status: { type: 'string', enum: ['ok'] } },
  additionalProperties: false,
} as const;

export interface HealthRouteOptions {
  db: Database;
  lifecycle: ServerLifecycle;
}

/**
 * Liveness (/health): the process can serve requests; it does not ask the database, so an
 * outage never gets a healthy process restarted. Readiness (/ready): the database answers and
 * the process is not shutting down; while it says 503 a load balancer sends requests elsewhere.
 */
export const healthRoutes: FastifyPluginAsync<HealthRouteOptions> = async (
  app,
  { db, lifecycle },
) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        operationId: 'getHealth',
        summary: 'Liveness: the process serves requests (the database is not asked)',
        // Public: load balancers and uptime checks call it without credentials.
        security: [],
        response: { 200: healthResponse },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  // Infrastructure, not part of the client API: kept out of the OpenAPI document. Not ready is
  // a problem like every error answer, its reason the detail.
  app.get('/ready', { schema: { hide: true } }, async (request, reply) => {
    const readiness = await checkReadiness(db, lifecycle);
    if (!readiness.ready) {
      return sendProblem(request, reply, {
        status: 503,
        detail: readiness.reason,
        code: 'service_unavailable',
      });
    }
    return { status: 'ready' };
  });
};
