/**
 * GET /api/metrics as Prometheus calls it: how long a scrape takes at the data set's size. The
 * database gauges come from counts kept by triggers (migration 0009_metric_counts), so the time
 * must not grow with the tables; whole-table counts took 0.5–0.85 s on PGlite at 1M invoices.
 */
import { setTimeout as delay } from 'node:timers/promises';
import { percentile } from '../lib/http-load.mjs';
import { scrapeServerMetrics } from '../lib/server-metrics.mjs';

const SCRAPES = 7;
/** Longer than the server's 1 s reuse of its database figures, so every scrape reads them. */
const PAUSE_MS = 1_100;

export const measureMetricsScrape = async ({ server }) => {
  const times = [];
  for (let scrape = 0; scrape < SCRAPES; scrape += 1) {
    const { samples, scrapeMs } = await scrapeServerMetrics(server.url);
    if (samples.get('paygate_database_up') !== 1)
      throw new Error('the scrape says the database is down');
    times.push(scrapeMs);
    await delay(PAUSE_MS);
  }
  // The first scrape also builds the process metrics once; the median is the steady figure.
  return { medianMs: percentile(times, 0.5), maxMs: Math.max(...times), times };
};
