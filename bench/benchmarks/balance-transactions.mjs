/**
 * The merchant API's balance transactions (decision 0029): GET /api/merchant/v1/balance-transactions
 * as a merchant's reconciliation job calls it, signed with the biggest merchant's balance:read key
 * (BALANCE_READER_KEY of the generator): pages of 100 (the most the route gives), newest first,
 * each next page asked with `starting_after` = the last id of the page before. autocannon keeps
 * `connections` such consumers at once; each walks WALK_PAGES pages down the merchant's ledger
 * (or to its end) and then starts again from the newest. Figures: requests (pages) per second and
 * latency percentiles over the whole load; the walk is checked as it goes (every page follows the
 * one before it, no page empty while has_more said so).
 *
 * Each request is signed as docs/merchant-api.md says: lower-case hex HMAC-SHA256 of
 * `{timestamp}.GET.{path?query}.` keyed with the base64-decoded secret after `sk_`. The pages'
 * ids are found in the answer's text (its first and last `"id":"btx_…"`), not by parsing 100
 * items of JSON: the load generator shares the two cores with the server, and what it spends per
 * request comes off the figure.
 */
import { createHmac } from 'node:crypto';
import { BALANCE_READER_KEY } from '../generate-invoices.mjs';
import { QUICK } from '../lib/bench-paths.mjs';
import { LOAD_SECONDS, runLoad } from '../lib/http-load.mjs';
import { withCpuPerRequest } from '../lib/machine-cpu.mjs';

export const PAGE_LIMIT = 100;
/**
 * Pages of one consumer's walk (5,000 rows) before it starts again from the newest: a
 * consumer finishes a few walks in a run. Keyset pages cost the same at any depth.
 */
export const WALK_PAGES = QUICK ? 20 : 50;
/** Consumers at once: a few merchants' jobs, the team-load saturation's count. */
export const WALK_CONNECTIONS = 10;

const LIST_PATH = '/api/merchant/v1/balance-transactions';
const ID_MARK = '"id":"btx_';

const signingKey = Buffer.from(BALANCE_READER_KEY.secret.slice('sk_'.length), 'base64');

/** The headers of a signed GET of `pathWithQuery`. */
const signedHeaders = (pathWithQuery) => {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signature = createHmac('sha256', signingKey)
    .update(`${timestamp}.GET.${pathWithQuery}.`)
    .digest('hex');
  return {
    'x-api-key': BALANCE_READER_KEY.publicKey,
    'x-timestamp': timestamp,
    'x-signature': signature,
  };
};

const pagePath = (cursor) =>
  cursor === null
    ? `${LIST_PATH}?limit=${PAGE_LIMIT}`
    : `${LIST_PATH}?limit=${PAGE_LIMIT}&starting_after=btx_${cursor}`;

/** The number after the `"id":"btx_` at `at` in `body`. */
const idAt = (body, at) => {
  const start = at + ID_MARK.length;
  return Number(body.slice(start, body.indexOf('"', start)));
};

/** One signed page, outside the load: the walk's first page must answer before the load starts. */
const fetchPage = async (url, cursor) => {
  const path = pagePath(cursor);
  const response = await fetch(`${url}${path}`, { headers: signedHeaders(path) });
  const body = await response.text();
  if (!response.ok) throw new Error(`${path}: ${response.status} ${body.slice(0, 300)}`);
  return JSON.parse(body);
};

/**
 * Runs the walk for `seconds` against `server`. Returns autocannon's figures with the walk's:
 * pages and rows read, walks finished, and pages that did not follow the one before them.
 */
export const runBalanceTransactionWalk = ({
  url,
  seconds = LOAD_SECONDS,
  connections = WALK_CONNECTIONS,
  pages = WALK_PAGES,
}) => {
  const walk = { pages: 0, rows: 0, walks: 0, brokenPages: 0, emptyPages: 0 };
  return runLoad({
    url,
    connections,
    seconds,
    setupClient: (client) => {
      // Each connection is one consumer with its own place in the ledger.
      const consumer = { cursor: null, page: 0 };
      client.setRequests([
        {
          method: 'GET',
          setupRequest: (request) => {
            const path = pagePath(consumer.cursor);
            return { ...request, path, headers: signedHeaders(path) };
          },
          onResponse: (status, body) => {
            if (status !== 200) return;
            const first = body.indexOf(ID_MARK);
            const last = body.lastIndexOf(ID_MARK);
            walk.pages += 1;
            if (first === -1) {
              walk.emptyPages += consumer.cursor === null ? 0 : 1;
              consumer.cursor = null;
              consumer.page = 0;
              walk.walks += 1;
              return;
            }
            let rows = 0;
            for (let at = first; at !== -1; at = body.indexOf(ID_MARK, at + ID_MARK.length)) {
              rows += 1;
            }
            walk.rows += rows;
            const firstId = idAt(body, first);
            const lastId = idAt(body, last);
            if (consumer.cursor !== null && !(firstId < consumer.cursor)) walk.brokenPages += 1;
            if (!(lastId <= firstId)) walk.brokenPages += 1;
            consumer.page += 1;
            const hasMore = body.lastIndexOf('"has_more":true') !== -1;
            if (hasMore && consumer.page < pages) {
              consumer.cursor = lastId;
            } else {
              consumer.cursor = null;
              consumer.page = 0;
              walk.walks += 1;
            }
          },
        },
      ]);
    },
  }).then((load) => ({ ...load, ...walk }));
};

export const measureBalanceTransactions = async ({ server, ledger }) => {
  if (!ledger) throw new Error('no ledger rows in the data set: generate it again');
  // The key and the route answer, and a page of them is what the walk expects, before the load.
  const first = await fetchPage(server.url, null);
  if (first.data.length === 0) throw new Error('the merchant API lists no balance transactions');
  const second = await fetchPage(server.url, Number(first.data.at(-1).id.slice('btx_'.length)));
  if (second.data.length === 0) throw new Error('starting_after gave an empty page');
  await runBalanceTransactionWalk({ url: server.url, seconds: 1 });
  const load = await withCpuPerRequest(server.pid, () =>
    runBalanceTransactionWalk({ url: server.url }),
  );
  return {
    ...load,
    connections: WALK_CONNECTIONS,
    walkPages: WALK_PAGES,
    pageLimit: PAGE_LIMIT,
    merchantRows: ledger.merchantRows,
  };
};
