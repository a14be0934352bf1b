/** Load runs with autocannon, the same settings for the baseline and the product's routes. */
import autocannon from 'autocannon';
import { QUICK } from './bench-paths.mjs';

export const LOAD_CONNECTIONS = 100;
export const LOAD_SECONDS = QUICK ? 3 : 10;

/**
 * Runs autocannon against `url` (100 connections unless told). `paths` varies the request path
 * per request, round-robin over a shuffled list; `requests` instead gives autocannon's own
 * sequence of requests, which every connection goes through in turn (each may vary itself with
 * `setupRequest`); `setupClient` is called with each connection's client (autocannon's hook,
 * e.g. to listen to its 'response' events). Returns req/s (mean over the run) and latency
 * percentiles in ms; non-2xx answers and errors are counted, not ignored.
 */
export const runLoad = async ({
  url,
  method = 'GET',
  paths,
  requests,
  setupClient,
  seconds = LOAD_SECONDS,
  connections = LOAD_CONNECTIONS,
}) => {
  let next = 0;
  const result = await autocannon({
    url,
    method,
    connections,
    duration: seconds,
    ...(requests ? { requests } : {}),
    ...(setupClient ? { setupClient } : {}),
    ...(paths && !requests
      ? {
          requests: [
            {
              setupRequest: (request) => {
                const path = paths[next % paths.length];
                next += 1;
                return { ...request, path };
              },
            },
          ],
        }
      : {}),
  });
  return {
    requestsPerSecond: result.requests.average,
    total: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
};

/** Mean of a list of numbers. */
export const mean = (values) => values.reduce((sum, value) => sum + value, 0) / values.length;

/** Median of a list of numbers (the mean of the two middle ones for an even count). */
export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** Percentile of a list of numbers (nearest rank). */
export const percentile = (values, fraction) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(fraction * sorted.length) - 1)];
};
