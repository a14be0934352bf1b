/**
 * The bare-Fastify baseline every throughput figure is divided by (measured in the same run).
 * The baseline server stays up for the whole run so a figure can also be compared with baseline
 * loads taken right next to it, under the same momentary conditions of a shared machine.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { BENCH_DIR } from '../lib/bench-paths.mjs';
import { runLoad } from '../lib/http-load.mjs';
import { BENCH_PORTS, stopChild, waitForHttp } from '../lib/server-process.mjs';

export const startBaseline = async () => {
  const child = spawn(process.execPath, [path.join(BENCH_DIR, 'lib/baseline-server.mjs')], {
    env: { ...process.env, PORT: String(BENCH_PORTS.baseline) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${BENCH_PORTS.baseline}/`;
  try {
    await waitForHttp(url, child, 30_000);
    // Same method and connections as the status poll it is compared with.
    await runLoad({ url, method: 'POST', seconds: 1 });
  } catch (error) {
    await stopChild(child);
    throw error;
  }
  return {
    /** The baseline server's process, for its CPU time (lib/machine-cpu.mjs). */
    pid: child.pid,
    /** One load run against the bare route (LOAD_SECONDS unless `seconds` says otherwise). */
    measure: (seconds) => runLoad({ url, method: 'POST', ...(seconds ? { seconds } : {}) }),
    stop: () => stopChild(child),
  };
};
