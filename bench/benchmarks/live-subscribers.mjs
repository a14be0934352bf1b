/**
 * Issue 25 item 4: what idle live-event subscribers cost. 200 open GET /api/v1/live-events
 * streams (Server-Sent Events, decision 0023) of signed-in staff: the server's RSS growth, and
 * the status poll's throughput with them against without them, in alternating rounds so both see
 * the same machine conditions. The server must run with LIVE_STREAMS_PER_PERSON >= SUBSCRIBERS
 * (one demo person holds them all here).
 */
import http from 'node:http';
import { QUICK } from '../lib/bench-paths.mjs';
import { runLoad } from '../lib/http-load.mjs';
import { signIn } from './invoice-list.mjs';

export const SUBSCRIBERS = 200;
const ROUNDS = 3;
const ROUND_SECONDS = QUICK ? 2 : 5;
const SETTLE_MS = 2_000;

const mean = (values) => values.reduce((sum, value) => sum + value, 0) / values.length;
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

export const measureLiveSubscribers = async ({ server, formIds, username, password }) => {
  const cookie = await signIn(server.url, username, password);
  const paths = formIds.map((formId) => `/api/payments/form/${formId}/status`);
  const poll = () => runLoad({ url: server.url, method: 'POST', paths, seconds: ROUND_SECONDS });
  await runLoad({ url: server.url, method: 'POST', paths, seconds: 1 });

  const without = [];
  const withStreams = [];
  const growth = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    without.push(await poll());
    await sleep(SETTLE_MS);
    const before = server.rss();
    const streams = await openStreams(server.url, cookie, SUBSCRIBERS);
    await sleep(SETTLE_MS);
    growth.push((server.rss() - before) / 1024 / 1024);
    withStreams.push(await poll());
    await streams.close();
  }
  const rpsWithout = mean(without.map((run) => run.requestsPerSecond));
  const rpsWith = mean(withStreams.map((run) => run.requestsPerSecond));
  return {
    subscribers: SUBSCRIBERS,
    rssGrowthMb: Math.max(...growth),
    rssGrowthRounds: growth,
    rpsWithout,
    rpsWith,
    ratio: rpsWith / rpsWithout,
    p99Without: Math.max(...without.map((run) => run.p99)),
    p99With: Math.max(...withStreams.map((run) => run.p99)),
    non2xx: [...without, ...withStreams].reduce((sum, run) => sum + run.non2xx, 0),
    errors: [...without, ...withStreams].reduce((sum, run) => sum + run.errors, 0),
  };
};
