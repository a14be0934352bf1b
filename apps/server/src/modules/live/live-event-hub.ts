import type { Database } from '../../db/database.ts';
import {
  type LiveEventCursor,
  type LiveEventRow,
  nothingPrunedAfter,
  readLiveEventHead,
  readLiveEventsAfter,
} from './live-event-repository.ts';

/** How often an instance with listeners looks for new rows. */
export const LIVE_EVENT_POLL_MS = 250;
const READ_BATCH = 500;

export const cursorOrder = (a: LiveEventCursor, b: LiveEventCursor): number =>
  a.txId === b.txId ? a.id - b.id : a.txId < b.txId ? -1 : 1;

/** The SSE id of a row: its place in the order, which a reconnecting browser sends back. */
export const formatCursor = (cursor: LiveEventCursor): string => `${cursor.txId}-${cursor.id}`;

export const parseCursor = (text: string | undefined): LiveEventCursor | null => {
  const match = /^(\d{1,19})-(\d{1,15})$/.exec(text?.trim() ?? '');
  if (!match?.[1] || !match[2]) return null;
  return { txId: BigInt(match[1]), id: Number(match[2]) };
};

export interface LiveListener {
  /** Whether this listener may hear of a row (its merchant scope). */
  accepts: (row: LiveEventRow) => boolean;
  deliver: (row: LiveEventRow) => void;
  /** The instance is shutting down: end the stream so the browser reconnects elsewhere. */
  end: () => void;
}

interface Subscription {
  listener: LiveListener;
  /** The last row it was given; rows at or before it are not given again. */
  cursor: LiveEventCursor;
  /** Rows that arrived while its missed rows were being read. */
  pending: LiveEventRow[] | null;
}

export type ResumeOutcome = 'resumed' | 'fresh' | 'gap';

/**
 * One per instance: reads live_events of finished transactions in order (any instance's rows:
 * several instances on one PostgreSQL each read the table) and hands each row to the listeners
 * whose scope includes it. Reads only while someone listens, one query per poll whatever the
 * number of listeners.
 */
export class LiveEventHub {
  private readonly subscriptions = new Set<Subscription>();
  private cursor: LiveEventCursor | null = null;
  private timer: NodeJS.Timeout | undefined;
  private polling: Promise<void> | null = null;
  private headRead: Promise<void> | null = null;
  private closed = false;

  constructor(
    private readonly db: Database,
    private readonly options: { pollMs?: number; onError?: (error: unknown) => void } = {},
  ) {}

  get listenerCount(): number {
    return this.subscriptions.size;
  }

  /**
   * Adds a listener. With `resumeAfter` (a browser's Last-Event-ID) it first gets every kept row
   * after it ('resumed'); when that row is no longer kept ('gap') or there is none ('fresh') it
   * starts with what is new, and a 'gap' tells the browser to load its screens again.
   */
  async subscribe(
    listener: LiveListener,
    resumeAfter: LiveEventCursor | null,
  ): Promise<{
    outcome: ResumeOutcome;
    unsubscribe: () => void;
    /** Where the listener stands: every row up to here was given to it (or not in its scope). */
    position: () => LiveEventCursor;
  }> {
    if (this.closed) throw new Error('live event hub is closed');
    // Idle, the hub has not been reading: it starts again from what is new now.
    if (this.subscriptions.size === 0 && !this.headRead) {
      this.headRead = readLiveEventHead(this.db)
        .then((head) => {
          if (this.subscriptions.size === 0) this.cursor = head;
          else this.cursor ??= head;
        })
        .finally(() => {
          this.headRead = null;
        });
    }
    if (this.headRead) await this.headRead;
    // A position continues exactly when no row after it was pruned; one at or past the head
    // (a quiet stream's heartbeat) has nothing to replay.
    const atHead = (position: LiveEventCursor) =>
      cursorOrder(position, this.cursor ?? { txId: 0n, id: 0 }) >= 0;
    const resumable = resumeAfter !== null && (await nothingPrunedAfter(this.db, resumeAfter));
    const outcome: ResumeOutcome = resumeAfter === null ? 'fresh' : resumable ? 'resumed' : 'gap';
    // Nothing awaited from here until the subscription is added: no row read in between is lost.
    const hubCursor = this.cursor ?? { txId: 0n, id: 0 };
    // At or past the head (another instance may have read a little further): start at the head;
    // a row given twice is harmless, a row never given is not.
    const replayFrom = resumable && resumeAfter && !atHead(resumeAfter) ? resumeAfter : null;
    const subscription: Subscription = {
      listener,
      cursor: replayFrom ?? hubCursor,
      pending: replayFrom ? [] : null,
    };
    this.subscriptions.add(subscription);
    this.schedule();
    const unsubscribe = () => {
      this.subscriptions.delete(subscription);
    };
    if (replayFrom) {
      try {
        await this.replay(subscription, hubCursor);
      } catch (error) {
        unsubscribe();
        throw error;
      }
    }
    return { outcome, unsubscribe, position: () => subscription.cursor };
  }

  /** Ends every stream (shutdown) and stops reading. */
  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    for (const subscription of this.subscriptions) subscription.listener.end();
    this.subscriptions.clear();
  }

  /** Reads now instead of at the next poll; answers when the read is done. */
  async pollNow(): Promise<void> {
    if (this.polling) await this.polling;
    this.polling = this.poll().finally(() => {
      this.polling = null;
    });
    await this.polling;
  }

  private async replay(subscription: Subscription, until: LiveEventCursor) {
    for (;;) {
      const rows = await readLiveEventsAfter(this.db, subscription.cursor, READ_BATCH);
      const upTo = rows.filter((row) => cursorOrder(row, until) <= 0);
      for (const row of upTo) this.give(subscription, row);
      if (upTo.length < READ_BATCH) break;
    }
    const pending = subscription.pending ?? [];
    subscription.pending = null;
    for (const row of pending) this.give(subscription, row);
  }

  private give(subscription: Subscription, row: LiveEventRow) {
    if (cursorOrder(row, subscription.cursor) <= 0) return;
    subscription.cursor = row;
    if (subscription.listener.accepts(row)) subscription.listener.deliver(row);
  }

  private schedule() {
    if (this.timer || this.closed || this.subscriptions.size === 0) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.pollNow()
        .catch((error: unknown) => this.options.onError?.(error))
        .finally(() => this.schedule());
    }, this.options.pollMs ?? LIVE_EVENT_POLL_MS);
    this.timer.unref();
  }

  private async poll() {
    if (this.subscriptions.size === 0 || !this.cursor) return;
    for (;;) {
      const rows = await readLiveEventsAfter(this.db, this.cursor, READ_BATCH);
      for (const row of rows) {
        this.cursor = row;
        for (const subscription of this.subscriptions) {
          if (subscription.pending) subscription.pending.push(row);
          else this.give(subscription, row);
        }
      }
      if (rows.length < READ_BATCH) return;
    }
  }
}
