/**
 * The server's own figures from its Prometheus endpoint (GET /api/metrics, bearer
 * METRICS_TOKEN; lib/server-process.mjs starts the server with BENCH_METRICS_TOKEN).
 *
 * Event-loop lag: prom-client's default metrics keep a perf_hooks monitorEventLoopDelay histogram
 * (10 ms resolution) in the server process and reset it at every scrape, so a scrape just before
 * a load and one just after it give the lag percentiles of that stretch
 * (nodejs_eventloop_lag_p99_seconds etc.). The histogram records the time between two ticks of
 * its 10 ms timer, so an idle loop reads about 10 ms, not 0.
 */
import { BENCH_METRICS_TOKEN } from './server-process.mjs';

/** Samples of a Prometheus text exposition: `name{labels}` → value. */
export const parsePrometheusText = (text) => {
  const samples = new Map();
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const separator = line.lastIndexOf(' ');
    samples.set(line.slice(0, separator), Number(line.slice(separator + 1)));
  }
  return samples;
};

/** One scrape: its samples and how long it took (bench/benchmarks/metrics-scrape.mjs). */
export const scrapeServerMetrics = async (serverUrl) => {
  const started = performance.now();
  const response = await fetch(`${serverUrl}/api/metrics`, {
    headers: { authorization: `Bearer ${BENCH_METRICS_TOKEN}` },
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`GET /api/metrics: ${response.status} ${text.slice(0, 200)}`);
  return { samples: parsePrometheusText(text), scrapeMs: performance.now() - started };
};

const LAG_FIGURES = ['min', 'mean', 'p50', 'p90', 'p99', 'max'];

/**
 * The event-loop delay since the previous scrape, in ms, from a scrape's samples; throws when the
 * server does not report it (prom-client's default metrics not collected).
 */
export const eventLoopLagOf = (samples) => {
  const lag = {};
  for (const figure of LAG_FIGURES) {
    const value = samples.get(`nodejs_eventloop_lag_${figure}_seconds`);
    if (value === undefined)
      throw new Error(`the server reports no nodejs_eventloop_lag_${figure}`);
    lag[figure] = value * 1000;
  }
  return lag;
};
