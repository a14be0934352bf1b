import compress from '@fastify/compress';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { type ApiOptions, apiPlugin } from './api-plugin.ts';
import type { TrustProxySetting } from './config/server-config.ts';
import { registerApiNotFoundHandler } from './http/error-handler.ts';
import { type ListenerKind, registerSecurityHeaders } from './http/security-headers.ts';
import { createServerLifecycle } from './modules/health/server-lifecycle.ts';
import { createAppMetrics, registerRequestMetrics } from './modules/metrics/app-metrics.ts';
import { answerFrameworkErrors, registerStaticSite } from './modules/static-sites/static-site.ts';

export interface BuildAppOptions extends ApiOptions {
  logger?: FastifyServerOptions['logger'];
  /** Folder of a built single-page app to serve next to the API. */
  staticRoot?: string;
  /** Which front-end staticRoot holds (decides its security headers); default back office. */
  site?: Exclude<ListenerKind, 'api'>;
  /** CSP frame-ancestors of the payment form (ServerConfig.paymentFormFrameAncestors). */
  paymentFormFrameAncestors?: string[];
  /** Proxies whose X-Forwarded-* headers are believed (ServerConfig.trustProxy). */
  trustProxy?: TrustProxySetting;
}

/** Responses smaller than this go out as they are: compressing them gains nothing. */
const COMPRESSION_THRESHOLD_BYTES = 1_024;

/** One HTTP listener: the API, and optionally a built front-end on the same origin. */
export const buildApp = async ({
  logger = false,
  staticRoot,
  site = 'backoffice',
  paymentFormFrameAncestors,
  trustProxy = false,
  ...api
}: BuildAppOptions): Promise<FastifyInstance> => {
  const app: FastifyInstance = Fastify({
    logger,
    // Request ids in every log line; a caller's x-request-id is kept for tracing across hops.
    requestIdHeader: 'x-request-id',
    genReqId: () => crypto.randomUUID(),
    bodyLimit: 1_048_576,
    // A hop count as Express reads it: the socket peer and the next hops are trusted. Fastify 5
    // refuses a bare number because it cannot check the peer; like `true`, it is only safe when
    // the server is reachable through the proxies alone (docker/compose.yaml publishes no
    // server port; decision 0013).
    trustProxy:
      typeof trustProxy === 'number'
        ? (_address: string, hop: number) => hop < trustProxy
        : trustProxy,
    // A path the router cannot decode: the site's own page, or the API's {message} (static-site.ts).
    ...(staticRoot ? { frameworkErrors: answerFrameworkErrors(() => app) } : {}),
  });
  const metrics = api.metrics ?? createAppMetrics(api.db);
  registerRequestMetrics(app, metrics);
  const lifecycle = api.lifecycle ?? createServerLifecycle();
  // While draining, answers close their connection: close() then is not kept waiting by
  // keep-alive sockets of requests that were in flight.
  // Callback-style hooks here and below: every request passes them, and an async hook costs a
  // promise and a microtask each time (issue 10: the polling route's throughput).
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (lifecycle.draining) reply.header('connection', 'close');
    done(null, payload);
  });
  registerSecurityHeaders(app, {
    kind: staticRoot ? site : 'api',
    paymentFormFrameAncestors,
  });
  // JSON, CSV (streamed) and static files alike; brotli at the plugin's moderate quality 4.
  await app.register(compress, { global: true, threshold: COMPRESSION_THRESHOLD_BYTES });
  await app.register(apiPlugin, { ...api, metrics, lifecycle });
  if (staticRoot) await registerStaticSite(app, staticRoot);
  else registerApiNotFoundHandler(app);
  return app;
};
