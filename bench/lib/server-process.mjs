/**
 * The built server (apps/server/dist/main.js) as a child process, on ports of the bench's own
 * (3900s unless BENCH_PORT_BASE says otherwise), with its resident memory read from /proc.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { setTimeout as delay } from 'node:timers/promises';
import { serverDatabaseEnv } from './bench-database.mjs';
import { SERVER_MAIN } from './bench-paths.mjs';

const PORT_BASE = Number(process.env.BENCH_PORT_BASE ?? 3900);
export const BENCH_PORTS = {
  api: PORT_BASE,
  paymentForm: PORT_BASE + 1,
  baseline: PORT_BASE + 2,
  callbackReceiver: PORT_BASE + 3,
  backoffice: PORT_BASE + 4,
};

/**
 * The bearer token of the bench server's GET /api/metrics (METRICS_TOKEN): the endpoint is then
 * answered as in a production deployment, whatever NODE_ENV says (lib/server-metrics.mjs).
 */
export const BENCH_METRICS_TOKEN = 'bench-metrics-token-0123456789abcdefghijklmnop';

/** Resident set size of a process in bytes (VmRSS), or null once it has gone. */
export const residentBytes = (pid) => {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((entry) => entry.startsWith('VmRSS:'));
    return line ? Number(line.replace(/\D+/g, '')) * 1024 : null;
  } catch {
    return null;
  }
};

/** Resolves when `url` answers 200, polling; rejects after `timeoutMs` or when `child` exits. */
export const waitForHttp = async (url, child, timeoutMs = 120_000) => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`process exited with ${child.exitCode}`);
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await delay(200);
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
};

/** Stops a child with SIGTERM (SIGKILL after `graceMs`) and waits for its exit. */
export const stopChild = async (child, graceMs = 20_000) => {
  // No pid: the process never started (spawn reported an 'error'), so no 'exit' will come.
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
};

/** Node flags for the server from BENCH_SERVER_NODE_ARGS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof". */
const benchNodeArguments = () =>
  (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);

/**
 * Starts the server on the target database. Logs stay at warn so request logging does not
 * dominate the figures; stderr is passed through so failures are visible. `main`, `nodeArguments`
 * and `port` (the API's; the payment form's is the next one) default to the bench's own; another
 * build is compared by starting it on another port (compare-poll-builds.mjs).
 */
export const startServer = async (
  target,
  {
    env = {},
    paymentFormDist,
    main = SERVER_MAIN,
    nodeArguments = benchNodeArguments(),
    port = BENCH_PORTS.api,
  } = {},
) => {
  const paymentFormPort = port === BENCH_PORTS.api ? BENCH_PORTS.paymentForm : port + 1;
  const child = spawn(process.execPath, [...nodeArguments, main], {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      HOST: '127.0.0.1',
      PORT: String(port),
      SEED: 'none',
      LOG_LEVEL: 'warn',
      CALLBACK_ALLOW_PRIVATE_NETWORKS: 'true',
      PAYMENT_FORM_PORT: String(paymentFormPort),
      PAYMENT_FORM_BASE_URL: `http://127.0.0.1:${paymentFormPort}`,
      METRICS_TOKEN: BENCH_METRICS_TOKEN,
      // The load comes from one address, far faster than any customer: the limiters stay on (their
      // cost is part of every figure) with allowances the benchmark cannot reach.
      RATE_LIMIT_SIGN_IN_PER_MINUTE: '10000000',
      RATE_LIMIT_FORM_STATUS_PER_MINUTE: '10000000',
      RATE_LIMIT_FORM_PER_MINUTE: '10000000',
      RATE_LIMIT_UNKNOWN_FORMS_PER_MINUTE: '10000000',
      RATE_LIMIT_MERCHANT_API_PER_MINUTE: '10000000',
      RATE_LIMIT_PROVIDER_API_PER_MINUTE: '10000000',
      ...(paymentFormDist ? { PAYMENT_FORM_DIST: paymentFormDist } : {}),
      ...serverDatabaseEnv(target),
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHttp(`${url}/api/health`, child);
  } catch (error) {
    await stopChild(child);
    throw error;
  }
  return {
    url,
    pid: child.pid,
    rss: () => residentBytes(child.pid),
    stop: () => stopChild(child),
  };
};
