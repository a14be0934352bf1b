import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { routeNotFoundMessage } from '../../http/error-handler.ts';
import { API_PATH_PREFIX, refusalOf } from '../../http/framework-errors.ts';
import { sendProblem } from '../../http/problem-details.ts';

const HASHED_ASSET_PREFIX = '/assets/';
const ONE_YEAR_SECONDS = 31_536_000;

/**
 * Serves a built Vite single-page app: hashed assets cached for a year, index.html never
 * cached, and client-side routes (e.g. /invoices/42, /payment/abc) answered with index.html.
 * Unknown /api paths and missing assets stay real 404s so a stale chunk fails loudly.
 */
export const registerStaticSite = async (app: FastifyInstance, root: string): Promise<void> => {
  const absoluteRoot = path.resolve(root);
  if (!existsSync(path.join(absoluteRoot, 'index.html'))) {
    throw new Error(`No index.html in ${absoluteRoot}: build the app first`);
  }

  await app.register(fastifyStatic, {
    root: absoluteRoot,
    wildcard: false,
    index: false,
    cacheControl: false,
    setHeaders: (res, filePath) => {
      const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header(
        'cache-control',
        isHashedAsset ? `public, max-age=${ONE_YEAR_SECONDS}, immutable` : 'no-cache',
      );
    },
  });

  app.setNotFoundHandler((request, reply) => {
    // A path the router refused (http/framework-errors.ts) gets its problem.
    const refused = refusalOf(request);
    if (refused) return sendProblem(request, reply, refused);
    const isPageRequest =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !request.url.startsWith(API_PATH_PREFIX) &&
      !request.url.startsWith(HASHED_ASSET_PREFIX);
    if (!isPageRequest) {
      return sendProblem(request, reply, {
        status: 404,
        detail: routeNotFoundMessage(request),
        code: 'route_not_found',
      });
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
};
