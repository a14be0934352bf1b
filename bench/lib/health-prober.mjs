/**
 * GET /api/health on a fixed schedule from a process of its own (child_process.fork of this
 * file), so the probe's timing is not disturbed by the load generator's event loop: what it
 * measures is how long the server takes to answer a route without the database while under load.
 * Open loop (lib/open-loop.mjs): latency from each probe's scheduled time.
 *
 * Parent side: `forkHealthProber(url)`, then `prober.probe({ intervalMs, seconds })` as often as
 * needed, then `prober.stop()`. Child side (this file run by fork): warms up its connection,
 * answers `ready`, and runs each `probe` message, answering `result`.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { runOpenLoop } from './open-loop.mjs';

const SCRIPT = fileURLToPath(import.meta.url);

/** Ends the prober (SIGTERM) and waits for its exit. */
const stopProber = async (child) => {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
};

/** The next IPC message of `type` from `child`; rejects when the child exits first. */
const nextMessage = (child, type) =>
  new Promise((resolve, reject) => {
    const onMessage = (message) => {
      if (message?.type === 'failed') finish(reject, new Error(`health prober: ${message.error}`));
      else if (message?.type === type) finish(resolve, message);
    };
    const onExit = (code) => finish(reject, new Error(`health prober exited with ${code}`));
    const finish = (settle, value) => {
      child.off('message', onMessage);
      child.off('exit', onExit);
      settle(value);
    };
    child.on('message', onMessage);
    child.on('exit', onExit);
  });

export const forkHealthProber = async (serverUrl) => {
  const child = fork(SCRIPT, [`${serverUrl}/api/health`], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  try {
    await nextMessage(child, 'ready');
  } catch (error) {
    await stopProber(child);
    throw error;
  }
  return {
    pid: child.pid,
    /** Probes every `intervalMs` for `seconds`; resolves with the open-loop figures of the probes. */
    probe: async ({ intervalMs, seconds }) => {
      const result = nextMessage(child, 'result');
      child.send({ type: 'probe', intervalMs, seconds });
      return (await result).health;
    },
    stop: () => stopProber(child),
  };
};

const probeOnce = async (url, signal) => {
  const response = await fetch(url, { signal });
  await response.arrayBuffer();
  return { ok: response.ok, status: response.status };
};

if (process.argv[1] === SCRIPT && process.send) {
  const url = process.argv[2];
  try {
    // The first fetch loads undici and opens the connection: not part of any measurement.
    for (let warmUp = 0; warmUp < 3; warmUp += 1) await probeOnce(url);
    process.send({ type: 'ready' });
  } catch (error) {
    process.send({ type: 'failed', error: String(error.message) });
    process.exit(1);
  }
  process.on('message', async (message) => {
    if (message?.type !== 'probe') return;
    try {
      const result = await runOpenLoop({
        seconds: message.seconds,
        streams: [
          {
            name: 'health',
            perSecond: 1000 / message.intervalMs,
            send: (_index, signal) => probeOnce(url, signal),
          },
        ],
      });
      process.send({ type: 'result', health: result.health });
    } catch (error) {
      process.send({ type: 'failed', error: String(error.message) });
    }
  });
  // The parent's end (IPC closed) ends the prober too.
  process.on('disconnect', () => process.exit(0));
}
