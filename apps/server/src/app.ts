import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { apiPlugin } from './api-plugin.ts';
import { registerStaticSite } from './modules/static-sites/static-site.ts';

export interface BuildAppOptions {
  logger?: FastifyServerOptions['logger'];
  /** Folder of a built single-page app to serve next to the API. */
  staticRoot?: string;
}

/** One HTTP listener: the API, and optionally a built front-end on the same origin. */
export const buildApp = async ({
  logger = false,
  staticRoot,
}: BuildAppOptions = {}): Promise<FastifyInstance> => {
  const app = Fastify({ logger });
  await app.register(apiPlugin);
  if (staticRoot) await registerStaticSite(app, staticRoot);
  return app;
};
