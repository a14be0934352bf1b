import { describe, expect, it } from 'vitest';
import { BatchPartlyFailed, startBackgroundJobs } from './background-jobs.ts';

const silentLogger = { error: () => {} };
const waitFor = async (condition: () => boolean, timeoutMs = 2_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
};

describe('background jobs', () => {
  it('runs again at once after a full batch and waits after a partial one', async () => {
    const batches = [true, true, false];
    let runs = 0;
    const jobs = startBackgroundJobs(
      [{ name: 'drain', idleDelayMs: 60_000, runOnce: async () => batches[runs++] ?? false }],
      silentLogger,
    );
    await waitFor(() => runs === 3);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(runs).toBe(3);
    await jobs.stop();
  });

  it('keeps running after a failure and logs it', async () => {
    const errors: object[] = [];
    let runs = 0;
    const jobs = startBackgroundJobs(
      [
        {
          name: 'flaky',
          idleDelayMs: 1,
          runOnce: async () => {
            runs += 1;
            if (runs === 1) throw new Error('database went away');
            return false;
          },
        },
      ],
      { error: (details) => errors.push(details) },
    );
    await waitFor(() => runs >= 3);
    await jobs.stop();
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ job: 'flaky' });
  });

  it('runs again at once after a full batch that partly failed, and logs the failures', async () => {
    const errors: object[] = [];
    const outcomes = [
      new BatchPartlyFailed([new Error('one item')], 'part failed', true),
      new BatchPartlyFailed([new Error('every item')], 'all failed', false),
    ];
    let runs = 0;
    const jobs = startBackgroundJobs(
      [
        {
          name: 'partly',
          idleDelayMs: 60_000,
          runOnce: async () => {
            const outcome = outcomes[runs++];
            if (outcome) throw outcome;
            return false;
          },
        },
      ],
      { error: (details) => errors.push(details) },
    );
    await waitFor(() => runs === 2);
    await new Promise((resolve) => setTimeout(resolve, 50));
    // The second batch did nothing: the job waits for its idle delay, not a third run at once.
    expect(runs).toBe(2);
    expect(errors).toHaveLength(2);
    await jobs.stop();
  });

  it('waits for the run in flight when stopped, and schedules nothing after', async () => {
    let finished = false;
    let runs = 0;
    const jobs = startBackgroundJobs(
      [
        {
          name: 'slow',
          idleDelayMs: 1,
          runOnce: async () => {
            runs += 1;
            await new Promise((resolve) => setTimeout(resolve, 50));
            finished = true;
            return true;
          },
        },
      ],
      silentLogger,
    );
    await waitFor(() => runs === 1);
    await jobs.stop();
    expect(finished).toBe(true);
    const runsAtStop = runs;
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(runs).toBe(runsAtStop);
  });

  it('tells the run in flight to stop, then releases what each job still holds', async () => {
    const order: string[] = [];
    const jobs = startBackgroundJobs(
      [
        {
          name: 'claims',
          idleDelayMs: 60_000,
          runOnce: async (stopping) => {
            order.push('run started');
            await new Promise<void>((resolve) => {
              if (stopping?.aborted) resolve();
              stopping?.addEventListener('abort', () => resolve());
            });
            order.push('run noticed the stop');
            return false;
          },
          releaseClaims: async () => {
            order.push('claims released');
          },
        },
        {
          name: 'broken-release',
          idleDelayMs: 60_000,
          runOnce: async () => false,
          releaseClaims: async () => {
            throw new Error('database went away');
          },
        },
      ],
      silentLogger,
    );
    await waitFor(() => order.includes('run started'));
    await jobs.stop();
    expect(order).toEqual(['run started', 'run noticed the stop', 'claims released']);
  });
});
