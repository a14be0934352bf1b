#!/usr/bin/env node
/**
 * Issue 24 item 2: a back-office team working on one server, on each database.
 *
 * (a) Steady load, open loop (lib/open-loop.mjs): 20 invoice-list requests/s (GET
 *     /api/v1/invoice as the admin, cycling over the queries of invoice-list.mjs: first pages,
 *     each filter, combined filters, search) and 1 sign-in/s (POST /api/v1/login, cycling over
 *     the demo logins), for 20 s. Meanwhile another process (lib/health-prober.mjs) sends GET
 *     /api/health every 100 ms, and the server's event-loop lag over the load comes from its own
 *     /api/metrics (prom-client's monitorEventLoopDelay histogram, reset by a scrape just before
 *     the load and read by one just after; lib/server-metrics.mjs). Figures: list p99, event-loop
 *     lag p99, /api/health p99, each latency from the scheduled send time.
 * (b) Saturation: autocannon, 10 connections for 30 s, each connection going through list →
 *     invoice details (GET /api/v1/invoice/{id}, over ids the list returned) → sign-in in turn.
 *     Figures: requests/s and p99 over all three.
 *
 * Targets (on the embedded default, PGlite): under (a) health p99 and event-loop lag p99 at most
 * 50 ms and list p99 at most 250 ms; under (b) throughput at least 0.5 x and p99 at most 2 x
 * PostgreSQL's in the same run. PostgreSQL's rows are the reference (reported, not judged).
 *
 * Run on its own against generated data sets (bench/generate-invoices.mjs) and the built server:
 *
 *   node bench/benchmarks/team-load.mjs [--db postgres,pglite] [--part steady,saturation]
 *
 * BENCH_QUICK=1 shortens both loads to 5 s.
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { benchTarget, openSql } from '../lib/bench-database.mjs';
import { readFixtures } from '../lib/bench-fixtures.mjs';
import { QUICK } from '../lib/bench-paths.mjs';
import { forkHealthProber } from '../lib/health-prober.mjs';
import { percentile, runLoad } from '../lib/http-load.mjs';
import { runOpenLoop } from '../lib/open-loop.mjs';
import { eventLoopLagOf, scrapeServerMetrics } from '../lib/server-metrics.mjs';
import { startServer } from '../lib/server-process.mjs';
import { invoiceListQueries, signIn } from './invoice-list.mjs';

export const STEADY = {
  listPerSecond: 20,
  signInPerSecond: 1,
  healthIntervalMs: 100,
  seconds: QUICK ? 5 : 20,
};
export const SATURATION = { connections: 10, seconds: QUICK ? 5 : 30, warmUpSeconds: 2 };
export const TEAM_TARGETS = {
  listP99Ms: 250,
  lagP99Ms: 50,
  healthP99Ms: 50,
  throughputOfPostgres: 0.5,
  p99OfPostgres: 2,
};

/** A load generator or prober sending later than this behind schedule is noted in the table. */
const CLIENT_LATE_MS = 20;

/** The demo users of apps/server/src/seed/demo-data-seed.ts; each password is `<username>-demo`. */
const DEMO_LOGINS = ['admin', 'merchant', 'support', 'operator'].map((username) =>
  JSON.stringify({ username, password: `${username}-demo` }),
);
/** As a browser asks: the server compresses the larger answers. */
const ACCEPT_ENCODING = 'gzip, deflate, br';

const listPathsOf = (fixtures) =>
  invoiceListQueries(fixtures).map(([, query]) => `/api/v1/invoice${query ? `?${query}` : ''}`);

const signInOnce = async (url, body, signal) => {
  const response = await fetch(`${url}/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
    signal,
  });
  await response.arrayBuffer();
  return { ok: response.ok, status: response.status };
};

const getOnce = async (url, cookie, signal) => {
  const response = await fetch(url, { headers: { cookie }, signal });
  await response.arrayBuffer();
  return { ok: response.ok, status: response.status };
};

/** Every list query and every demo sign-in once, so the load does not meet cold code paths. */
const warmUp = async (url, cookie, listPaths) => {
  for (const path of listPaths) {
    const { ok, status } = await getOnce(`${url}${path}`, cookie);
    if (!ok) throw new Error(`warm-up GET ${path}: ${status}`);
  }
  for (const body of DEMO_LOGINS) {
    const { ok, status } = await signInOnce(url, body);
    if (!ok) throw new Error(`warm-up sign-in ${body}: ${status}`);
  }
};

/** (a) The steady open-loop load with the health prober and the server's event-loop lag. */
export const measureTeamSteadyLoad = async ({ server, fixtures, seconds = STEADY.seconds }) => {
  const cookie = await signIn(server.url, 'admin', 'admin-demo');
  const listPaths = listPathsOf(fixtures);
  await warmUp(server.url, cookie, listPaths);
  const prober = await forkHealthProber(server.url);
  try {
    // Resets the server's lag histogram: the next scrape reads the stretch from here.
    const before = await scrapeServerMetrics(server.url);
    const [health, load] = await Promise.all([
      prober.probe({ intervalMs: STEADY.healthIntervalMs, seconds }),
      runOpenLoop({
        seconds,
        streams: [
          {
            name: 'list',
            perSecond: STEADY.listPerSecond,
            send: (index, signal) =>
              getOnce(`${server.url}${listPaths[index % listPaths.length]}`, cookie, signal),
          },
          {
            name: 'signIn',
            perSecond: STEADY.signInPerSecond,
            // Between two list requests rather than with one.
            offsetMs: 500 / STEADY.listPerSecond,
            send: (index, signal) =>
              signInOnce(server.url, DEMO_LOGINS[index % DEMO_LOGINS.length], signal),
          },
        ],
      }),
    ]);
    const after = await scrapeServerMetrics(server.url);
    return {
      seconds,
      list: load.list,
      signIn: load.signIn,
      health,
      eventLoopLag: eventLoopLagOf(after.samples),
      metricsScrapeMs: { before: before.scrapeMs, after: after.scrapeMs },
    };
  } finally {
    await prober.stop();
  }
};

/** Ids of invoices the list shows (first 100 of every list query), for the details requests. */
const listedInvoiceIds = async (url, cookie, listPaths) => {
  const ids = new Set();
  for (const path of listPaths) {
    const separator = path.includes('?') ? '&' : '?';
    const response = await fetch(`${url}${path}${separator}size=100`, { headers: { cookie } });
    const body = await response.json();
    if (!response.ok) throw new Error(`GET ${path}: ${response.status} ${JSON.stringify(body)}`);
    for (const item of body.data.items) ids.add(item.invoiceId);
  }
  if (ids.size === 0 || ids.has(undefined)) throw new Error('the list returned no invoice ids');
  return [...ids];
};

/** (b) Saturation: 10 connections, each cycling list → details → sign-in, autocannon. */
export const measureTeamSaturation = async ({ server, fixtures, seconds = SATURATION.seconds }) => {
  const cookie = await signIn(server.url, 'admin', 'admin-demo');
  const listPaths = listPathsOf(fixtures);
  const invoiceIds = await listedInvoiceIds(server.url, cookie, listPaths);
  const turns = { list: 0, details: 0, signIn: 0 };
  const failures = { list: 0, details: 0, signIn: 0 };
  const latencies = { list: [], details: [], signIn: [] };
  // autocannon calls a request's onResponse and then, synchronously, emits the client's
  // 'response' event with the latency: the kind noted by the first is the second's.
  let answered = null;
  const counted = (kind) => (status) => {
    answered = kind;
    if (status < 200 || status >= 300) failures[kind] += 1;
  };
  const setupClient = (client) =>
    client.on('response', (_status, _bytes, milliseconds) => {
      if (answered) latencies[answered].push(milliseconds);
      answered = null;
    });
  const signedIn = { cookie, 'accept-encoding': ACCEPT_ENCODING };
  const requests = [
    {
      method: 'GET',
      headers: signedIn,
      setupRequest: (request) => ({
        ...request,
        path: listPaths[turns.list++ % listPaths.length],
      }),
      onResponse: counted('list'),
    },
    {
      method: 'GET',
      headers: signedIn,
      setupRequest: (request) => ({
        ...request,
        path: `/api/v1/invoice/${invoiceIds[turns.details++ % invoiceIds.length]}`,
      }),
      onResponse: counted('details'),
    },
    {
      method: 'POST',
      path: '/api/v1/login',
      headers: { 'content-type': 'application/json', 'accept-encoding': ACCEPT_ENCODING },
      setupRequest: (request) => ({
        ...request,
        body: DEMO_LOGINS[turns.signIn++ % DEMO_LOGINS.length],
      }),
      onResponse: counted('signIn'),
    },
  ];
  const { connections } = SATURATION;
  const options = { url: server.url, requests, setupClient, connections };
  await runLoad({ ...options, seconds: SATURATION.warmUpSeconds });
  for (const kind of Object.keys(failures)) {
    failures[kind] = 0;
    latencies[kind] = [];
  }
  const load = await runLoad({ ...options, seconds });
  // Per kind, for diagnosis: how many answered and their p50/p99 (ms).
  const kinds = Object.fromEntries(
    Object.entries(latencies).map(([kind, values]) => [
      kind,
      {
        answered: values.length,
        failures: failures[kind],
        p50: values.length ? percentile(values, 0.5) : NaN,
        p99: values.length ? percentile(values, 0.99) : NaN,
      },
    ]),
  );
  return { ...load, seconds, connections, kinds, invoiceIds: invoiceIds.length };
};

/** Both parts (or those in `parts`); the machine's 1-minute load average before and after, for the record. */
export const measureTeamLoad = async ({ server, fixtures, parts = ['steady', 'saturation'] }) => {
  const loadBefore = os.loadavg()[0];
  const steady = parts.includes('steady')
    ? await measureTeamSteadyLoad({ server, fixtures })
    : null;
  const saturation = parts.includes('saturation')
    ? await measureTeamSaturation({ server, fixtures })
    : null;
  return { steady, saturation, loadAverage: { before: loadBefore, after: os.loadavg()[0] } };
};

/**
 * The table rows of one database's team load (run-all adds the database column). On PGlite the
 * targets apply; PostgreSQL's figures are reported beside the PGlite targets, and PGlite's
 * saturation is judged against `postgres` (PostgreSQL's measurement of the same run), if any.
 * A row fails on PostgreSQL only when the measurement is unsound (failed requests).
 */
export const teamLoadRows = ({ kind, steady, saturation, postgres }) => {
  const rows = [];
  const judged = (target, met, sound) =>
    kind === 'pglite'
      ? { target, pass: met && sound }
      : { target: `report (PGlite: ${target})`, pass: sound };
  if (steady) {
    const sound =
      steady.list.failures === 0 && steady.signIn.failures === 0 && steady.health.failures === 0;
    const load = `${STEADY.listPerSecond} list/s + ${STEADY.signInPerSecond} sign-in/s`;
    // A client that could not send on time (a busy machine) is inside its latencies: shown.
    const lateness = (stream) =>
      stream.maxSendLatenessMs > CLIENT_LATE_MS
        ? `ms (client up to ${Math.round(stream.maxSendLatenessMs)} ms late)`
        : 'ms';
    rows.push(
      {
        benchmark: `team steady (${load}, open loop): list p99`,
        figure: steady.list.p99,
        unit: lateness(steady.list),
        ...judged(`<= ${TEAM_TARGETS.listP99Ms}`, steady.list.p99 <= TEAM_TARGETS.listP99Ms, sound),
      },
      {
        benchmark: 'team steady: server event-loop lag p99',
        figure: steady.eventLoopLag.p99,
        unit: 'ms',
        ...judged(
          `<= ${TEAM_TARGETS.lagP99Ms}`,
          steady.eventLoopLag.p99 <= TEAM_TARGETS.lagP99Ms,
          sound,
        ),
      },
      {
        benchmark: `team steady: /api/health p99 (every ${STEADY.healthIntervalMs} ms, own process)`,
        figure: steady.health.p99,
        unit: lateness(steady.health),
        ...judged(
          `<= ${TEAM_TARGETS.healthP99Ms}`,
          steady.health.p99 <= TEAM_TARGETS.healthP99Ms,
          sound,
        ),
      },
    );
  }
  if (saturation) {
    const sound = saturation.non2xx === 0 && saturation.errors === 0;
    const name = `team saturation (${saturation.connections} conns: list, details, sign-in)`;
    const throughputTarget = `>= ${TEAM_TARGETS.throughputOfPostgres} x PG`;
    const p99Target = `<= ${TEAM_TARGETS.p99OfPostgres} x PG`;
    if (kind === 'pglite' && postgres) {
      const throughputRatio = saturation.requestsPerSecond / postgres.requestsPerSecond;
      const p99Ratio = saturation.p99 / postgres.p99;
      rows.push(
        {
          benchmark: name,
          figure: saturation.requestsPerSecond,
          unit: `req/s (${throughputRatio.toFixed(2)} x PG)`,
          target: `${throughputTarget} (${Math.round(postgres.requestsPerSecond)})`,
          pass: sound && throughputRatio >= TEAM_TARGETS.throughputOfPostgres,
        },
        {
          benchmark: 'team saturation p99',
          figure: saturation.p99,
          unit: `ms (${p99Ratio.toFixed(2)} x PG)`,
          target: `${p99Target} (${postgres.p99})`,
          pass: sound && p99Ratio <= TEAM_TARGETS.p99OfPostgres,
        },
      );
    } else {
      // PostgreSQL's own rows, or PGlite's when no PostgreSQL figure came before it in the run.
      const reference = kind === 'pglite' ? ' (no PG figure in this run)' : ' (the PGlite target)';
      rows.push(
        {
          benchmark: name,
          figure: saturation.requestsPerSecond,
          unit: 'req/s',
          target: `report${reference}: ${throughputTarget}`,
          pass: sound,
        },
        {
          benchmark: 'team saturation p99',
          figure: saturation.p99,
          unit: 'ms',
          target: `report${reference}: ${p99Target}`,
          pass: sound,
        },
      );
    }
  }
  return rows;
};

const formatRow = (database, row) => {
  const figure = Number.isFinite(row.figure) ? row.figure.toFixed(1) : 'n/a';
  return `${row.pass ? 'pass' : 'FAIL'}  ${database.padEnd(8)} ${row.benchmark}: ${figure} ${row.unit}  [${row.target}]`;
};

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      db: { type: 'string', default: 'postgres,pglite' },
      part: { type: 'string', default: 'steady,saturation' },
    },
  });
  const parts = values.part.split(',').map((part) => part.trim());
  const results = {};
  const lines = [];
  for (const kind of values.db.split(',').map((name) => name.trim())) {
    const target = benchTarget(kind);
    const sql = await openSql(target);
    let fixtures;
    try {
      fixtures = await readFixtures(sql);
    } finally {
      await sql.close();
    }
    const server = await startServer(target);
    try {
      process.stderr.write(`[team-load] ${kind}: measuring ${parts.join(', ')}\n`);
      results[kind] = await measureTeamLoad({ server, fixtures, parts });
    } finally {
      await server.stop();
    }
    const rows = teamLoadRows({
      kind,
      ...results[kind],
      postgres: results.postgres?.saturation,
    });
    lines.push(...rows.map((row) => formatRow(kind, row)));
    process.exitCode = rows.every((row) => row.pass) ? (process.exitCode ?? 0) : 1;
  }
  console.log(JSON.stringify(results, null, 2));
  for (const line of lines) console.log(line);
}
