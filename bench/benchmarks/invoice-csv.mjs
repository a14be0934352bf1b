/**
 * Target 3: GET /api/v1/invoice/csv of every invoice (Invoices.csv), read as it streams. Rows/s
 * counts CSV records over the whole download; memory growth is the server's peak resident size
 * during the download minus its size just before (VmRSS sampled every 50 ms).
 */
import { signIn } from './invoice-list.mjs';

export const measureInvoiceCsv = async ({ server }) => {
  const cookie = await signIn(server.url, 'admin', 'admin-demo');
  // Settle the heap after the earlier benchmarks so "before" is a fair starting point.
  await new Promise((resolve) => setTimeout(resolve, 1_000));
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
    const response = await fetch(`${server.url}/api/v1/invoice/csv`, { headers: { cookie } });
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
