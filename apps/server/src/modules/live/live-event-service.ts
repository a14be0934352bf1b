import type { Database } from '../../db/database.ts';
import {
  deleteLiveEventsBefore,
  insertLiveEvent,
  type NewLiveEvent,
} from './live-event-repository.ts';

/** What the back office hears of live (decision 0023). */
export const LIVE_EVENT_TYPES = [
  'invoice.created',
  'invoice.changed',
  'callback.attempted',
  'alert.opened',
  'alert.closed',
] as const;
export type LiveEventType = (typeof LIVE_EVENT_TYPES)[number];

/** How long rows are kept: a browser reconnecting within this gets everything it missed. */
export const LIVE_EVENT_RETENTION_MS = 10 * 60_000;

/**
 * Records a live event in the transaction of the change it describes: it is heard only if the
 * change commits, and by every instance's listeners.
 */
export const recordLiveEvent = (
  tx: Database,
  event: NewLiveEvent & { type: LiveEventType },
): Promise<void> => insertLiveEvent(tx, event);

/** Drops rows older than the retention; answers how many. */
export const pruneLiveEvents = (db: Database, now = new Date()): Promise<number> =>
  deleteLiveEventsBefore(db, new Date(now.getTime() - LIVE_EVENT_RETENTION_MS));
