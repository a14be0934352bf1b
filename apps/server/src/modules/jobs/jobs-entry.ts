/**
 * What the jobs module offers other modules (decision 0018, "Boundaries"): the shape of a
 * background job (`BackgroundJob`) that a module's `*-job.ts` fills in, and the error a run throws
 * when only part of its batch failed (`BatchPartlyFailed`). Starting and stopping the
 * jobs is the server's (main.ts), not other modules'.
 */
export type { BackgroundJob } from './background-jobs.ts';
export { BatchPartlyFailed } from './background-jobs.ts';
