import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/database.ts';
import type { ServerLifecycle } from './server-lifecycle.ts';

const healthResponse = {
  type: 'object',
  required: ['status'],
  properties: { status: { type: 'string', enum: ['ok'] } },
  additionalProperties: false,
} as const;

/** How long readiness waits for `select 1` before calling the database unreachable. */
export const READINESS_DATABASE_TIMEOUT_MS = 2_000;

export interface HealthRouteOptions {
  db: Database;
  lifecycle: ServerLifecycle;
}

const answersWithin = async (query: Promise<unknown>, timeoutMs: number): Promise<boolean> => {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([query.then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
};

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
    if (!(await answersWithin(db.execute(sql`select 1`), READINESS_DATABASE_TIMEOUT_MS))) {
      return reply.code(503).send({ status: 'unavailable', reason: 'database unreachable' });
    }
    return { status: 'ready' };
  });
};
