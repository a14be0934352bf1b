import { existsSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const HASHED_ASSET_PREFIX = '/assets/';
const API_PREFIX = '/api/';
const ONE_YEAR_SECONDS = 31_536_000;

export const MALFORMED_URL_MESSAGE = 'Malformed URL';

/**
 * Requests the router refused (malformed percent-encoding, an over-long path parameter) and the
 * answer they get, as {message} (the API's error shape): see `answerFrameworkErrors`.
 */
const refusedRequests = new WeakMap<IncomingMessage, { statusCode: number; message: string }>();

/** Where a refused request is sent again: no route serves it, so the not-found handler answers. */
const REFUSED_REQUEST_URL = API_PREFIX;

/** Requests already sent through again: a second refusal is answered, never looped. */
const resentRequests = new WeakSet<IncomingMessage>();

/**
 * Fastify's `frameworkErrors` of a listener serving a single-page app (app.ts). The router
 * refuses a path it cannot decode (FST_ERR_BAD_URL, e.g. `/invoices/%E0%A4%A`) before any hook
 * runs, and Fastify would answer its own JSON body. Instead the request goes through the
 * listener again, so every hook (security headers, compression, metrics) runs as for any other:
 * - a page path, with each `%` escaped, lands in the SPA fallback: index.html, the app's own
 *   login or not-found screen;
 * - an /api path (and any other framework error) gets the API's JSON error {message}, 400 for
 *   the malformed URL.
 */
export const answerFrameworkErrors =
  (listener: () => FastifyInstance) =>
  (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    const raw = request.raw;
    const url = raw.url ?? '/';
    const resent = resentRequests.has(raw);
    resentRequests.add(raw);
    if (error.code === 'FST_ERR_BAD_URL' && !url.startsWith(API_PREFIX) && !resent) {
      raw.url = url.replaceAll('%', '%25');
    } else {
      refusedRequests.set(raw, {
        statusCode: error.code === 'FST_ERR_BAD_URL' ? 400 : (error.statusCode ?? 400),
        message: error.code === 'FST_ERR_BAD_URL' ? MALFORMED_URL_MESSAGE : error.message,
      });
      raw.url = REFUSED_REQUEST_URL;
    }
    listener().routing(raw, reply.raw);
  };

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
    const refused = refusedRequests.get(request.raw);
    if (refused) return reply.code(refused.statusCode).send({ message: refused.message });
    const isPageRequest =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !request.url.startsWith(API_PREFIX) &&
      !request.url.startsWith(HASHED_ASSET_PREFIX);
    if (!isPageRequest) {
      return reply.code(404).send({ message: `Route ${request.method} ${request.url} not found` });
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
};
