/**
 * Target 2: GET /api/v1/invoice on the large data set, as the back office calls it (page 0,
 * 10 rows, total included): first page, every single filter, combined filters and the search.
 * Requests run one after another (one user's latency, not a load test); p95 over `samples`.
 */
import { QUICK } from '../lib/bench-paths.mjs';
import { percentile } from '../lib/http-load.mjs';

const SAMPLES = QUICK ? 15 : 60;
const WARMUP = 3;

const filterDate = (date) => {
  const day = String(date.getUTCDate()).padStart(2, '0');
  const month = String(date.getUTCMonth() + 1).padStart(2, '0');
  return `${day}/${month}/${date.getUTCFullYear()}`;
};

/** Signs in through the API; returns the session cookie header. */
export const signIn = async (url, username, password) => {
  const response = await fetch(`${url}/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (!response.ok)
    throw new Error(`login as ${username}: ${response.status} ${await response.text()}`);
  const cookie = response.headers.getSetCookie().find((entry) => entry.startsWith('jwt='));
  if (!cookie) throw new Error('login set no jwt cookie');
  return cookie.split(';')[0];
};

/** The list queries measured; `fixtures` are values read from the generated data. */
export const invoiceListQueries = (fixtures) => {
  const now = new Date();
  const monthAgo = new Date(now.getTime() - 30 * 86_400_000);
  const weekAgo = new Date(now.getTime() - 7 * 86_400_000);
  const tenDaysAgo = new Date(now.getTime() - 10 * 86_400_000);
  const q = (entries) => new URLSearchParams(entries).toString();
  return [
    ['first page (all merchants)', q([])],
    ['first page, one merchant', q([['merchantId', fixtures.merchantId]])],
    ['filter: status PAYED', q([['statusIds', fixtures.statusIds.PAYED]])],
    ['filter: status NEW', q([['statusIds', fixtures.statusIds.NEW]])],
    [
      'filter: dates (30 days)',
      q([
        ['dateFrom', filterDate(monthAgo)],
        ['dateTo', filterDate(now)],
      ]),
    ],
    ['filter: last status date', q([['lastStatusDate', filterDate(tenDaysAgo)]])],
    [
      'filter: sum range',
      q([
        ['sumFrom', '10000'],
        ['sumTo', '10500'],
      ]),
    ],
    ['filter: terminal', q([['terminalId', fixtures.terminalId]])],
    ['filter: flow type', q([['flowType', 'WITHDRAWAL']])],
    [
      'combined filters',
      q([
        ['merchantId', fixtures.merchantId],
        ['statusIds', fixtures.statusIds.DONE],
        ['statusIds', fixtures.statusIds.PAYED],
        ['dateFrom', filterDate(monthAgo)],
        ['dateTo', filterDate(weekAgo)],
        ['flowType', 'DEPOSIT'],
        ['sumFrom', '1000'],
      ]),
    ],
    ['search: customer id', q([['search', fixtures.customerExternalId]])],
    ['search: merchant invoice id', q([['search', fixtures.merchantInvoiceId]])],
    ['search: invoice id', q([['search', fixtures.invoiceId]])],
  ];
};

export const measureInvoiceList = async ({ server, fixtures }) => {
  const cookie = await signIn(server.url, 'admin', 'admin-demo');
  const results = [];
  for (const [name, query] of invoiceListQueries(fixtures)) {
    const timings = [];
    let total = null;
    let totalExact = null;
    for (let index = 0; index < WARMUP + SAMPLES; index += 1) {
      const started = performance.now();
      const response = await fetch(`${server.url}/api/v1/invoice?${query}`, {
        headers: { cookie },
      });
      const body = await response.json();
      const elapsed = performance.now() - started;
      if (!response.ok) throw new Error(`${name}: ${response.status} ${JSON.stringify(body)}`);
      if (index >= WARMUP) timings.push(elapsed);
      total = body.data.total;
      totalExact = body.data.totalExact ?? true;
    }
    results.push({
      name,
      p95: percentile(timings, 0.95),
      p50: percentile(timings, 0.5),
      total,
      totalExact,
    });
  }
  return results;
};
