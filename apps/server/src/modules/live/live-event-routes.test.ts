import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { type Database, queryRows } from '../../db/database.ts';
import { openTestDatabase, TEST_DATABASE_KINDS } from '../../db/testing/test-databases.ts';
import { seedReferenceData } from '../../seed/reference-data-seed.ts';
import { seedRoles } from '../../seed/roles-seed.ts';
import { createTestMerchant, createTestPerson, signIn, TEST_AUTH } from '../../testing/test-app.ts';
import { createTestInvoice, createTestTerminal } from '../../testing/test-data.ts';
import { applyStatusChange } from '../invoices/invoices-entry.ts';
import { LiveEventHub } from './live-event-hub.ts';
import { STREAMS_PER_PERSON } from './live-event-routes.ts';
import { pruneLiveEvents, recordLiveEvent } from './live-event-service.ts';

interface Frame {
  id?: string;
  event: string;
  data: Record<string, unknown>;
}

/** Reads a text/event-stream body into frames as they arrive. */
const openStream = async (url: string, cookie: string, lastEventId?: string) => {
  const controller = new AbortController();
  const response = await fetch(url, {
    headers: {
      cookie,
      accept: 'text/event-stream',
      ...(lastEventId ? { 'last-event-id': lastEventId } : {}),
    },
    signal: controller.signal,
  });
  const frames: Frame[] = [];
  let ended = false;
  const reading = (async () => {
    if (!response.body) return;
    const decoder = new TextDecoder();
    let buffered = '';
    try {
      for await (const chunk of response.body) {
        buffered += decoder.decode(chunk as Uint8Array, { stream: true });
        for (let end = buffered.indexOf('\n\n'); end >= 0; end = buffered.indexOf('\n\n')) {
          const block = buffered.slice(0, end);
          buffered = buffered.slice(end + 2);
          const fields = Object.fromEntries(
            block
              .split('\n')
              .filter((line) => line && !line.startsWith(':'))
              .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 2)]),
          ) as Record<string, string>;
          if (!fields.event) continue;
          frames.push({
            ...(fields.id ? { id: fields.id } : {}),
            event: fields.event,
            data: JSON.parse(fields.data ?? '{}') as Record<string, unknown>,
          });
        }
      }
    } catch {
      // Aborted by the test.
    }
    ended = true;
  })();
  const waitFor = async (predicate: (frames: Frame[]) => boolean) => {
    await expect.poll(() => predicate(frames), { timeout: 15_000, interval: 25 }).toBe(true);
  };
  return {
    response,
    frames,
    waitFor,
    get ended() {
      return ended;
    },
    close: async () => {
      controller.abort();
      await reading;
    },
  };
};

describe.each(TEST_DATABASE_KINDS)('live event stream on %s', (kind) => {
  let db: Database;
  let closeAll: () => Promise<void>;
  let baseUrl: string;
  let secondUrl: string;
  const cookies: Record<'admin' | 'merchant' | 'otherMerchant', string> = {
    admin: '',
    merchant: '',
    otherMerchant: '',
  };
  let own: { id: number };
  let other: { id: number };
  let ownTerminal: Awaited<ReturnType<typeof createTestTerminal>>;

  beforeAll(async () => {
    const handle = await openTestDatabase(kind);
    db = handle.db;
    await seedRoles(db);
    await seedReferenceData(db);
    // Two apps with their own hubs on one database: two instances of the server.
    const apps: Awaited<ReturnType<typeof buildApp>>[] = [];
    for (let index = 0; index < 2; index += 1) {
      const app = await buildApp({
        db,
        auth: TEST_AUTH,
        liveEvents: new LiveEventHub(db, { pollMs: 50 }),
      });
      await app.listen({ host: '127.0.0.1', port: 0 });
      apps.push(app);
    }
    const [first, second] = apps;
    if (!first || !second) throw new Error('two apps expected');
    baseUrl = `http://127.0.0.1:${(first.server.address() as AddressInfo).port}`;
    secondUrl = `http://127.0.0.1:${(second.server.address() as AddressInfo).port}`;
    own = await createTestMerchant(db, 'Own shop');
    other = await createTestMerchant(db, 'Other shop');
    ownTerminal = await createTestTerminal(db, own.id);
    const admin = await createTestPerson(db, { username: 'live-admin', role: 'admin' });
    const merchant = await createTestPerson(db, {
      username: 'live-merchant',
      role: 'merchant',
      merchantId: own.id,
    });
    const otherMerchant = await createTestPerson(db, {
      username: 'live-other',
      role: 'merchant',
      merchantId: other.id,
    });
    cookies.admin = await signIn(first, 'live-admin', admin.password);
    cookies.merchant = await signIn(first, 'live-merchant', merchant.password);
    cookies.otherMerchant = await signIn(first, 'live-other', otherMerchant.password);
    closeAll = async () => {
      for (const app of apps) await app.close();
      await handle.close();
    };
  });
  afterAll(async () => closeAll?.());

  const streamUrl = (base: string) => `${base}/api/v1/live-events`;

  it('refuses a caller without a session', async () => {
    const response = await fetch(streamUrl(baseUrl));
    expect(response.status).toBe(401);
  });

  it('streams an invoice change of the caller’s merchant to every instance, and only to those who may see it', async () => {
    const merchantStream = await openStream(streamUrl(baseUrl), cookies.merchant);
    const adminOnSecond = await openStream(streamUrl(secondUrl), cookies.admin);
    const otherStream = await openStream(streamUrl(baseUrl), cookies.otherMerchant);
    try {
      expect(merchantStream.response.status).toBe(200);
      expect(merchantStream.response.headers.get('content-type')).toBe(
        'text/event-stream; charset=utf-8',
      );
      for (const stream of [merchantStream, adminOnSecond, otherStream]) {
        await stream.waitFor((frames) => frames.some((frame) => frame.event === 'ready'));
      }
      const invoice = await createTestInvoice(db, ownTerminal, { status: 'NEW' });
      await db.transaction((tx) =>
        applyStatusChange(tx, invoice, 'CANCELED', { kind: 'expiry', personId: null }, 'expired'),
      );
      const changed = (frame: Frame) =>
        frame.event === 'invoice.changed' && frame.data.invoiceId === invoice.id;
      await merchantStream.waitFor((frames) => frames.some(changed));
      await adminOnSecond.waitFor((frames) => frames.some(changed));
      const frame = merchantStream.frames.find(changed);
      expect(frame?.data).toMatchObject({
        status: 'CANCELED',
        previousStatus: 'NEW',
        merchantId: own.id,
        terminalId: ownTerminal.id,
        amount: 100_000,
      });
      expect(frame?.id).toMatch(/^\d+-\d+$/);
      // The other merchant's staff heard nothing of it (their stream is open and reading).
      await recordLiveEvent(db, {
        type: 'invoice.changed',
        merchantId: other.id,
        data: { marker: 'other' },
      });
      await otherStream.waitFor((frames) => frames.some((f) => f.data.marker === 'other'));
      expect(otherStream.frames.some(changed)).toBe(false);
    } finally {
      await Promise.all([merchantStream.close(), adminOnSecond.close(), otherStream.close()]);
    }
  });

  it('gives a reconnecting browser what it missed after its Last-Event-ID, in order', async () => {
    const first = await openStream(streamUrl(baseUrl), cookies.admin);
    await first.waitFor((frames) => frames.some((frame) => frame.event === 'ready'));
    await recordLiveEvent(db, { type: 'invoice.created', merchantId: own.id, data: { n: 1 } });
    await first.waitFor((frames) => frames.some((frame) => frame.data.n === 1));
    const lastSeen = first.frames.find((frame) => frame.data.n === 1)?.id;
    await first.close();

    for (const n of [2, 3, 4]) {
      await recordLiveEvent(db, { type: 'invoice.created', merchantId: own.id, data: { n } });
    }
    // The second instance resumes it: the rows are in the database, not in one process. A
    // client that opens its own EventSource sends the position as a query parameter.
    const resumed = await openStream(
      `${streamUrl(secondUrl)}?lastEventId=${encodeURIComponent(lastSeen ?? '')}`,
      cookies.admin,
    );
    try {
      await resumed.waitFor((frames) => frames.some((frame) => frame.event === 'ready'));
      const numbers = resumed.frames.filter((frame) => 'n' in frame.data).map((f) => f.data.n);
      expect(numbers).toEqual([2, 3, 4]);
      expect(resumed.frames.at(-1)).toMatchObject({ event: 'ready', data: { resumed: true } });
    } finally {
      await resumed.close();
    }
  });

  it('gives the position on ready and on every heartbeat, so a quiet stream resumes without a reload', async () => {
    const app = await buildApp({
      db,
      auth: TEST_AUTH,
      liveEvents: new LiveEventHub(db, { pollMs: 50 }),
      liveStreamHeartbeatMs: 100,
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const url = streamUrl(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`);
    try {
      // The other merchant's staff: the event below is not theirs, yet their position moves.
      const quiet = await openStream(url, cookies.otherMerchant);
      await quiet.waitFor((frames) => frames.some((frame) => frame.event === 'ready'));
      const ready = quiet.frames.find((frame) => frame.event === 'ready');
      expect(ready?.id).toMatch(/^\d+-\d+$/);
      await recordLiveEvent(db, { type: 'invoice.created', merchantId: own.id, data: { n: 'q' } });
      await quiet.waitFor((frames) =>
        frames.some((frame) => frame.event === 'position' && frame.id !== ready?.id),
      );
      const moved = quiet.frames.filter((frame) => frame.event === 'position').at(-1)?.id;
      await quiet.close();
      // Everything up to it is pruned: a position at the head still resumes.
      await pruneLiveEvents(db, new Date(Date.now() + 11 * 60_000));
      const resumed = await openStream(url, cookies.otherMerchant, moved);
      try {
        await resumed.waitFor((frames) => frames.some((frame) => frame.event === 'ready'));
        expect(resumed.frames.map((frame) => frame.event)).toEqual(['ready']);
        expect(resumed.frames[0]?.data).toEqual({ resumed: true });
      } finally {
        await resumed.close();
      }
    } finally {
      await app.close();
    }
  });

  it('tells a browser whose Last-Event-ID is no longer kept to load its screens again', async () => {
    await recordLiveEvent(db, { type: 'invoice.created', merchantId: own.id, data: { n: 'gone' } });
    await pruneLiveEvents(db, new Date(Date.now() + 11 * 60_000));
    const stream = await openStream(streamUrl(baseUrl), cookies.admin, '1-1');
    try {
      await stream.waitFor((frames) => frames.some((frame) => frame.event === 'ready'));
      expect(stream.frames.map((frame) => frame.event)).toEqual(['resync', 'ready']);
    } finally {
      await stream.close();
    }
  });

  it(`refuses more than ${STREAMS_PER_PERSON} open streams of one person with 429`, async () => {
    const streams = [];
    try {
      for (let index = 0; index < STREAMS_PER_PERSON; index += 1) {
        streams.push(await openStream(streamUrl(baseUrl), cookies.merchant));
      }
      const refused = await fetch(streamUrl(baseUrl), { headers: { cookie: cookies.merchant } });
      expect(refused.status).toBe(429);
      expect(((await refused.json()) as { code: string }).code).toBe('rate_limited');
    } finally {
      await Promise.all(streams.map((stream) => stream.close()));
    }
  });

  it('does not count a stream as the session being used', async () => {
    await db.execute(sql`UPDATE sessions SET last_seen_at = now() - interval '10 minutes'`);
    const stream = await openStream(streamUrl(baseUrl), cookies.merchant);
    try {
      await stream.waitFor((frames) => frames.some((frame) => frame.event === 'ready'));
      const rows = await queryRows<{ touched: number }>(
        db,
        sql`SELECT count(*)::int AS touched FROM sessions WHERE last_seen_at > now() - interval '5 minutes'`,
      );
      expect(rows).toEqual([{ touched: 0 }]);
    } finally {
      await stream.close();
    }
  });
});
