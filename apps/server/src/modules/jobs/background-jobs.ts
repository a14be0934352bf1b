/**
 * Background work (callback delivery, expiry, the sandbox provider) runs as periodic jobs over
 * database queues. Each run claims a batch with FOR UPDATE SKIP LOCKED, so any number of server
 * instances can run the same jobs against one PostgreSQL without doing anything twice.
 */
export interface BackgroundJob {
  name: string;
  /** Pause between runs when the last run found less than a full batch. */
  idleDelayMs: number;
  /**
   * Processes one batch; returns whether a full batch was found (run again at once). `stopping`
   * aborts when the jobs stop: a run then starts no new work and may cut work short.
   */
  runOnce: (stopping?: AbortSignal) => Promise<boolean>;
  /**
   * Hands back work this job claimed but did not finish (called once the runs have ended on
   * stop), so another instance takes it at once instead of after its lease.
   */
  releaseClaims?: () => Promise<void>;
}

/**
 * A run that did part of its batch and failed the rest (one error per item that failed): the
 * runner logs it, and runs the job again at once when `fullBatch` says more is due, as after a
 * full batch without failures. A job sets it only when something in the batch went through, so a
 * batch of items that always fail waits for the idle delay instead of spinning.
 */
export class BatchPartlyFailed extends AggregateError {
  constructor(
    errors: unknown[],
    message: string,
    readonly fullBatch: boolean,
  ) {
    super(errors, message);
    this.name = 'BatchPartlyFailed';
  }
}

export interface JobLogger {
  error: (details: object, message: string) => void;
}

export interface RunningJobs {
  /** Stops scheduling, tells the runs in flight to stop, waits for them, releases claims. */
  stop: () => Promise<void>;
}

export const startBackgroundJobs = (jobs: BackgroundJob[], logger: JobLogger): RunningJobs => {
  let stopped = false;
  const timers = new Set<NodeJS.Timeout>();
  const inFlight = new Set<Promise<void>>();
  const stopping = new AbortController();

  const schedule = (job: BackgroundJob, delayMs: number) => {
    if (stopped) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      const run = (async () => {
        let fullBatch = false;
        try {
          fullBatch = await job.runOnce(stopping.signal);
        } catch (error) {
          logger.error({ job: job.name, err: error }, `background job ${job.name} failed`);
          fullBatch = error instanceof BatchPartlyFailed && error.fullBatch;
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
      stopping.abort();
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await Promise.allSettled([...inFlight]);
      await Promise.all(
        jobs.map(async (job) => {
          try {
            await job.releaseClaims?.();
          } catch (error) {
            // The claims then run out by their lease instead.
            logger.error(
              { job: job.name, err: error },
              `background job ${job.name}: release failed`,
            );
          }
        }),
      );
    },
  };
};
