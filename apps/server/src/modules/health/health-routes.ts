import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/database.ts';
import { settleWithin } from './deadline.ts';
import type { ServerLifecycle } from './server-lifecycle.ts';

const healthResponse = {
  type: 'object',
  required: ['status'],
  properties: { status: { type: 'string', enum: ['ok'] } },
  additionalProperties: false,
} as const;

/** How long readiness waits for `select 1` before calling the database unreachable. */
const READINESS_DATABASE_TIMEOUT_MS = 2_000;

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
  app.get('/health', { schema: { response: { 200: healthResponse } } }, async () => ({
    status: 'ok' as const,
  }));

  // Infrastructure, not part of the client API: kept out of the OpenAPI document.
  app.get('/ready', { schema: { hide: true } }, async (_request, reply) => {
    if (lifecycle.draining) {
      return reply.code(503).send({ status: 'unavailable', reason: 'shutting down' });
    }
    const answered = db.execute(sql`select 1`).then(
      () => true,
      () => false,
    );
    if (!(await settleWithin(answered, READINESS_DATABASE_TIMEOUT_MS, false))) {
      return reply.code(503).send({ status: 'unavailable', reason: 'database unreachable' });
    }
    return { status: 'ready' };
  });
};
