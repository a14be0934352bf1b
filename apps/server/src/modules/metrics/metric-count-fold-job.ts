import type { Database } from '../../db/database.ts';
import type { BackgroundJob } from '../jobs/jobs-entry.ts';
import { FOLD_BATCH, foldMetricCountDeltas } from './metrics-repository.ts';

/**
 * Folds the count triggers' delta rows into the totals, so a scrape adds a few rows instead of
 * many. Any instance may run it: a delta another instance is folding is skipped, never counted
 * twice.
 */
export const metricCountFoldJob = (db: Database, idleDelayMs = 10_000): BackgroundJob => ({
  name: 'metric-count-fold',
  idleDelayMs,
  runOnce: async () => (await foldMetricCountDeltas(db)) >= FOLD_BATCH,
});
