import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database.ts';
import { openTestDatabase, TEST_DATABASE_KINDS } from '../../db/testing/test-databases.ts';
import { createTestMerchant } from '../../testing/test-app.ts';
import {
  insertLiveEvent,
  nothingPrunedAfter,
  readLiveEventHead,
  readLiveEventsAfter,
} from './live-event-repository.ts';
import { pruneLiveEvents } from './live-event-service.ts';

describe.each(TEST_DATABASE_KINDS)('live_events on %s', (kind) => {
  let handle: DatabaseHandle;
  let merchantId: number;

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    merchantId = (await createTestMerchant(handle.db)).id;
  });
  afterAll(async () => handle?.close());

  it('reads rows after a cursor in (transaction, row) order and starts new readers at the head', async () => {
    const head = await readLiveEventHead(handle.db);
    await handle.db.transaction(async (tx) => {
      await insertLiveEvent(tx, { type: 'invoice.created', merchantId, data: { n: 1 } });
      await insertLiveEvent(tx, { type: 'invoice.changed', merchantId, data: { n: 2 } });
    });
    await insertLiveEvent(handle.db, { type: 'invoice.changed', merchantId, data: { n: 3 } });
    const rows = await readLiveEventsAfter(handle.db, head, 10);
    expect(rows.map((row) => row.data.n)).toEqual([1, 2, 3]);
    expect(rows[0]?.txId).toBe(rows[1]?.txId);
    expect(await readLiveEventsAfter(handle.db, rows[2] ?? null, 10)).toEqual([]);
    // The head is past every finished row, and what comes next is after it.
    const after = await readLiveEventHead(handle.db);
    expect(after.txId > (rows[2]?.txId ?? 0n)).toBe(true);
    expect(await readLiveEventsAfter(handle.db, after, 10)).toEqual([]);
    await insertLiveEvent(handle.db, { type: 'invoice.changed', merchantId, data: { n: 4 } });
    expect((await readLiveEventsAfter(handle.db, after, 10)).map((row) => row.data.n)).toEqual([4]);
  });

  it('marks how far it pruned, so a position before that is known to have missed rows', async () => {
    const head = await readLiveEventHead(handle.db);
    await insertLiveEvent(handle.db, { type: 'invoice.changed', merchantId, data: { n: 'old' } });
    const [old] = await readLiveEventsAfter(handle.db, head, 10);
    if (!old) throw new Error('no row');
    expect(await nothingPrunedAfter(handle.db, head)).toBe(true);
    await pruneLiveEvents(handle.db, new Date(Date.now() + 11 * 60_000));
    expect(await nothingPrunedAfter(handle.db, head)).toBe(false);
    expect(await nothingPrunedAfter(handle.db, old)).toBe(true);
    // A later, smaller prune never moves the mark back.
    await pruneLiveEvents(handle.db, new Date(0));
    expect(await nothingPrunedAfter(handle.db, head)).toBe(false);
  });

  it('keeps rows for the retention and drops older ones', async () => {
    await insertLiveEvent(handle.db, { type: 'invoice.changed', merchantId, data: { n: 'kept' } });
    const later = new Date(Date.now() + 11 * 60_000);
    expect(await pruneLiveEvents(handle.db)).toBe(0);
    expect(await pruneLiveEvents(handle.db, later)).toBeGreaterThan(0);
    expect(await readLiveEventsAfter(handle.db, null, 10)).toEqual([]);
  });
});

// Two transactions at once need two sessions: PostgreSQL only (the embedded one is one session).
describe.skipIf(!TEST_DATABASE_KINDS.includes('postgres'))(
  'live_events readers on PostgreSQL',
  () => {
    let handle: DatabaseHandle;
    let merchantId: number;

    beforeAll(async () => {
      handle = await openTestDatabase('postgres');
      merchantId = (await createTestMerchant(handle.db)).id;
    });
    afterAll(async () => handle?.close());

    it('never steps past a row of a transaction that commits later than a newer one', async () => {
      const head = await readLiveEventHead(handle.db);
      // A session of its own beside the pool's: the slow writer.
      const slow = await (handle.db as unknown as { $client: pg.Pool }).$client.connect();
      try {
        await slow.query('BEGIN');
        await slow.query(
          `INSERT INTO live_events (type, merchant_id, data) VALUES ('invoice.changed', $1, '{"n":"slow"}')`,
          [merchantId],
        );
        // A newer transaction commits first.
        await insertLiveEvent(handle.db, {
          type: 'invoice.changed',
          merchantId,
          data: { n: 'fast' },
        });
        expect(await readLiveEventsAfter(handle.db, head, 10)).toEqual([]);
        await slow.query('COMMIT');
        const rows = await readLiveEventsAfter(handle.db, head, 10);
        expect(rows.map((row) => row.data.n)).toEqual(['slow', 'fast']);
      } finally {
        slow.release();
      }
    });
  },
);
