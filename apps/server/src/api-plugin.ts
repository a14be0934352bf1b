import type { FastifyPluginAsync } from 'fastify';
import { type AuthConfig, DEFAULT_PAYMENT_FORM_BASE_URL } from './config/server-config.ts';
import type { Database } from './db/database.ts';
import { registerErrorHandler } from './http/error-handler.ts';
import { registerNulCharacterGuard } from './http/nul-character-guard.ts';
import { registerOpenApi } from './http/openapi.ts';
import { type RateLimiting, registerRateLimits } from './http/rate-limits.ts';
import { registerRequestValidation } from './http/request-validation.ts';
import { auditLogRoutes } from './modules/audit/audit-log-routes.ts';
import { registerAccessControl } from './modules/auth/access-control.ts';
import { authRoutes } from './modules/auth/auth-routes.ts';
import { registerCrossSiteRequestGuard } from './modules/auth/cross-site-request-guard.ts';
import { sessionRoutes } from './modules/auth/session-routes.ts';
import { twoFactorRoutes } from './modules/auth/two-factor-routes.ts';
import { developerRoutes } from './modules/developers/developer-routes.ts';
import { healthRoutes } from './modules/health/health-routes.ts';
import { createServerLifecycle, type ServerLifecycle } from './modules/health/server-lifecycle.ts';
import { invoiceRoutes } from './modules/invoices/invoice-routes.ts';
import { LiveEventHub } from './modules/live/live-event-hub.ts';
import { liveEventRoutes } from './modules/live/live-event-routes.ts';
import { merchantApiRoutes } from './modules/merchant-api/merchant-api-routes.ts';
import { merchantRoutes } from './modules/merchants/merchant-routes.ts';
import type { AppMetrics } from './modules/metrics/app-metrics.ts';
import { type MetricsAccess, metricsRoutes } from './modules/metrics/metrics-routes.ts';
import { notificationRoutes } from './modules/notifications/notification-routes.ts';
import { paymentFormRoutes } from './modules/payment-form/payment-form-routes.ts';
import { accountRoutes } from './modules/people-accounts/people-account-routes.ts';
import { profileRoutes } from './modules/profile/profile-routes.ts';
import { providerApiRoutes } from './modules/provider-api/provider-api-routes.ts';
import { referenceRoutes } from './modules/references/reference-routes.ts';
import { reportRoutes } from './modules/reports/report-routes.ts';
import { roleRoutes } from './modules/roles/role-routes.ts';
import { settlementRoutes } from './modules/settlements/settlement-routes.ts';
import { terminalRoutes } from './modules/terminals/terminal-routes.ts';
import { userRoutes } from './modules/users/user-routes.ts';

export interface ApiOptions {
  db: Database;
  auth: AuthConfig;
  /** Base of the payment-form links the merchant API hands out (ServerConfig.paymentFormBaseUrl). */
  paymentFormBaseUrl?: string;
  /** Shared by a process's listeners; each app makes its own when not given. */
  metrics?: AppMetrics;
  /** Who may scrape GET /api/metrics; open without a token when not given (tests, development). */
  metricsAccess?: MetricsAccess;
  /** Draining state for readiness; main.ts shares one with the shutdown. */
  lifecycle?: ServerLifecycle;
  /**
   * Request limits and their counters, shared by a process's listeners (createRateLimiting);
   * nothing is limited when not given (tests about other things, decision 0017).
   */
  rateLimits?: RateLimiting;
  /** The live event stream's reader, shared by a process's listeners; one per app when not given. */
  liveEvents?: LiveEventHub;
  /** How long one live stream lasts before the browser reconnects (tests shorten it). */
  liveStreamLifetimeMs?: number;
  /** Live streams one person may hold open (LIVE_STREAMS_PER_PERSON). */
  liveStreamsPerPerson?: number;
  /** How often a quiet live stream says where it stands (tests shorten it). */
  liveStreamHeartbeatMs?: number;
  /**
   * Whether webhook endpoints and invoices' callbackUrl may be http:// (WEBHOOK_ALLOW_HTTP, off in
   * production). Refused when not given, as private callback addresses are: an app built
   * without the setting errs on the side of production (the test app allows them).
   */
  webhookAllowHttp?: boolean;
}

const OPEN_METRICS: MetricsAccess = { token: null, openWithoutToken: true };

/** Every API route. Registered on each listener so the front-ends call it same-origin. */
export const apiPlugin: FastifyPluginAsync<ApiOptions> = async (
  app,
  {
    db,
    auth,
    paymentFormBaseUrl = DEFAULT_PAYMENT_FORM_BASE_URL,
    metrics,
    metricsAccess = OPEN_METRICS,
    lifecycle = createServerLifecycle(),
    rateLimits,
    liveEvents = new LiveEventHub(db, {
      onError: (error) => app.log.error({ err: error }, 'reading live events failed'),
    }),
    liveStreamLifetimeMs,
    liveStreamsPerPerson,
    liveStreamHeartbeatMs,
    webhookAllowHttp = false,
  },
) => {
  const webhookUrlRule = { allowHttp: webhookAllowHttp };
  // Open streams would keep a closing listener waiting: they end first, and browsers reconnect
  // (to another instance, or to this one once it is back).
  app.addHook('preClose', (done) => {
    liveEvents.close();
    done();
  });
  registerErrorHandler(app);
  registerRequestValidation(app);
  registerNulCharacterGuard(app);
  registerCrossSiteRequestGuard(app);
  await registerOpenApi(app);
  await registerAccessControl(app, {
    db,
    jwtSecret: auth.jwtSecret,
    idleMinutes: auth.sessionIdleMinutes,
  });
  // Before the routes: it adds its hooks to the limited routes as they are registered.
  await registerRateLimits(app, rateLimits);

  await app.register(healthRoutes, { prefix: '/api', db, lifecycle });
  if (metrics) await metricsRoutes(app, { metrics, access: metricsAccess });
  await authRoutes(app, { db, auth });
  await sessionRoutes(app, { db, auth });
  await twoFactorRoutes(app, { db, auth });
  await userRoutes(app, { db });
  await roleRoutes(app, { db });
  await auditLogRoutes(app, { db });
  await developerRoutes(app, { db, webhookUrlRule });
  await profileRoutes(app, { db });
  await referenceRoutes(app, { db });
  await merchantRoutes(app, { db });
  await invoiceRoutes(app, { db });
  liveEventRoutes(app, liveEvents, {
    lifetimeMs: liveStreamLifetimeMs,
    streamsPerPerson: liveStreamsPerPerson,
    heartbeatMs: liveStreamHeartbeatMs,
  });
  notificationRoutes(app, db);
  await terminalRoutes(app, { db });
  settlementRoutes(app, db);
  await accountRoutes(app, { db });
  await reportRoutes(app, { db });
  // Signed by the merchant's key pair, not a session: outside the back-office prefixes.
  await merchantApiRoutes(app, { db, paymentFormBaseUrl, webhookUrlRule });
  await providerApiRoutes(app, { db });
  // Public: the hosted form proves itself per call with its form id and support code.
  await paymentFormRoutes(app, { db, verificationSecret: auth.jwtSecret });
};
