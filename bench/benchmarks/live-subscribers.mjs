/**
 * Issue 25 item 4: what idle live-event subscribers cost. 200 open GET /api/v1/live-events
 * streams (Server-Sent Events, decision 0023) of signed-in staff: the server's RSS growth, and
 * the status poll's throughput with them against without them, in alternating rounds so both see
 * the same machine conditions. The server must run with LIVE_STREAMS_PER_PERSON >= SUBSCRIBERS
 * (one demo person holds them all here).
 */
import http from 'node:http';
import { QUICK } from '../lib/bench-paths.mjs';
import { mean, median } from '../lib/http-load.mjs';
import { signIn } from './invoice-list.mjs';
import { pollPaths, runPollLoad } from './status-poll.mjs';

export const SUBSCRIBERS = 200;
const ROUNDS = 4;
const ROUND_SECONDS = QUICK ? 2 : 5;
const SETTLE_MS = 2_000;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Opens `count` streams with the session cookie; resolves once each has its `ready` event. */
const openStreams = async (serverUrl, cookie, count) => {
  const { hostname, port } = new URL(serverUrl);
  const agent = new http.Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });
  const requests = [];
  const ready = [];
  for (let index = 0; index < count; index += 1) {
    ready.push(
      new Promise((resolve, reject) => {
        const request = http.get(
          {
            hostname,
            port,
            path: '/api/v1/live-events',
            agent,
            headers: { cookie, accept: 'text/event-stream' },
          },
          (response) => {
            if (response.statusCode !== 200) {
              reject(new Error(`live stream answered ${response.statusCode}`));
              response.resume();
              return;
            }
            response.setEncoding('utf8');
            let seen = '';
            response.on('data', (chunk) => {
              if (seen !== null) {
                seen += chunk;
                if (seen.includes('event: ready')) {
                  seen = null;
                  resolve();
                }
              }
            });
          },
        );
        request.on('error', reject);
        requests.push(request);
      }),
    );
  }
  await Promise.all(ready);
  return {
    close: async () => {
      for (const request of requests) request.destroy();
      agent.destroy();
      await sleep(500);
    },
  };
};

/**
 * Rounds of the status poll without and with the streams open, the order swapped every other
 * round (a fixed order put whatever drifts during a round, a GC or a busy neighbour, always on
 * the same side). The poll load is the status benchmark's own (requests built once per
 * connection): with a path rebuilt per request the load generator's work drowned the server's.
 * The ratio is the median of the rounds' with/without, each pair measured back to back.
 */
export const measureLiveSubscribers = async ({ server, formIds, username, password }) => {
  const cookie = await signIn(server.url, username, password);
  const paths = pollPaths(formIds);
  const poll = () => runPollLoad({ url: server.url, paths, seconds: ROUND_SECONDS });
  await runPollLoad({ url: server.url, paths, seconds: 1 });

  const without = [];
  const withStreams = [];
  const growth = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const streamsFirst = round % 2 === 1;
    if (!streamsFirst) without.push(await poll());
    await sleep(SETTLE_MS);
    const before = server.rss();
    const streams = await openStreams(server.url, cookie, SUBSCRIBERS);
    await sleep(SETTLE_MS);
    growth.push((server.rss() - before) / 1024 / 1024);
    withStreams.push(await poll());
    await streams.close();
    if (streamsFirst) without.push(await poll());
  }
  const rpsWithout = mean(without.map((run) => run.requestsPerSecond));
  const rpsWith = mean(withStreams.map((run) => run.requestsPerSecond));
  return {
    subscribers: SUBSCRIBERS,
    rssGrowthMb: Math.max(...growth),
    rssGrowthRounds: growth,
    rpsWithout,
    rpsWith,
    ratio: median(
      withStreams.map((run, round) => run.requestsPerSecond / without[round].requestsPerSecond),
    ),
    p99Without: Math.max(...without.map((run) => run.p99)),
    p99With: Math.max(...withStreams.map((run) => run.p99)),
    non2xx: [...without, ...withStreams].reduce((sum, run) => sum + run.non2xx, 0),
    errors: [...without, ...withStreams].reduce((sum, run) => sum + run.errors, 0),
  };
};
