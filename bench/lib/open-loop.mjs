/**
 * Open-loop load: requests go out on a fixed schedule whatever the answers (a slow answer does
 * not hold the next request back, as it would with a fixed number of connections), and each
 * latency is counted from the request's scheduled send time, not from when it actually left.
 * A server that stalls for a second therefore shows every request scheduled in that second as
 * late, instead of one slow request and a pause in the load (coordinated omission).
 */
import { percentile } from './http-load.mjs';

/**
 * @typedef {object} OpenLoopStream
 * @property {string} name
 * @property {number} perSecond requests per second, evenly spaced
 * @property {number} [offsetMs] when the first request is due, after the start
 * @property {(index: number, signal: AbortSignal) => Promise<{ ok: boolean, status: number }>} send
 *   sends request number `index` and resolves once its whole answer is read
 */

/**
 * Runs every stream for `seconds`, then waits for the answers still outstanding (each is given up
 * after `timeoutMs` and counted as a failure). Per stream: requests sent, latencies of the 2xx
 * answers (ms from the scheduled time: p50, p99, max), failures (non-2xx, network errors,
 * timeouts; the first few kept as samples) and the largest delay between a request's scheduled
 * time and its sending (the load generator's own lateness, already inside the latencies).
 */
export const runOpenLoop = async ({ streams, seconds, timeoutMs = 30_000 }) => {
  const start = performance.now() + 10;
  const end = start + seconds * 1000;
  const states = streams.map((stream) => ({
    stream,
    interval: 1000 / stream.perSecond,
    next: start + (stream.offsetMs ?? 0),
    sent: 0,
    latencies: [],
    failures: 0,
    failureSamples: [],
    maxSendLatenessMs: 0,
  }));
  const outstanding = new Set();

  const send = async (state, index, scheduledAt) => {
    try {
      const { ok, status } = await state.stream.send(index, AbortSignal.timeout(timeoutMs));
      if (ok) {
        state.latencies.push(performance.now() - scheduledAt);
        return;
      }
      state.failures += 1;
      if (state.failureSamples.length < 5) state.failureSamples.push(`HTTP ${status}`);
    } catch (error) {
      state.failures += 1;
      if (state.failureSamples.length < 5) state.failureSamples.push(String(error.message));
    }
  };

  await new Promise((resolve) => {
    const tick = () => {
      const now = performance.now();
      for (const state of states) {
        // Every request due by now goes out, late ones included (their latency counts from `next`).
        while (state.next <= now && state.next < end) {
          state.maxSendLatenessMs = Math.max(state.maxSendLatenessMs, now - state.next);
          const request = send(state, state.sent, state.next);
          outstanding.add(request);
          request.finally(() => outstanding.delete(request));
          state.sent += 1;
          state.next += state.interval;
        }
      }
      const upcoming = Math.min(...states.map((state) => state.next));
      if (upcoming >= end) resolve();
      else setTimeout(tick, Math.max(0, upcoming - performance.now()));
    };
    setTimeout(tick, Math.max(0, start - performance.now()));
  });
  await Promise.all(outstanding);

  return Object.fromEntries(
    states.map((state) => [
      state.stream.name,
      {
        perSecond: state.stream.perSecond,
        sent: state.sent,
        answered: state.latencies.length,
        failures: state.failures,
        failureSamples: state.failureSamples,
        p50: state.latencies.length ? percentile(state.latencies, 0.5) : NaN,
        p99: state.latencies.length ? percentile(state.latencies, 0.99) : NaN,
        max: state.latencies.length ? Math.max(...state.latencies) : NaN,
        maxSendLatenessMs: state.maxSendLatenessMs,
      },
    ]),
  );
};
