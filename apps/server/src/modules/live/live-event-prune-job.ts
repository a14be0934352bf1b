import type { Database } from '../../db/database.ts';
import type { BackgroundJob } from '../jobs/jobs-entry.ts';
import { pruneLiveEvents } from './live-event-service.ts';

/** Keeps live_events to its retention; any instance may run it, deleting twice is harmless. */
export const liveEventPruneJob = (db: Database, idleDelayMs = 60_000): BackgroundJob => ({
  name: 'live-event-prune',
  idleDelayMs,
  runOnce: async () => {
    await pruneLiveEvents(db);
    return false;
  },
});
