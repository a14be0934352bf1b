/**
 * Target 3: GET /api/v1/invoice/csv of every invoice (Invoices.csv), read as it streams, three
 * times in a row on the same server. Rows/s counts CSV records over each whole download; memory
 * growth is the server's peak resident size during a download minus its size just before
 * (VmRSS sampled every 50 ms). The target holds for every run: the result's `rssGrowthMb` is the
 * largest growth of the runs, `rowsPerSecond` their mean and `rows` the fewest rows one returned.
 */
import { signIn } from './invoice-list.mjs';

/** Consecutive downloads: memory left behind by one shows up in the next one's figures. */
export const CSV_RUNS = 3;

/**
 * One download of a CSV route (`path` with its query), read as it streams, with the server's
 * resident memory sampled throughout. Also used by the balance statement's benchmark.
 */
export const downloadCsv = async ({
  server,
  cookie,
  path = '/api/v1/invoice/csv',
  settleMs = 1_000,
}) => {
  // Settle the heap after what ran before so "before" is a fair starting point.
  await new Promise((resolve) => setTimeout(resolve, settleMs));
  const before = server.rss();
  let peak = before;
  const sampler = setInterval(() => {
    const now = server.rss();
    if (now !== null && now > peak) peak = now;
  }, 50);
  const started = performance.now();
  let newlines = 0;
  let bytes = 0;
  let firstByteMs = null;
  try {
    const response = await fetch(`${server.url}${path}`, { headers: { cookie } });
    if (!response.ok) throw new Error(`csv: ${response.status} ${await response.text()}`);
    for await (const chunk of response.body) {
      if (firstByteMs === null) firstByteMs = performance.now() - started;
      bytes += chunk.length;
      let at = chunk.indexOf(10);
      while (at !== -1) {
        newlines += 1;
        at = chunk.indexOf(10, at + 1);
      }
    }
  } finally {
    clearInterval(sampler);
  }
  const seconds = (performance.now() - started) / 1000;
  const rows = newlines - 1; // the header line
  return {
    rows,
    seconds,
    rowsPerSecond: rows / seconds,
    megabytes: bytes / 1e6,
    firstByteMs,
    rssBeforeMb: before / 2 ** 20,
    rssGrowthMb: (peak - before) / 2 ** 20,
  };
};

export const measureInvoiceCsv = async ({ server, runs = CSV_RUNS }) => {
  const cookie = await signIn(server.url, 'admin', 'admin-demo');
  const results = [];
  for (let run = 0; run < runs; run += 1) results.push(await downloadCsv({ server, cookie }));
  return {
    rows: Math.min(...results.map((result) => result.rows)),
    rowsPerSecond: results.reduce((sum, result) => sum + result.rowsPerSecond, 0) / results.length,
    rssGrowthMb: Math.max(...results.map((result) => result.rssGrowthMb)),
    runs: results,
  };
};
