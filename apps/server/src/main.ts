import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { readServerConfig } from './config/server-config.ts';
import { type DatabaseHandle, openDatabase } from './db/database.ts';
import { resealSecretsAtRest, resealWarnings } from './db/reseal-secrets-at-rest.ts';
import { configureSecretsAtRest } from './db/secrets-at-rest.ts';
import { describeError } from './diagnostics/error-text.ts';
import { createRateLimiting } from './http/rate-limits.ts';
import { alertEvaluationJob } from './modules/alerts/alert-evaluation-job.ts';
import { loginAttemptPurgeJob } from './modules/auth/login-throttle.ts';
import { callbackDeliveryJob } from './modules/callbacks/callback-delivery-job.ts';
import {
  createServerLifecycle,
  type ShutdownOutcome,
  shutDownGracefully,
} from './modules/health/server-lifecycle.ts';
import { idempotencyKeyPurgeJob } from './modules/idempotency/idempotency-entry.ts';
import { invoiceExpiryJob } from './modules/invoices/invoice-expiry-job.ts';
import { sandboxProviderJob } from './modules/invoices/sandbox-provider-job.ts';
import { type RunningJobs, startBackgroundJobs } from './modules/jobs/background-jobs.ts';
import { LiveEventHub } from './modules/live/live-event-hub.ts';
import { liveEventPruneJob } from './modules/live/live-event-prune-job.ts';
import { createAppMetrics } from './modules/metrics/app-metrics.ts';
import { metricCountFoldJob } from './modules/metrics/metric-count-fold-job.ts';
import { issueProviderSigningSecret } from './modules/provider-api/provider-keys.ts';
import { createAdministrator } from './modules/users/administrator-account-service.ts';
import { DEMO_USERS, demoPassword, seedDemoData } from './seed/demo-data-seed.ts';
import { seedReferenceData } from './seed/reference-data-seed.ts';
import { seedRoles } from './seed/roles-seed.ts';
import { formatStartBanner } from './start-banner.ts';

const logger = { level: process.env.LOG_LEVEL ?? 'info' };
const listeners: FastifyInstance[] = [];
let database: DatabaseHandle | undefined;
let jobs: RunningJobs | undefined;
const lifecycle = createServerLifecycle();
/** SHUTDOWN_TIMEOUT_SECONDS and SHUTDOWN_DRAIN_SECONDS once the configuration is read. */
let shutdownTimeoutMs = 25_000;
let shutdownDrainMs = 0;

const start = async () => {
  const config = readServerConfig();
  configureSecretsAtRest(config.auth.jwtSecret, config.auth.previousJwtSecret);
  shutdownTimeoutMs = config.shutdownTimeoutSeconds * 1000;
  shutdownDrainMs = config.shutdownDrainSeconds * 1000;

  // Migrations run before any listener opens, so no request ever sees an old schema. A database
  // still starting (compose, failover) gets DATABASE_CONNECT_TIMEOUT_SECONDS to answer.
  database = await openDatabase(
    config.database.kind === 'postgres'
      ? { ...config.database, connectRetryMs: config.databaseConnectTimeoutSeconds * 1000 }
      : config.database,
  );
  for (const warning of resealWarnings(await resealSecretsAtRest(database.db))) {
    process.stderr.write(`Warning: ${warning}\n`);
  }
  await seedRoles(database.db, { adminRequiresTwoFactor: config.auth.adminsRequireTwoFactor });
  await seedReferenceData(database.db);
  if (config.seed === 'demo' && (await seedDemoData(database.db))) {
    process.stdout.write('Demo data created.\n');
  }
  const api = {
    db: database.db,
    auth: config.auth,
    paymentFormBaseUrl: config.paymentFormBaseUrl,
    // One registry for every listener of this process, so a scrape of any sees all requests.
    metrics: createAppMetrics(database.db),
    metricsAccess: { token: config.metricsToken, openWithoutToken: !config.production },
    lifecycle,
    // One set of counters for every listener of this process: the limits are per instance.
    rateLimits: createRateLimiting(config.rateLimits),
    trustProxy: config.trustProxy,
    paymentFormFrameAncestors: config.paymentFormFrameAncestors,
    liveStreamsPerPerson: config.liveStreamsPerPerson,
    // Webhook endpoints and callbackUrl: https only in production (decision 0021).
    webhookAllowHttp: config.webhookAllowHttp,
    // One reader of live events for every listener: one query per poll for the whole process.
    liveEvents: new LiveEventHub(database.db, {
      onError: (error) =>
        process.stderr.write(`reading live events failed: ${describeError(error)}\n`),
    }),
  };

  const apiServer = await buildApp({ logger, ...api });
  listeners.push(apiServer);
  const apiAddress = await apiServer.listen({ host: config.host, port: config.port });

  // Every instance runs the jobs: they claim work with SKIP LOCKED, so none is done twice.
  const db = database.db;
  jobs = startBackgroundJobs(
    [
      callbackDeliveryJob(db, { allowPrivateNetworks: config.callbackAllowPrivateNetworks }),
      invoiceExpiryJob(db),
      sandboxProviderJob(db, { delaySeconds: config.sandboxSettleSeconds }),
      idempotencyKeyPurgeJob(db),
      loginAttemptPurgeJob(db),
      liveEventPruneJob(db),
      metricCountFoldJob(db),
      alertEvaluationJob(db, config.alertCheckSeconds * 1000),
    ],
    { error: (details, message) => apiServer.log.error(details, message) },
  );

  const sites: Array<{ name: string; address: string }> = [];
  for (const site of config.staticSites) {
    const siteServer = await buildApp({ logger, staticRoot: site.root, site: site.name, ...api });
    listeners.push(siteServer);
    const address = await siteServer.listen({ host: config.host, port: site.port });
    sites.push({ name: site.name, address });
    siteServer.log.info({ site: site.name, address }, `${site.name} served at ${address}`);
  }

  if (process.env.PRINT_BANNER === '1') {
    process.stdout.write(
      formatStartBanner({
        apiAddress,
        sites,
        logins:
          config.seed === 'demo'
            ? DEMO_USERS.map(({ username, role }) => ({
                username,
                role,
                password: demoPassword(username),
              }))
            : [],
      }),
    );
  }
};

const stop = (): Promise<ShutdownOutcome> =>
  shutDownGracefully({
    lifecycle,
    listeners,
    jobs,
    database,
    timeoutMs: shutdownTimeoutMs,
    drainMs: shutdownDrainMs,
  });

let stopping = false;
const shutdown = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  const log = listeners[0]?.log;
  log?.info({ signal }, 'shutting down: finishing requests in flight, releasing claimed jobs');
  const outcome = await stop();
  if (outcome === 'timed-out') {
    log?.error({ timeoutMs: shutdownTimeoutMs }, 'shutdown timed out; exiting anyway');
    process.exit(1);
  }
  process.exit(0);
};
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

/**
 * `node dist/main.js provider-key CODE`: issues a provider a new signing secret for the provider
 * API and prints it once (docs/provider-api.md). The previous secret stops working at once.
 */
const issueProviderKey = async (providerCode: string | undefined) => {
  if (!providerCode) throw new Error('Usage: provider-key <provider code>');
  const config = readServerConfig();
  configureSecretsAtRest(config.auth.jwtSecret, config.auth.previousJwtSecret);
  database = await openDatabase(config.database);
  await seedReferenceData(database.db);
  const secret = await issueProviderSigningSecret(database.db, providerCode);
  process.stdout.write(
    `New signing secret of provider ${providerCode} (shown once; the previous one no longer works):\n${secret}\n`,
  );
  await database.close();
};

/**
 * `node dist/main.js create-admin USERNAME`: the first administrator of a production database
 * (which has no demo users), with a one-time set-password link printed once (docs/operations.md).
 */
const createFirstAdministrator = async (username: string | undefined) => {
  if (!username) throw new Error('Usage: create-admin <username>');
  const config = readServerConfig();
  database = await openDatabase(config.database);
  await seedRoles(database.db, { adminRequiresTwoFactor: config.auth.adminsRequireTwoFactor });
  const { link } = await createAdministrator(database.db, username);
  process.stdout.write(
    `Administrator ${username} created, without a password. To set it, open the back office's address followed by this path (it works once, until ${link.expiresAt}):\n${link.path}\n`,
  );
  await database.close();
};

const [command, ...commandArguments] = process.argv.slice(2);
try {
  if (command === 'provider-key') await issueProviderKey(commandArguments[0]);
  else if (command === 'create-admin') await createFirstAdministrator(commandArguments[0]);
  else if (command !== undefined) throw new Error(`Unknown command ${command}`);
  else await start();
} catch (error) {
  process.stderr.write(`${command ?? 'Server'} failed: ${describeError(error)}\n`);
  await stop();
  process.exit(1);
}
