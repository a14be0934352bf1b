import type { FastifyInstance, onResponseHookHandler } from 'fastify';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../../db/database.ts';
import { INVOICE_STATUSES } from '../../db/schema.ts';
import { appendRouteHook } from '../../http/route-hooks.ts';
import {
  type CallbackQueue,
  type CountedMetric,
  readCallbackQueue,
  readMetricCounts,
} from './metrics-repository.ts';

/**
 * Prometheus metrics of one server process. Each app gets its own registry (tests build many
 * apps; the global default registry would collide); main.ts shares one between its listeners.
 */
export interface AppMetrics {
  registry: Registry;
  requestDuration: Histogram<'method' | 'route' | 'status_code'>;
  /** Prometheus text of the process metrics and this registry. */
  render: () => Promise<string>;
  contentType: string;
}

/** Request latency buckets in seconds: API calls are expected well under a second. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Database figures are read at most once per this long, however many gauges ask. */
const SNAPSHOT_MAX_AGE_MS = 1_000;

interface CallbackFigures extends CallbackQueue {
  sent: number;
  failed: number;
  failedAttempts: number;
}

interface DatabaseSnapshot {
  up: boolean;
  invoicesByStatus: Map<string, number>;
  callbacks: CallbackFigures | null;
}

const readSnapshot = async (db: Database): Promise<DatabaseSnapshot> => {
  try {
    const counts = await readMetricCounts(db);
    const queue = await readCallbackQueue(db);
    const count = (metric: CountedMetric, label: string) => counts.get(metric)?.get(label) ?? 0;
    const allAttempts = [...(counts.get('callback_attempts')?.values() ?? [])].reduce(
      (sum, attempts) => sum + attempts,
      0,
    );
    const sent = count('callbacks', 'SENT');
    return {
      up: true,
      invoicesByStatus: counts.get('invoices') ?? new Map(),
      callbacks: queue
        ? {
            ...queue,
            sent,
            failed: count('callbacks', 'FAILED'),
            // Every attempt but the successful last one of a SENT callback failed.
            failedAttempts: allAttempts - sent,
          }
        : null,
    };
  } catch {
    // A scrape during an outage still answers: database_up 0 tells the story.
    return { up: false, invoicesByStatus: new Map(), callbacks: null };
  }
};

/** Process metrics (CPU, memory, event loop, GC) exist once per process, not per app. */
let processRegistry: Registry | undefined;
const processMetrics = (): Registry => {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
};

export const createAppMetrics = (db: Database): AppMetrics => {
  const registry = new Registry();

  let snapshot: { at: number; value: Promise<DatabaseSnapshot> } | undefined;
  const currentSnapshot = () => {
    if (!snapshot || Date.now() - snapshot.at > SNAPSHOT_MAX_AGE_MS) {
      snapshot = { at: Date.now(), value: readSnapshot(db) };
    }
    return snapshot.value;
  };

  const requestDuration = new Histogram({
    name: 'paygate_http_request_duration_seconds',
    help: 'HTTP request duration by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });

  new Gauge({
    name: 'paygate_database_up',
    help: 'Whether the database answered the last scrape (1) or not (0)',
    registers: [registry],
    async collect() {
      this.set((await currentSnapshot()).up ? 1 : 0);
    },
  });

  new Gauge({
    name: 'paygate_invoices',
    help: 'Invoices by status',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      const { up, invoicesByStatus } = await currentSnapshot();
      this.reset();
      if (!up) return;
      // Every status is listed, zero included, so alerts can compare them.
      for (const status of INVOICE_STATUSES)
        this.set({ status }, invoicesByStatus.get(status) ?? 0);
    },
  });

  new Gauge({
    name: 'paygate_callback_queue',
    help: 'Merchant callbacks waiting: pending (all), due (to send now), in_delivery (claimed)',
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      const { callbacks } = await currentSnapshot();
      this.reset();
      if (!callbacks) return;
      this.set({ state: 'pending' }, callbacks.pending);
      this.set({ state: 'due' }, callbacks.due);
      this.set({ state: 'in_delivery' }, callbacks.inDelivery);
    },
  });

  new Gauge({
    name: 'paygate_callbacks',
    help: 'Merchant callbacks by final outcome: sent, or failed after every retry',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      const { callbacks } = await currentSnapshot();
      this.reset();
      if (!callbacks) return;
      this.set({ status: 'sent' }, callbacks.sent);
      this.set({ status: 'failed' }, callbacks.failed);
    },
  });

  new Gauge({
    name: 'paygate_callback_failed_attempts',
    help: 'Callback delivery attempts that did not get a 2xx, over all callbacks kept',
    registers: [registry],
    async collect() {
      const { callbacks } = await currentSnapshot();
      this.reset();
      if (callbacks) this.set(callbacks.failedAttempts);
    },
  });

  return {
    registry,
    requestDuration,
    contentType: registry.contentType,
    render: async () => `${await processMetrics().metrics()}\n${await registry.metrics()}`,
  };
};

type DurationChild = ReturnType<AppMetrics['requestDuration']['labels']>;

/** Label children of one route pattern, by method and status code, made on first use. */
const routeTimer = (metrics: AppMetrics, route: string) => {
  // prom-client hashes the label object on every observe of the histogram itself; a child does
  // not, and a small map per route is found without building a key from the route's pattern.
  const children = new Map<string, DurationChild>();
  return (method: string, statusCode: number, seconds: number) => {
    const key = `${method} ${statusCode}`;
    let child = children.get(key);
    if (!child) {
      child = metrics.requestDuration.labels(method, route, String(statusCode));
      children.set(key, child);
    }
    child.observe(seconds);
  };
};

/**
 * Times every request of a listener. The route label is the route pattern (/api/v1/invoice/:id),
 * never the raw URL, so ids cannot blow up the label set; unmatched requests share one label.
 *
 * Each route gets its own timer as it is registered (it must come before the routes): an
 * app-wide hook would read the pattern from `request.routeOptions`, which Fastify builds anew on
 * every read, on every request.
 */
export const registerRequestMetrics = (app: FastifyInstance, metrics: AppMetrics): void => {
  app.addHook('onRoute', (route) => {
    const observe = routeTimer(metrics, route.url);
    appendRouteHook(route, 'onResponse', ((request, reply, done) => {
      observe(request.method, reply.statusCode, reply.elapsedTime / 1000);
      done();
    }) satisfies onResponseHookHandler);
  });
  const unmatched = routeTimer(metrics, 'unmatched');
  app.addHook('onResponse', (request, reply, done) => {
    if (request.is404) unmatched(request.method, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
};
