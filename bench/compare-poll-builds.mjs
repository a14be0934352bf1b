/**
 * Compares server builds (or node flags) on the status poll, for changes of a few per cent that
 * separate runs of the full benchmark cannot show on a shared machine (docs/performance.md):
 *
 *   node bench/compare-poll-builds.mjs before=apps/server/dist-before/main.js \
 *     after=apps/server/dist/main.js "flag=apps/server/dist/main.js --max-semi-space-size=32"
 *
 * Needs the PostgreSQL data set of `npm run bench` (paygate_bench) and the baseline's port. Each
 * variant runs as its own server on its own port. A round loads every variant once, in turn
 * (order reversed every other round), each right after a baseline load of the same length, so
 * every poll figure has a baseline taken seconds before it. Printed per variant, medians over
 * the rounds:
 * - ratio: poll req/s over the baseline load just before it (what the benchmark's target reads);
 * - against the first: that ratio over the first variant's in the same round (paired, so a
 *   busy minute moves both);
 * - main-thread CPU per poll (µs), the main thread's busy share during the load and the share
 *   it was runnable but waited for a core (schedstat), read from /proc: what is left of the wall
 *   time the thread had nothing to do (docs/performance.md, twelfth session: the poll's missing
 *   busy share is mostly waiting for a core);
 * - the whole machine's time per poll (all cores: server, load generator, PostgreSQL) and, in
 *   brackets, the part of it no core had work and the part other processes took
 *   (lib/machine-cpu.mjs);
 * - the poll's p99 latency (the median round's and the worst round's).
 * ROUNDS (default 10) and ROUND_SECONDS (default 2) in the environment.
 */
import path from 'node:path';
import { startBaseline } from './benchmarks/baseline.mjs';
import { pollPaths, runPollLoad } from './benchmarks/status-poll.mjs';
import { benchTarget, openSql } from './lib/bench-database.mjs';
import { readFixtures } from './lib/bench-fixtures.mjs';
import { ROOT } from './lib/bench-paths.mjs';
import { median } from './lib/http-load.mjs';
import {
  cpuPerRequest,
  mainThreadRunQueueSeconds,
  mainThreadSeconds,
  readMachineCpu,
} from './lib/machine-cpu.mjs';
import { BENCH_PORTS, startServer } from './lib/server-process.mjs';

const ROUNDS = Number(process.env.ROUNDS ?? 10);
const ROUND_SECONDS = Number(process.env.ROUND_SECONDS ?? 2);

const variants = process.argv.slice(2).map((argument, index) => {
  const [name, rest] = argument.split(/=(.*)/s);
  const [main, ...nodeArguments] = (rest ?? '').split(' ').filter(Boolean);
  if (!name || !main)
    throw new Error(`expected name=path/to/main.js [node flags], got ${argument}`);
  return {
    name,
    main: path.resolve(ROOT, main),
    nodeArguments,
    port: BENCH_PORTS.api + 50 + 10 * index,
  };
});
if (variants.length === 0) {
  console.error('usage: node bench/compare-poll-builds.mjs name=path/to/main.js [node flags] ...');
  process.exit(2);
}

/**
 * Median machine time per poll over the rounds, all cores, with the idle part and the part other
 * processes took (lib/machine-cpu.mjs).
 */
const machineColumn = (rounds) => {
  const measured = rounds.map((round) => round.machine).filter(Boolean);
  if (measured.length === 0) return '-';
  const part = (name) => median(measured.map((machine) => machine[name])).toFixed(1);
  return `${part('machine')} (${part('idle')}, ${part('other')})`;
};

/** The main thread's median share of the wall time runnable but without a core. */
const waitingColumn = (rounds) => {
  const measured = rounds.map((round) => round.waiting).filter((waiting) => waiting !== null);
  return measured.length === 0 ? '-' : `${Math.round(100 * median(measured))} %`;
};

const target = benchTarget('postgres');
const sql = await openSql(target);
const { formIds } = await readFixtures(sql).finally(() => sql.close());
const paths = pollPaths(formIds);
const baseline = await startBaseline();
try {
  for (const variant of variants) {
    variant.server = await startServer(target, variant);
    variant.rounds = [];
    await runPollLoad({ url: variant.server.url, paths, seconds: 2 });
  }
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const variant of round % 2 ? [...variants].reverse() : variants) {
      const base = await baseline.measure(ROUND_SECONDS);
      const cpuBefore = mainThreadSeconds(variant.server.pid);
      const waitedBefore = mainThreadRunQueueSeconds(variant.server.pid);
      const machineBefore = readMachineCpu(variant.server.pid);
      const startedAt = performance.now();
      const poll = await runPollLoad({ url: variant.server.url, paths, seconds: ROUND_SECONDS });
      const cpu = mainThreadSeconds(variant.server.pid) - cpuBefore;
      const waitedAfter = mainThreadRunQueueSeconds(variant.server.pid);
      const wall = (performance.now() - startedAt) / 1000;
      const machine = cpuPerRequest(machineBefore, readMachineCpu(variant.server.pid), poll.total);
      variant.rounds.push({
        ratio: poll.requestsPerSecond / base.requestsPerSecond,
        cpuPerPoll: (cpu * 1e6) / poll.total,
        busy: cpu / wall,
        waiting:
          waitedBefore === null || waitedAfter === null
            ? null
            : (waitedAfter - waitedBefore) / wall,
        machine,
        p99: poll.p99,
        failed: poll.non2xx + poll.errors,
      });
    }
    process.stdout.write(`round ${round + 1}/${ROUNDS}\r`);
  }
  const first = variants[0];
  console.log(`${ROUNDS} rounds of ${ROUND_SECONDS} s, medians:`);
  console.table(
    variants.map((variant) => ({
      variant: variant.name,
      ratio: median(variant.rounds.map((round) => round.ratio)).toFixed(3),
      'against the first': median(
        variant.rounds.map((round, index) => round.ratio / first.rounds[index].ratio),
      ).toFixed(3),
      'main-thread µs per poll': median(variant.rounds.map((round) => round.cpuPerPoll)).toFixed(1),
      'main thread busy': `${Math.round(100 * median(variant.rounds.map((round) => round.busy)))} %`,
      'waiting for a core': waitingColumn(variant.rounds),
      'machine µs per poll (idle, other)': machineColumn(variant.rounds),
      'p99 ms (median, worst)': `${median(variant.rounds.map((round) => round.p99))}, ${Math.max(...variant.rounds.map((round) => round.p99))}`,
      'failed answers': variant.rounds.reduce((sum, round) => sum + round.failed, 0),
    })),
  );
} finally {
  for (const variant of variants) await variant.server?.stop();
  await baseline.stop();
}
