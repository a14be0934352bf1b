/**
 * The live event stream's connection (issue 25 items 2 and 4): an EventSource that keeps its
 * place and survives a server restart.
 *
 * - Position: every event's id is remembered, `ready`'s and the `position` event's (every 20 s)
 *   too, so a quiet stream (nothing in its scope) still knows where it stands. A browser's own
 *   reconnect sends it back as Last-Event-ID; a new EventSource opened here passes it as
 *   `?lastEventId=`. Either way the server resumes there (`ready` with resumed true) instead of
 *   telling the screens to reload.
 * - Reconnecting: when a healthy stream drops (the server ends each one every few minutes), the
 *   browser's own reconnect is left to run once. When that fails too, or the stream failed with an
 *   HTTP error (the browser then gives up), the source is closed and a new one opened after a
 *   back-off: 1 s, 2 s, 4 s … at most 30 s, each ±20 % so tabs do not come back all at once. The
 *   back-off starts again once a stream says `ready`.
 * - Resynchronising: after a reconnect that could not resume (`ready` with resumed false after an
 *   error) or when the server says `resync`, `onResync` is called, once per connection.
 * - The session: EventSource does not tell why a stream failed, and a 401 (the session expired or
 *   was ended) would otherwise be retried for ever. The first failure that leads to a back-off
 *   calls `checkSession` once per failure streak (until a stream says `ready` again); a check that
 *   got no answer (the server is down) is made again at the next failure.
 *
 * Pure TypeScript: the EventSource and the randomness can be given (tests).
 */

/** The part of EventSource used here. */
export interface EventSourceLike {
  readonly readyState: number;
  onerror: ((event: Event) => void) | null;
  addEventListener(type: string, listener: (event: MessageEvent) => void): void;
  close(): void;
}

/** EventSource.CONNECTING: the browser is reconnecting by itself. */
const CONNECTING = 0;

export interface BackoffOptions {
  /** The first delay. */
  baseMs: number;
  /** The longest delay. */
  maxMs: number;
  /** The delay varies by up to this share either way (0.2 = ±20 %). */
  jitter: number;
}

export const LIVE_BACKOFF: BackoffOptions = { baseMs: 1_000, maxMs: 30_000, jitter: 0.2 };

/**
 * The delay before reconnect attempt `attempt` (0 for the first): base·2^attempt up to the
 * maximum, varied by the jitter (`random` in [0, 1); 0.5 gives the exact value), never above the
 * maximum.
 */
export const backoffDelay = (
  attempt: number,
  random: number,
  { baseMs, maxMs, jitter }: BackoffOptions = LIVE_BACKOFF,
): number => {
  const exact = Math.min(maxMs, baseMs * 2 ** Math.min(attempt, 30));
  return Math.round(Math.min(maxMs, exact * (1 - jitter + 2 * jitter * random)));
};

export interface LiveEventClientOptions {
  /** The stream's URL, e.g. /api/v1/live-events. */
  url: string;
  /** The named events to listen to (EventSource only hands over the names it is told). */
  eventNames: readonly string[];
  /** Each of those events, its data parsed from JSON (events whose data is not JSON are dropped). */
  onEvent: (name: string, data: unknown) => void;
  /** Events may have been missed: reload what is shown. */
  onResync: () => void;
  /**
   * Asks the server whether the session still holds (a 401 signs out, which stops the client).
   * Resolves whether it got an answer; false (or a rejection) asks again at the next failure.
   */
  checkSession?: () => Promise<boolean>;
  createEventSource?: (url: string) => EventSourceLike;
  backoff?: BackoffOptions;
  random?: () => number;
}

export interface LiveEventClient {
  start(): void;
  /** Closes the stream and cancels a pending reconnect for good. */
  stop(): void;
  /** The id of the last event heard; undefined before the first. */
  readonly lastEventId: string | undefined;
}

const parse = (text: unknown): unknown => {
  if (typeof text !== 'string') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

const defaultEventSource = (url: string): EventSourceLike => new EventSource(url);

export const createLiveEventClient = ({
  url,
  eventNames,
  onEvent,
  onResync,
  checkSession,
  createEventSource = defaultEventSource,
  backoff = LIVE_BACKOFF,
  random = Math.random,
}: LiveEventClientOptions): LiveEventClient => {
  let source: EventSourceLike | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = true;
  let lastEventId: string | undefined;
  /** Consecutive failed attempts: the next back-off's exponent. */
  let attempt = 0;
  /** The current stream said `ready` and has not failed since. */
  let healthy = false;
  /** A stream failed since the last `ready`: the next `ready` tells whether anything was missed. */
  let recovering = false;
  /** `onResync` was called for the current connection. */
  let resynced = false;
  /** Failure streaks so far: a streak ends when a stream says `ready`. */
  let streak = 0;
  /** `checkSession` was called (and did not come back unanswered) in the current streak. */
  let sessionChecked = false;

  const checkSessionOnce = () => {
    if (!checkSession || sessionChecked) return;
    sessionChecked = true;
    const checkedIn = streak;
    const unanswered = () => {
      if (streak === checkedIn) sessionChecked = false;
    };
    checkSession().then((answered) => {
      if (!answered) unanswered();
    }, unanswered);
  };

  const resync = () => {
    if (resynced) return;
    resynced = true;
    onResync();
  };

  const remember = (event: MessageEvent) => {
    if (event.lastEventId) lastEventId = event.lastEventId;
  };

  const streamUrl = () => {
    if (lastEventId === undefined) return url;
    const separator = url.includes('?') ? '&' : '?';
    return `${url}${separator}lastEventId=${encodeURIComponent(lastEventId)}`;
  };

  const open = () => {
    timer = undefined;
    if (stopped) return;
    healthy = false;
    resynced = false;
    const current = createEventSource(streamUrl());
    source = current;
    const mine = (listener: (event: MessageEvent) => void) => (event: MessageEvent) => {
      if (source === current) listener(event);
    };
    current.addEventListener(
      'ready',
      mine((event) => {
        remember(event);
        const ready = parse(event.data) as { resumed?: unknown } | undefined;
        if (recovering && ready?.resumed !== true) resync();
        recovering = false;
        healthy = true;
        attempt = 0;
        streak += 1;
        sessionChecked = false;
      }),
    );
    // Every 20 s: only the stream's position, for a stream that has nothing else to say.
    current.addEventListener('position', mine(remember));
    current.addEventListener(
      'resync',
      mine((event) => {
        remember(event);
        resync();
      }),
    );
    for (const name of eventNames) {
      current.addEventListener(
        name,
        mine((event) => {
          remember(event);
          const data = parse(event.data);
          if (data !== undefined) onEvent(name, data);
        }),
      );
    }
    current.onerror = () => {
      if (source !== current) return;
      recovering = true;
      if (healthy && current.readyState === CONNECTING) {
        // A stream that worked dropped (e.g. its lifetime ended): the browser reconnects by
        // itself with Last-Event-ID. If that fails as well, the next error lands below.
        healthy = false;
        resynced = false;
        return;
      }
      current.close();
      source = null;
      healthy = false;
      checkSessionOnce();
      const delay = backoffDelay(attempt, random(), backoff);
      attempt += 1;
      timer = setTimeout(open, delay);
    };
  };

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      open();
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
      timer = undefined;
      source?.close();
      source = null;
    },
    get lastEventId() {
      return lastEventId;
    },
  };
};
