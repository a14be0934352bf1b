import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { type ApiOptions, apiPlugin } from './api-plugin.ts';
import { registerApiNotFoundHandler } from './http/error-handler.ts';
import { registerStaticSite } from './modules/static-sites/static-site.ts';

export interface BuildAppOptions extends ApiOptions {
  logger?: FastifyServerOptions['logger'];
  /** Folder of a built single-page app to serve next to the API. */
  staticRoot?: string;
}

/** One HTTP listener: the API, and optionally a built front-end on the same origin. */
export const buildApp = async ({
  logger = false,
  staticRoot,
  ...api
}: BuildAppOptions): Promise<FastifyInstance> => {
  const app = Fastify({
    logger,
    // Request ids in every log line; a caller's x-request-id is kept for tracing across hops.
    requestIdHeader: 'x-request-id',
    genReqId: () => crypto.randomUUID(),
    bodyLimit: 1_048_576,
  });
  await app.register(apiPlugin, api);
  if (staticRoot) await registerStaticSite(app, staticRoot);
  else registerApiNotFoundHandler(app);
  return app;
};
