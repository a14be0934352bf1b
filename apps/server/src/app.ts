import compress from '@fastify/compress';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { type ApiOptions, apiPlugin } from './api-plugin.ts';
import type { TrustProxySetting } from './config/server-config.ts';
import { registerApiNotFoundHandler, registerErrorHandler } from './http/error-handler.ts';
import { answerClientErrors, answerFrameworkErrors, refusalOf } from './http/framework-errors.ts';
import { HttpError } from './http/http-errors.ts';
import { loggedRequest } from './http/logged-request.ts';
import { REQUEST_ID_HEADER, requestIdOf } from './http/request-id.ts';
import {
  type ListenerKind,
  registerSecurityHeaders,
  staticSecurityHeaders,
} from './http/security-headers.ts';
import { createServerLifecycle } from './modules/health/server-lifecycle.ts';
import { createAppMetrics, registerRequestMetrics } from './modules/metrics/app-metrics.ts';
import { registerStaticSite } from './modules/static-sites/static-site.ts';

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

/** Fastify's text for a request that arrives once the listener is closing. */
const CLOSING_MESSAGE = 'Service Unavailable';

/** One HTTP listener: the API, and optionally a built front-end on the same origin. */
export const buildApp = async ({
  logger = false,
  staticRoot,
  site = 'backoffice',
  paymentFormFrameAncestors,
  trustProxy = false,
  ...api
}: BuildAppOptions): Promise<FastifyInstance> => {
  const kind = staticRoot ? site : 'api';
  const app: FastifyInstance = Fastify({
    // Every request line goes through loggedRequest, which keeps secrets out of the URL.
    logger:
      logger && typeof logger === 'object'
        ? { ...logger, serializers: { ...logger.serializers, req: loggedRequest } }
        : logger,
    // Request ids in every log line, every answer's Request-Id header and every problem body; a
    // caller's X-Request-Id is kept for tracing across hops when it is a safe token (request-id.ts).
    requestIdHeader: false,
    genReqId: requestIdOf,
    bodyLimit: 1_048_576,
    // A hop count as Express reads it: the socket peer and the next hops are trusted. Fastify 5
    // refuses a bare number because it cannot check the peer; like `true`, it is only safe when
    // the server is reachable through the proxies alone (docker/compose.yaml publishes no
    // server port; decision 0013).
    trustProxy:
      typeof trustProxy === 'number'
        ? (_address: string, hop: number) => hop < trustProxy
        : trustProxy,
    // A path the router cannot decode: the site's own page, or a problem (framework-errors.ts).
    frameworkErrors: answerFrameworkErrors(() => app, { pages: staticRoot !== undefined }),
    // A request Node cannot parse: a problem, not Fastify's own JSON.
    clientErrorHandler: answerClientErrors(
      staticSecurityHeaders({ kind, paymentFormFrameAncestors }),
    ),
    // Requests arriving while the listener closes are refused below, as problems.
    return503OnClosing: false,
  });
  // Every error of the listener is a problem, those of the root's hooks and 404s included.
  registerErrorHandler(app);
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
  registerSecurityHeaders(app, { kind, paymentFormFrameAncestors });
  // Every answer carries the Request-Id, whatever refuses the request later: the first hook that
  // can refuse (the security headers' hook before it never does). Once the listener closes,
  // requests still arriving on open connections are refused here (Fastify's return503OnClosing,
  // but as a problem with the listener's headers).
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    if (!closing) {
      done();
      return;
    }
    reply.header('connection', 'close');
    done(new HttpError(503, CLOSING_MESSAGE, {}, 'service_unavailable'));
  });
  // JSON, CSV (streamed) and static files alike; brotli at the plugin's moderate quality 4.
  await app.register(compress, { global: true, threshold: COMPRESSION_THRESHOLD_BYTES });
  await app.register(apiPlugin, { ...api, metrics, lifecycle });
  if (staticRoot) await registerStaticSite(app, staticRoot);
  else registerApiNotFoundHandler(app, refusalOf);
  return app;
};
