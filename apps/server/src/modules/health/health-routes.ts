import type { FastifyPluginAsync } from 'fastify';

const healthResponse = {
  type: 'object',
  required: ['status'],
  properties: { status: { type: 'string', enum: ['ok'] } },
  additionalProperties: false,
} as const;

/** Liveness: answers while the process can serve requests. */
export const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get('/health', { schema: { response: { 200: healthResponse } } }, async () => ({
    status: 'ok' as const,
  }));
};
