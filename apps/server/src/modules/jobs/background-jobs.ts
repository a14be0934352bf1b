/**
 * Background work (callback delivery, expiry, the sandbox provider) runs as periodic jobs over
 * database queues. Each run claims a batch with FOR UPDATE SKIP LOCKED, so any number of server
 * instances can run the same jobs against one PostgreSQL without doing anything twice.
 */
export interface BackgroundJob {
  name: string;
  /** Pause between runs when the last run found less than a full batch. */
  idleDelayMs: number;
  /** Processes one batch; returns whether a full batch was found (run again at once). */
  runOnce: () => Promise<boolean>;
}

export interface JobLogger {
  error: (details: object, message: string) => void;
}

export interface RunningJobs {
  /** Stops scheduling and waits for the runs in flight to finish. */
  stop: () => Promise<void>;
}

export const startBackgroundJobs = (jobs: BackgroundJob[], logger: JobLogger): RunningJobs => {
  let stopped = false;
  const timers = new Set<NodeJS.Timeout>();
  const inFlight = new Set<Promise<void>>();

  const schedule = (job: BackgroundJob, delayMs: number) => {
    if (stopped) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      const run = (async () => {
        let fullBatch = false;
        try {
          fullBatch = await job.runOnce();
        } catch (error) {
          logger.error({ job: job.name, err: error }, `background job ${job.name} failed`);
        }
        schedule(job, fullBatch ? 0 : job.idleDelayMs);
      })();
      inFlight.add(run);
      void run.finally(() => inFlight.delete(run));
    }, delayMs);
    timers.add(timer);
  };

  for (const job of jobs) schedule(job, 0);

  return {
    stop: async () => {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await Promise.allSettled([...inFlight]);
    },
  };
};
