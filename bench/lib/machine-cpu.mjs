/**
 * Where the machine's CPU time goes during a load run, per request: the server under load (all
 * its threads), the load generator (this process), the local PostgreSQL processes, and the time
 * no core had anything to do. On the 2-core bench machine the three share the cores, so a
 * throughput ratio is the ratio of these sums: a poll that needs twice the machine time of a
 * bare-Fastify request gets half its throughput, whichever of the three spends it
 * (docs/performance.md, "eighth session").
 *
 * Read from /proc (Linux); elsewhere every figure is null.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's CPU times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** utime + stime in seconds of a /proc `stat` file, or null once its process has gone. */
const statSeconds = (path) => {
  try {
    const fields = readFileSync(path, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
};

/** CPU seconds of a process, all its threads; null once it has gone. */
const processSeconds = (pid) => statSeconds(`/proc/${pid}/stat`);

/** CPU seconds of a process's main thread (its thread id is the process id); null once gone. */
export const mainThreadSeconds = (pid) => statSeconds(`/proc/${pid}/task/${pid}/stat`);

/**
 * Seconds the process's main thread has waited for a core while runnable (the second field of
 * the scheduler's schedstat); null once it has gone or where the kernel keeps no schedstat. The
 * part of the wall time a thread is neither running nor waiting here, it had nothing to do.
 */
export const mainThreadRunQueueSeconds = (pid) => {
  try {
    const [, waitedNs] = readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'utf8').split(' ');
    return Number(waitedNs) / 1e9;
  } catch {
    return null;
  }
};

/** CPU seconds of every running `postgres` process, by pid. */
const postgresSeconds = () => {
  const byPid = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() !== 'postgres') continue;
    } catch {
      continue;
    }
    const seconds = processSeconds(entry);
    if (seconds !== null) byPid.set(entry, seconds);
  }
  return byPid;
};

/** The machine's idle (idle + iowait) and total CPU seconds over all cores. */
const machineSeconds = () => {
  const ticks = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1);
  const values = ticks.map(Number);
  return {
    idle: (values[3] + values[4]) / TICKS_PER_SECOND,
    total: values.reduce((sum, value) => sum + value, 0) / TICKS_PER_SECOND,
  };
};

/** A reading to compare with a later one (`cpuPerRequest`); null where /proc is not there. */
export const readMachineCpu = (serverPid) => {
  try {
    const own = process.cpuUsage();
    return {
      server: processSeconds(serverPid),
      loadGenerator: (own.user + own.system) / 1e6,
      postgres: postgresSeconds(),
      machine: machineSeconds(),
    };
  } catch {
    return null;
  }
};

/**
 * Microseconds per request between two readings: server, load generator, PostgreSQL (the
 * processes alive at the end; one that started meanwhile counts from zero), idle, the machine's
 * whole time (all cores) and what else ran in it. Null when either reading is.
 */
export const cpuPerRequest = (before, after, requests) => {
  if (!before || !after || before.server === null || after.server === null || requests <= 0) {
    return null;
  }
  const micros = (seconds) => (seconds * 1e6) / requests;
  let postgres = 0;
  for (const [pid, seconds] of after.postgres)
    postgres += seconds - (before.postgres.get(pid) ?? 0);
  const parts = {
    server: micros(after.server - before.server),
    loadGenerator: micros(after.loadGenerator - before.loadGenerator),
    postgres: micros(postgres),
    idle: micros(after.machine.idle - before.machine.idle),
    machine: micros(after.machine.total - before.machine.total),
  };
  // Anything else that ran meanwhile (other work on a shared machine, the kernel's own threads).
  const other = parts.machine - parts.server - parts.loadGenerator - parts.postgres - parts.idle;
  return { ...parts, other };
};

/** Runs `load` (resolving to a run with `total` requests) and adds its `cpu` per request. */
export const withCpuPerRequest = async (serverPid, load) => {
  const before = readMachineCpu(serverPid);
  const run = await load();
  return { ...run, cpu: cpuPerRequest(before, readMachineCpu(serverPid), run.total) };
};
