import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { backoffDelay, createLiveEventClient, type LiveEventClient } from './live-event-client.ts';
import { FakeEventSource } from './live-test-kit.ts';

const URL_PATH = '/api/v1/live-events';

let client: LiveEventClient | undefined;

const connect = ({
  random = () => 0.5,
  checkSession,
}: {
  random?: () => number;
  checkSession?: () => Promise<boolean>;
} = {}) => {
  const events: Array<[string, unknown]> = [];
  const onResync = vi.fn();
  client = createLiveEventClient({
    url: URL_PATH,
    eventNames: ['invoice.created', 'invoice.changed'],
    onEvent: (name, data) => events.push([name, data]),
    onResync,
    ...(checkSession ? { checkSession } : {}),
    createEventSource: (url) => new FakeEventSource(url),
    random,
  });
  client.start();
  return { client, events, onResync };
};

beforeEach(() => {
  FakeEventSource.reset();
  vi.useFakeTimers();
});

afterEach(() => {
  client?.stop();
  client = undefined;
});

describe('backoffDelay', () => {
  it('doubles from 1 s up to 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 12].map((attempt) => backoffDelay(attempt, 0.5))).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000,
    ]);
  });

  it('varies each delay by up to 20 % either way, never above 30 s', () => {
    expect(backoffDelay(0, 0)).toBe(800);
    expect(backoffDelay(0, 0.999_999)).toBe(1_200);
    expect(backoffDelay(2, 0)).toBe(3_200);
    expect(backoffDelay(10, 0.999_999)).toBe(30_000);
    expect(backoffDelay(10, 0)).toBe(24_000);
  });
});

describe('live event client', () => {
  it('listens to the named events and hands over their JSON data', () => {
    const { events } = connect();
    const source = FakeEventSource.latest;
    expect(source.url).toBe(URL_PATH);
    expect(source.listenedNames).toEqual(
      expect.arrayContaining(['ready', 'resync', 'position', 'invoice.created', 'invoice.changed']),
    );

    source.ready();
    source.emit('invoice.created', { invoiceId: 'a' }, '10-1');
    source.emit('invoice.changed', { invoiceId: 'a', status: 'DONE' }, '10-2');

    expect(events).toEqual([
      ['invoice.created', { invoiceId: 'a' }],
      ['invoice.changed', { invoiceId: 'a', status: 'DONE' }],
    ]);
    expect(client?.lastEventId).toBe('10-2');
  });

  it('lets the browser reconnect by itself once when a healthy stream drops', () => {
    const { onResync } = connect();
    const source = FakeEventSource.latest;
    source.ready();
    source.emit('invoice.created', { invoiceId: 'a' }, '10-1');

    // The stream's lifetime ended: the browser reconnects with Last-Event-ID by itself.
    source.fail({ reconnecting: true });
    vi.advanceTimersByTime(60_000);
    expect(FakeEventSource.instances).toHaveLength(1);
    expect(source.readyState).not.toBe(FakeEventSource.CLOSED);

    source.ready(true);
    expect(onResync).not.toHaveBeenCalled();
  });

  it('opens a new stream with ?lastEventId= after backing off 1 s, 2 s, 4 s…', () => {
    connect();
    const first = FakeEventSource.latest;
    first.ready();
    first.emit('invoice.changed', { invoiceId: 'a' }, '123-45');

    // The server went away: the browser's own reconnect fails as well, then it is given up.
    first.fail({ reconnecting: true });
    first.fail({ reconnecting: true });
    expect(first.readyState).toBe(FakeEventSource.CLOSED);

    vi.advanceTimersByTime(999);
    expect(FakeEventSource.instances).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeEventSource.instances).toHaveLength(2);
    expect(FakeEventSource.latest.url).toBe(`${URL_PATH}?lastEventId=123-45`);

    FakeEventSource.latest.fail();
    vi.advanceTimersByTime(1_999);
    expect(FakeEventSource.instances).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeEventSource.instances).toHaveLength(3);

    FakeEventSource.latest.fail();
    vi.advanceTimersByTime(3_999);
    expect(FakeEventSource.instances).toHaveLength(3);
    vi.advanceTimersByTime(1);
    expect(FakeEventSource.instances).toHaveLength(4);
    expect(FakeEventSource.latest.url).toBe(`${URL_PATH}?lastEventId=123-45`);
  });

  it('varies the delays by the jitter and waits at most 30 s', () => {
    let random = 0;
    connect({ random: () => random });
    // 1 s −20 %.
    FakeEventSource.latest.fail();
    vi.advanceTimersByTime(799);
    expect(FakeEventSource.instances).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeEventSource.instances).toHaveLength(2);

    random = 0.999_999;
    for (let attempt = 1; attempt < 10; attempt += 1) {
      FakeEventSource.latest.fail();
      vi.advanceTimersByTime(30_000);
    }
    expect(FakeEventSource.instances).toHaveLength(11);
    // 30 s +20 % is still 30 s.
    FakeEventSource.latest.fail();
    vi.advanceTimersByTime(29_999);
    expect(FakeEventSource.instances).toHaveLength(11);
    vi.advanceTimersByTime(1);
    expect(FakeEventSource.instances).toHaveLength(12);
  });

  it('backs off from 1 s again once a stream is ready', () => {
    connect();
    FakeEventSource.latest.fail();
    vi.advanceTimersByTime(1_000);
    FakeEventSource.latest.fail();
    vi.advanceTimersByTime(2_000);
    expect(FakeEventSource.instances).toHaveLength(3);

    FakeEventSource.latest.ready();
    FakeEventSource.latest.fail();
    vi.advanceTimersByTime(1_000);
    expect(FakeEventSource.instances).toHaveLength(4);
  });

  it('resynchronises after a reconnect that could not resume, once per connection', () => {
    const { onResync } = connect();
    FakeEventSource.latest.ready(false);
    // The first connection starts fresh: nothing to catch up on.
    expect(onResync).not.toHaveBeenCalled();

    FakeEventSource.latest.emit('invoice.created', { invoiceId: 'a' }, '5-1');
    FakeEventSource.latest.fail();
    vi.advanceTimersByTime(1_000);
    FakeEventSource.latest.ready(true);
    expect(onResync).not.toHaveBeenCalled();

    FakeEventSource.latest.fail();
    vi.advanceTimersByTime(1_000);
    // The position was too old: the server says resync, then ready without resuming.
    FakeEventSource.latest.emit('resync', {});
    FakeEventSource.latest.ready(false);
    expect(onResync).toHaveBeenCalledTimes(1);

    // After the browser's own reconnect too.
    FakeEventSource.latest.fail({ reconnecting: true });
    FakeEventSource.latest.ready(false);
    expect(onResync).toHaveBeenCalledTimes(2);
  });

  it('resynchronises whenever the server says so, even on a first connection', () => {
    const { onResync } = connect();
    FakeEventSource.latest.emit('resync', {});
    expect(onResync).toHaveBeenCalledTimes(1);
  });

  it('drops events whose data is not JSON, keeping their position', () => {
    const { events } = connect();
    FakeEventSource.latest.emitText('invoice.created', '{oops', '9-9');
    expect(events).toEqual([]);
    expect(client?.lastEventId).toBe('9-9');
  });

  it('stops for good: the stream is closed and no reconnect is pending', () => {
    connect();
    const source = FakeEventSource.latest;
    source.fail();
    client?.stop();
    vi.advanceTimersByTime(60_000);
    expect(FakeEventSource.instances).toHaveLength(1);

    client?.start();
    expect(FakeEventSource.instances).toHaveLength(2);
    client?.stop();
    expect(FakeEventSource.latest.readyState).toBe(FakeEventSource.CLOSED);
  });

  it('ignores what a replaced stream still reports', () => {
    const { events } = connect();
    const first = FakeEventSource.latest;
    first.fail();
    vi.advanceTimersByTime(1_000);
    first.readyState = FakeEventSource.OPEN;
    first.emit('invoice.created', { invoiceId: 'late' }, '1-1');
    first.onerror?.(new Event('error'));
    expect(events).toEqual([]);
    vi.advanceTimersByTime(60_000);
    expect(FakeEventSource.instances).toHaveLength(2);
  });

  it('keeps the position of a quiet stream from ready: it resumes instead of resyncing', () => {
    const { events, onResync } = connect();
    // Nothing in the caller's scope happens: the only id is ready's.
    FakeEventSource.latest.ready(false, '100-0');
    expect(client?.lastEventId).toBe('100-0');

    FakeEventSource.latest.fail();
    vi.advanceTimersByTime(1_000);
    expect(FakeEventSource.instances).toHaveLength(2);
    expect(FakeEventSource.latest.url).toBe(`${URL_PATH}?lastEventId=100-0`);

    FakeEventSource.latest.ready(true, '100-0');
    expect(onResync).not.toHaveBeenCalled();
    expect(events).toEqual([]);
  });

  it('moves the position with the position events, which need no handling', () => {
    const { events, onResync } = connect();
    FakeEventSource.latest.ready(false, '100-0');
    FakeEventSource.latest.position('130-0');
    FakeEventSource.latest.position('170-0');
    expect(client?.lastEventId).toBe('170-0');
    expect(events).toEqual([]);

    // The browser's own reconnect fails too (the server restarted): a new stream from there.
    FakeEventSource.latest.fail({ reconnecting: true });
    FakeEventSource.latest.fail({ reconnecting: true });
    vi.advanceTimersByTime(1_000);
    expect(FakeEventSource.latest.url).toBe(`${URL_PATH}?lastEventId=170-0`);
    FakeEventSource.latest.ready(true, '170-0');
    expect(onResync).not.toHaveBeenCalled();

    // An event later moves it on as before, and a position after it too.
    FakeEventSource.latest.emit('invoice.created', { invoiceId: 'a' }, '180-1');
    expect(client?.lastEventId).toBe('180-1');
    FakeEventSource.latest.position('200-0');
    expect(client?.lastEventId).toBe('200-0');
  });

  it('resumes a quiet stream the browser reconnects by itself', () => {
    const { onResync } = connect();
    const source = FakeEventSource.latest;
    source.ready(false, '100-0');
    source.position('130-0');
    // The stream's lifetime ended; the browser reconnects with Last-Event-ID 130-0.
    source.fail({ reconnecting: true });
    source.ready(true, '130-0');
    expect(FakeEventSource.instances).toHaveLength(1);
    expect(onResync).not.toHaveBeenCalled();
  });
});

describe('live event client: the session', () => {
  const settle = async () => {
    await vi.advanceTimersByTimeAsync(0);
  };

  it('checks the session once per failure streak, from its first failure', async () => {
    const checkSession = vi.fn(async () => true);
    connect({ checkSession });
    FakeEventSource.latest.ready(false, '1-0');
    expect(checkSession).not.toHaveBeenCalled();

    // An HTTP error (e.g. 401): checked at once, before the back-off ends.
    FakeEventSource.latest.fail();
    expect(checkSession).toHaveBeenCalledTimes(1);
    await settle();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      vi.advanceTimersByTime(30_000);
      FakeEventSource.latest.fail();
      await settle();
    }
    expect(checkSession).toHaveBeenCalledTimes(1);

    // A stream says ready: the streak is over; the next one checks again.
    vi.advanceTimersByTime(30_000);
    FakeEventSource.latest.ready(true, '1-0');
    FakeEventSource.latest.fail();
    expect(checkSession).toHaveBeenCalledTimes(2);
  });

  it('does not check when a healthy stream drops and the browser reconnects by itself', () => {
    const checkSession = vi.fn(async () => true);
    connect({ checkSession });
    FakeEventSource.latest.ready(false, '1-0');
    FakeEventSource.latest.fail({ reconnecting: true });
    expect(checkSession).not.toHaveBeenCalled();
    // That reconnect fails as well: now the back-off starts, and the check.
    FakeEventSource.latest.fail();
    expect(checkSession).toHaveBeenCalledTimes(1);
  });

  it('checks again at the next failure when a check got no answer', async () => {
    // No answer, then a check that failed outright, then an answer.
    const answers: Array<() => Promise<boolean>> = [
      async () => false,
      async () => {
        throw new Error('offline');
      },
    ];
    const checkSession = vi.fn(() => (answers.shift() ?? (async () => true))());
    connect({ checkSession });
    FakeEventSource.latest.fail();
    await settle();
    vi.advanceTimersByTime(1_000);
    FakeEventSource.latest.fail();
    await settle();
    vi.advanceTimersByTime(2_000);
    FakeEventSource.latest.fail();
    await settle();
    expect(checkSession).toHaveBeenCalledTimes(3);
    vi.advanceTimersByTime(4_000);
    FakeEventSource.latest.fail();
    await settle();
    expect(checkSession).toHaveBeenCalledTimes(3);
  });

  it('does not check again while a check is running', () => {
    const checkSession = vi.fn(() => new Promise<boolean>(() => {}));
    connect({ checkSession });
    FakeEventSource.latest.fail();
    vi.advanceTimersByTime(1_000);
    FakeEventSource.latest.fail();
    expect(checkSession).toHaveBeenCalledTimes(1);
  });
});
