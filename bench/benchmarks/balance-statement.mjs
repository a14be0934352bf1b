/**
 * The balance statement (decision 0029): GET /api/v1/report/statement, the CSV of the ledger
 * rows of one balance and period, for the biggest merchant's busiest balance, signed in as the
 * demo administrator choosing that merchant (as a platform finance person would): one whole
 * month, that month's busiest day, and the longest period allowed, 366 days, which holds the
 * balance's whole history (lib/bench-fixtures.mjs readLedgerFixtures). The day and the month
 * are downloaded several times in a row on the same server, the year once, each read as it
 * streams (invoice-csv.mjs downloadCsv): rows/s over each whole download (the mean of the
 * runs), and the server's resident memory growth during a download (the largest of the runs).
 */
import { QUICK } from '../lib/bench-paths.mjs';
import { median } from '../lib/http-load.mjs';
import { cpuPerRequest, readMachineCpu } from '../lib/machine-cpu.mjs';
import { downloadCsv } from './invoice-csv.mjs';
import { signIn } from './invoice-list.mjs';

/** Downloads of each period: a day's is short, so more of them make its figure steadier. */
export const STATEMENT_RUNS = { busyDay: QUICK ? 5 : 10, month: 3, year: 1 };

export const statementPath = ({ merchantId, currencyId }, { periodStart, periodEnd }) =>
  `/api/v1/report/statement?${new URLSearchParams({
    periodStart,
    periodEnd,
    currencyId: String(currencyId),
    merchantId: String(merchantId),
  })}`;

/** The pause before each download, as downloadCsv's: the heap settles after what ran before. */
const SETTLE_MS = 1_000;

/** Sums the parts of per-download CPU splits weighted by their rows (µs per row overall). */
const cpuPerRowOf = (splits) => {
  const measured = splits.filter(({ cpu }) => cpu);
  if (measured.length === 0) return null;
  const rows = measured.reduce((sum, { rows }) => sum + rows, 0);
  const parts = Object.keys(measured[0].cpu);
  return Object.fromEntries(
    parts.map((part) => [
      part,
      measured.reduce((sum, split) => sum + split.cpu[part] * split.rows, 0) / rows,
    ]),
  );
};

const measurePeriod = async ({ server, cookie, ledger, period, runs }) => {
  const results = [];
  const splits = [];
  for (let run = 0; run < runs; run += 1) {
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const before = readMachineCpu(server.pid);
    const result = await downloadCsv({
      server,
      cookie,
      path: statementPath(ledger, period),
      settleMs: 0,
    });
    splits.push({
      rows: result.rows,
      cpu: cpuPerRequest(before, readMachineCpu(server.pid), result.rows),
    });
    results.push(result);
  }
  return {
    /** The machine's time per row during the downloads, split as lib/machine-cpu.mjs does (µs). */
    cpuPerRow: cpuPerRowOf(splits),
    period: `${period.periodStart}..${period.periodEnd}`,
    expectedRows: period.rows,
    rows: Math.min(...results.map((result) => result.rows)),
    rowsPerSecond: results.reduce((sum, result) => sum + result.rowsPerSecond, 0) / runs,
    medianMs: median(results.map((result) => result.seconds * 1000)),
    rssGrowthMb: Math.max(...results.map((result) => result.rssGrowthMb)),
    runs: results,
  };
};

/** The three periods; `ledger` is readLedgerFixtures' answer. */
export const measureBalanceStatement = async ({ server, ledger }) => {
  if (!ledger) throw new Error('no ledger rows in the month measured: generate the data set again');
  const cookie = await signIn(server.url, 'admin', 'admin-demo');
  // One download first: the route's and the database's first use are not part of the figures.
  await downloadCsv({ server, cookie, path: statementPath(ledger, ledger.busyDay) });
  const periods = {};
  for (const name of ['busyDay', 'month', 'year']) {
    periods[name] = await measurePeriod({
      server,
      cookie,
      ledger,
      period: ledger[name],
      runs: STATEMENT_RUNS[name],
    });
  }
  return {
    merchantId: ledger.merchantId,
    currencyId: ledger.currencyId,
    balanceRows: ledger.balanceRows,
    ...periods,
  };
};
