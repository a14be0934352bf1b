import type { FastifyPluginAsync } from 'fastify';
import { healthRoutes } from './modules/health/health-routes.ts';

/** Every API route, mounted under /api. Registered on each listener so front-ends call it same-origin. */
export const apiPlugin: FastifyPluginAsync = async (app) => {
  await app.register(healthRoutes, { prefix: '/api' });
};
