/** Target 1: POST /api/payments/form/{formId}/status over the 10,000 open forms, 100 connections. */
import { QUICK } from '../lib/bench-paths.mjs';
import { LOAD_CONNECTIONS, mean, median, runLoad } from '../lib/http-load.mjs';
import { withCpuPerRequest } from '../lib/machine-cpu.mjs';

/** Alternating rounds of baseline and poll load, so both see the same machine conditions. */
const ROUNDS = 3;
const ROUND_SECONDS = QUICK ? 2 : 5;

/**
 * The poll load: `connections` connections, each going round its own share of the forms
 * (connection c polls paths c, c + connections, c + 2 × connections, …), so the connections
 * always ask for different forms and every form is polled in turn.
 *
 * Each connection's requests are built once, when it opens. Varying the path per request with
 * autocannon's setupRequest (as runLoad's `paths` does) rebuilds the request on every send:
 * about 15 µs of the load generator's CPU per request, as much again as a whole baseline
 * request costs it. On the 2-core machine the load generator shares the cores with the server
 * and PostgreSQL, so that cost came off the poll's figure and not the baseline's, which
 * sends one prebuilt request; the ratio measured the load generator as much as the server.
 */
export const runPollLoad = ({ url, paths, seconds, connections = LOAD_CONNECTIONS }) => {
  let opened = 0;
  return runLoad({
    url,
    method: 'POST',
    connections,
    seconds,
    setupClient: (client) => {
      const first = opened % connections;
      opened += 1;
      const own = [];
      for (let index = first; index < paths.length; index += connections) {
        own.push({ method: 'POST', path: paths[index] });
      }
      if (own.length === 0) own.push({ method: 'POST', path: paths[first % paths.length] });
      client.setRequests(own);
    },
  });
};

/** The status paths of the forms, shuffled once (deterministically) so consecutive requests hit unrelated rows. */
export const pollPaths = (formIds) => {
  const paths = formIds.map((formId) => `/api/payments/form/${formId}/status`);
  for (let index = paths.length - 1; index > 0; index -= 1) {
    const other = (index * 7919) % (index + 1);
    [paths[index], paths[other]] = [paths[other], paths[index]];
  }
  return paths;
};

/** Each part of the machine's time per request (lib/machine-cpu.mjs), median over the runs. */
const medianCpu = (runs) => {
  const measured = runs.map((run) => run.cpu).filter(Boolean);
  if (measured.length === 0) return null;
  const parts = Object.keys(measured[0]);
  return Object.fromEntries(parts.map((part) => [part, median(measured.map((cpu) => cpu[part]))]));
};

/**
 * Measures the poll in ROUNDS rounds, each a baseline load (`baseline.measure`) directly followed
 * by the poll load: req/s is the poll's mean over the rounds, `adjacentBaselineRps` the mean of
 * the baseline loads taken between them, p99 the worst round's. On a shared machine the load
 * from other work changes within minutes; a baseline measured once at the start of the run made
 * the ratio swing between runs by more than the margin the target leaves.
 */
export const measureStatusPoll = async ({ server, formIds, baseline }) => {
  const paths = pollPaths(formIds);
  await runPollLoad({ url: server.url, paths, seconds: 1 });
  const baselineRuns = [];
  const pollRuns = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    baselineRuns.push(await withCpuPerRequest(baseline.pid, () => baseline.measure(ROUND_SECONDS)));
    pollRuns.push(
      await withCpuPerRequest(server.pid, () =>
        runPollLoad({ url: server.url, paths, seconds: ROUND_SECONDS }),
      ),
    );
  }
  // The same server's liveness route (no database): the ceiling that the product's own hooks
  // (security headers, compression, metrics, sessions) leave for any route, shown for diagnosis.
  const health = await runLoad({ url: `${server.url}/api/health`, seconds: ROUND_SECONDS });
  // Each round's poll over the baseline load just before it: their spread shows how much of a
  // run's ratio is the machine's noise (docs/performance.md).
  const roundRatios = pollRuns.map(
    (run, round) => run.requestsPerSecond / baselineRuns[round].requestsPerSecond,
  );
  return {
    requestsPerSecond: mean(pollRuns.map((run) => run.requestsPerSecond)),
    roundRatios,
    adjacentBaselineRps: mean(baselineRuns.map((run) => run.requestsPerSecond)),
    p50: Math.max(...pollRuns.map((run) => run.p50)),
    p99: Math.max(...pollRuns.map((run) => run.p99)),
    non2xx: pollRuns.reduce((sum, run) => sum + run.non2xx, 0),
    errors: pollRuns.reduce((sum, run) => sum + run.errors, 0),
    rounds: { baseline: baselineRuns, poll: pollRuns },
    cpu: { baseline: medianCpu(baselineRuns), poll: medianCpu(pollRuns) },
    connections: LOAD_CONNECTIONS,
    forms: formIds.length,
    health,
  };
};
