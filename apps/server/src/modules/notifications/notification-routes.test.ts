import { RECORD_ID_MAX } from '@paygate/domain';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { notificationReads, notifications } from '../../db/schema.ts';
import { TEST_DATABASE_KINDS } from '../../db/testing/test-databases.ts';
import {
  createTestApp,
  createTestMerchant,
  createTestPerson,
  signIn,
  type TestApp,
} from '../../testing/test-app.ts';
import { NOTIFICATION_PAGE_SIZE } from './notification-service.ts';

/**
 * The Notifications screen's API (issue 25 item 3): GET /api/v1/notifications (newest first,
 * keyset-paged by beforeId, read state per person, unread count) and POST
 * /api/v1/notifications/read (the given ids, or all). What a person sees is their merchant scope:
 * merchant staff their merchant's entries; staff who see every merchant all of them, platform-wide
 * ones (no merchant) included.
 */

const LIST = '/api/v1/notifications';
const READ = '/api/v1/notifications/read';

interface NotificationView {
  id: number;
  merchantId: number | null;
  category: string;
  severity: string;
  title: string;
  body: string;
  link: string | null;
  createdAt: string;
  read: boolean;
}

interface ListAnswer {
  items: NotificationView[];
  hasMore: boolean;
  unread: number;
}

const PEOPLE = {
  /** The merchant role of the own merchant. */
  ownStaff: { role: 'merchant', merchant: 'own' },
  /** A colleague of ownStaff: same merchant, own read state. */
  ownColleague: { role: 'merchant', merchant: 'own' },
  /** The merchant role of the other merchant. */
  otherStaff: { role: 'merchant', merchant: 'other' },
  /** The merchant role of the merchant with many entries (paging). */
  pagedStaff: { role: 'merchant', merchant: 'paged' },
  /** The merchant role without a merchant: sees no merchant's entries. */
  unattached: { role: 'merchant' },
  /** merchant.rw.all through the support role. */
  support: { role: 'support' },
  admin: { role: 'admin' },
} as const;
type Who = keyof typeof PEOPLE;

/** How many entries the paged merchant has: more than two default pages. */
const PAGED_ENTRIES = 120;

describe.each(TEST_DATABASE_KINDS)('notifications API on %s', (kind) => {
  let testApp: TestApp;
  const cookies = {} as Record<Who, string>;
  const personIds = {} as Record<Who, number>;
  const merchantIds = { own: 0, other: 0, paged: 0 };
  /** The entries of the own and other merchant and the platform-wide one, by name. */
  const ids = { own1: 0, other1: 0, platform: 0, own2: 0, other2: 0 };
  let pagedIds: number[] = [];

  const insert = async (merchantId: number | null, title: string, createdAt?: Date) => {
    const [row] = await testApp.db
      .insert(notifications)
      .values({
        merchantId,
        category: 'Monitoring',
        severity: 'warning',
        title,
        body: `${title} body`,
        link: merchantId === null ? null : '/terminals',
        ...(createdAt ? { createdAt } : {}),
      })
      .returning();
    if (!row) throw new Error('notification insert returned nothing');
    return row.id;
  };

  beforeAll(async () => {
    testApp = await createTestApp(kind);
    const { db, app } = testApp;
    merchantIds.own = (await createTestMerchant(db, 'Own shop')).id;
    merchantIds.other = (await createTestMerchant(db, 'Other shop')).id;
    merchantIds.paged = (await createTestMerchant(db, 'Busy shop')).id;
    for (const [name, spec] of Object.entries(PEOPLE) as Array<[Who, (typeof PEOPLE)[Who]]>) {
      const person = await createTestPerson(db, {
        username: name.toLowerCase(),
        role: spec.role,
        merchantId: 'merchant' in spec ? merchantIds[spec.merchant] : null,
      });
      personIds[name] = person.id;
      cookies[name] = await signIn(app, person.username, person.password);
    }
    // The paged merchant's entries first: the others are the newest.
    pagedIds = [];
    for (let index = 0; index < PAGED_ENTRIES; index += 1) {
      pagedIds.push(await insert(merchantIds.paged, `Paged ${index}`));
    }
    ids.own1 = await insert(merchantIds.own, 'Own 1');
    ids.other1 = await insert(merchantIds.other, 'Other 1');
    ids.platform = await insert(null, 'Platform 1');
    ids.own2 = await insert(merchantIds.own, 'Own 2');
    ids.other2 = await insert(merchantIds.other, 'Other 2');
  });
  afterAll(async () => testApp?.close());
  // Every test starts with nothing read by anybody.
  beforeEach(async () => {
    await testApp.db.delete(notificationReads);
  });

  const list = async (who: Who | null, query = '') => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: `${LIST}${query}`,
      headers: who ? { cookie: cookies[who] } : {},
    });
    return response;
  };

  const listOf = async (who: Who, query = ''): Promise<ListAnswer> => {
    const response = await list(who, query);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { data: ListAnswer }).data;
  };

  const markRead = (who: Who | null, payload: unknown) =>
    testApp.app.inject({
      method: 'POST',
      url: READ,
      headers: who ? { cookie: cookies[who] } : {},
      payload: payload as object,
    });

  const readRowsOf = (who: Who) =>
    testApp.db
      .select({ notificationId: notificationReads.notificationId })
      .from(notificationReads)
      .where(eq(notificationReads.personId, personIds[who]))
      .orderBy(asc(notificationReads.notificationId));

  it('answers 401 without a session', async () => {
    const listed = await list(null);
    expect(listed.statusCode).toBe(401);
    const marked = await markRead(null, { ids: [ids.own1] });
    expect(marked.statusCode).toBe(401);
    const markedAll = await markRead(null, {});
    expect(markedAll.statusCode).toBe(401);
    expect(await testApp.db.select().from(notificationReads)).toEqual([]);
  });

  it('lists a merchant user’s own merchant’s entries, newest first, with every field', async () => {
    const answer = await listOf('ownStaff');
    expect(answer).toEqual({
      items: [
        {
          id: ids.own2,
          merchantId: merchantIds.own,
          category: 'Monitoring',
          severity: 'warning',
          title: 'Own 2',
          body: 'Own 2 body',
          link: '/terminals',
          createdAt: expect.any(String),
          read: false,
        },
        expect.objectContaining({ id: ids.own1, title: 'Own 1', read: false }),
      ],
      hasMore: false,
      unread: 2,
    });
    expect(new Date(answer.items[0]?.createdAt ?? '').toISOString()).toBe(
      answer.items[0]?.createdAt,
    );

    const theirs = await listOf('otherStaff');
    expect(theirs.items.map((item) => item.id)).toEqual([ids.other2, ids.other1]);
    expect(theirs.unread).toBe(2);
  });

  it('orders by id, not by creation time', async () => {
    // An entry written later with an older timestamp is still the newest (keyset by id).
    const late = await insert(merchantIds.other, 'Late', new Date(Date.now() - 86_400_000));
    try {
      const answer = await listOf('otherStaff');
      expect(answer.items.map((item) => item.id)).toEqual([late, ids.other2, ids.other1]);
    } finally {
      await testApp.db.delete(notifications).where(eq(notifications.id, late));
    }
  });

  it('shows staff of every merchant all entries, platform-wide ones included', async () => {
    for (const who of ['admin', 'support'] as const) {
      const answer = await listOf(who, '?limit=100');
      const known = new Set(Object.values(ids));
      expect(answer.items.slice(0, 5).map((item) => item.id)).toEqual([
        ids.other2,
        ids.own2,
        ids.platform,
        ids.other1,
        ids.own1,
      ]);
      expect(answer.items.filter((item) => known.has(item.id))).toHaveLength(5);
      expect(answer.items.find((item) => item.id === ids.platform)).toMatchObject({
        merchantId: null,
        link: null,
        title: 'Platform 1',
      });
      // Newest first throughout.
      const listed = answer.items.map((item) => item.id);
      expect(listed).toEqual([...listed].sort((a, b) => b - a));
      expect(answer.hasMore).toBe(true);
      expect(answer.unread).toBe(PAGED_ENTRIES + 5);
    }
  });

  it('never shows a merchant user platform-wide or other merchants’ entries', async () => {
    const own = await listOf('ownStaff', '?limit=100');
    expect(own.items.every((item) => item.merchantId === merchantIds.own)).toBe(true);
    const unattached = await listOf('unattached');
    expect(unattached).toEqual({ items: [], hasMore: false, unread: 0 });
  });

  it('keeps read state per person', async () => {
    const marked = await markRead('ownStaff', { ids: [ids.own1] });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json()).toEqual({ data: { unread: 1 } });

    const reader = await listOf('ownStaff');
    expect(reader.items.map((item) => [item.id, item.read])).toEqual([
      [ids.own2, false],
      [ids.own1, true],
    ]);
    expect(reader.unread).toBe(1);

    // The colleague of the same merchant and the admin have not read it.
    const colleague = await listOf('ownColleague');
    expect(colleague.items.map((item) => item.read)).toEqual([false, false]);
    expect(colleague.unread).toBe(2);
    const admin = await listOf('admin', '?limit=100');
    expect(admin.items.find((item) => item.id === ids.own1)?.read).toBe(false);
    expect(admin.unread).toBe(PAGED_ENTRIES + 5);

    // Marking it again changes nothing.
    const again = await markRead('ownStaff', { ids: [ids.own1] });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ data: { unread: 1 } });
    expect(await readRowsOf('ownStaff')).toEqual([{ notificationId: ids.own1 }]);
  });

  it('marks several by id', async () => {
    const marked = await markRead('admin', { ids: [ids.platform, ids.other1, ids.own2] });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json()).toEqual({ data: { unread: PAGED_ENTRIES + 2 } });
    expect((await readRowsOf('admin')).map((row) => row.notificationId)).toEqual(
      [ids.platform, ids.other1, ids.own2].sort((a, b) => a - b),
    );
  });

  it('marks all within the caller’s scope without ids', async () => {
    const marked = await markRead('ownStaff', {});
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json()).toEqual({ data: { unread: 0 } });
    const answer = await listOf('ownStaff');
    expect(answer.items.every((item) => item.read)).toBe(true);
    expect(answer.unread).toBe(0);
    // Only what the caller sees was marked.
    expect(await readRowsOf('ownStaff')).toEqual(
      [ids.own1, ids.own2].sort((a, b) => a - b).map((notificationId) => ({ notificationId })),
    );
    // Nobody else's state moved.
    expect((await listOf('ownColleague')).unread).toBe(2);
    expect((await listOf('otherStaff')).unread).toBe(2);

    // An admin's mark-all covers every merchant and the platform-wide entries.
    const all = await markRead('admin', {});
    expect(all.json()).toEqual({ data: { unread: 0 } });
    expect(await readRowsOf('admin')).toHaveLength(PAGED_ENTRIES + 5);
    const afterAll = await listOf('admin');
    expect(afterAll.items.every((item) => item.read)).toBe(true);
    expect((await listOf('support')).unread).toBe(PAGED_ENTRIES + 5);
  });

  it('answers 404 for an entry of another merchant and marks nothing', async () => {
    const foreign = await markRead('ownStaff', { ids: [ids.other1] });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ status: 404, detail: 'Notification not found' });

    // Mixed with an own entry: still 404, and the own entry stays unread.
    const mixed = await markRead('ownStaff', { ids: [ids.own1, ids.other1] });
    expect(mixed.statusCode).toBe(404);
    const platform = await markRead('ownStaff', { ids: [ids.platform] });
    expect(platform.statusCode).toBe(404);
    const missing = await markRead('ownStaff', { ids: [RECORD_ID_MAX] });
    expect(missing.statusCode).toBe(404);

    expect(await readRowsOf('ownStaff')).toEqual([]);
    expect((await listOf('ownStaff')).unread).toBe(2);
  });

  it('pages with beforeId and says whether there is more', async () => {
    const newestFirst = [...pagedIds].reverse();
    const first = await listOf('pagedStaff');
    expect(first.items).toHaveLength(NOTIFICATION_PAGE_SIZE);
    expect(first.items.map((item) => item.id)).toEqual(newestFirst.slice(0, 50));
    expect(first.hasMore).toBe(true);
    expect(first.unread).toBe(PAGED_ENTRIES);

    const second = await listOf('pagedStaff', `?beforeId=${first.items.at(-1)?.id}`);
    expect(second.items.map((item) => item.id)).toEqual(newestFirst.slice(50, 100));
    expect(second.hasMore).toBe(true);

    const third = await listOf('pagedStaff', `?beforeId=${second.items.at(-1)?.id}`);
    expect(third.items.map((item) => item.id)).toEqual(newestFirst.slice(100));
    expect(third.hasMore).toBe(false);
    // The unread count is the whole scope's, whatever the page.
    expect(third.unread).toBe(PAGED_ENTRIES);

    // A page that ends exactly at the last entry has no more.
    const half = await listOf('pagedStaff', '?limit=60');
    expect(half.hasMore).toBe(true);
    const rest = await listOf('pagedStaff', `?limit=60&beforeId=${half.items.at(-1)?.id}`);
    expect(rest.items).toHaveLength(60);
    expect(rest.hasMore).toBe(false);

    // The largest page, and a page before the oldest entry.
    const largest = await listOf('pagedStaff', '?limit=100');
    expect(largest.items).toHaveLength(100);
    expect(largest.hasMore).toBe(true);
    const beforeOldest = await listOf('pagedStaff', `?beforeId=${pagedIds[0]}`);
    expect(beforeOldest).toEqual({ items: [], hasMore: false, unread: PAGED_ENTRIES });

    // beforeId pages within the scope: another merchant's id is just a position.
    const fromForeign = await listOf('ownStaff', `?beforeId=${ids.other2}`);
    expect(fromForeign.items.map((item) => item.id)).toEqual([ids.own2, ids.own1]);
  });

  it.each([
    ['limit 0', '?limit=0'],
    ['limit 101', '?limit=101'],
    ['a negative limit', '?limit=-1'],
    ['a decimal limit', '?limit=1.5'],
    ['a limit in words', '?limit=ten'],
    ['beforeId 0', '?beforeId=0'],
    ['a decimal beforeId', '?beforeId=2.5'],
    ['a beforeId beyond the ids', `?beforeId=${RECORD_ID_MAX + 1}`],
  ])('refuses a list query with %s (400)', async (_name, query) => {
    const response = await list('ownStaff', query);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ status: 400 });
  });

  it.each([
    ['ids as text', { ids: ['1'] }],
    ['decimal ids', { ids: [1.5] }],
    ['a zero id', { ids: [0] }],
    ['a negative id', { ids: [-3] }],
    ['null among ids', { ids: [null] }],
    ['an empty array', { ids: [] }],
    ['ids not an array', { ids: 1 }],
    ['ids null', { ids: null }],
    ['repeated ids', { ids: [1, 1] }],
    ['more than 100 ids', { ids: Array.from({ length: 101 }, (_, index) => index + 1) }],
    ['an unknown property', { all: true }],
    ['an unknown property beside ids', { ids: [1], read: true }],
    ['a body that is not an object', [1, 2]],
  ])('refuses a mark-read body with %s (400) and marks nothing', async (_name, payload) => {
    const response = await markRead('ownStaff', payload);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ status: 400 });
    expect(await readRowsOf('ownStaff')).toEqual([]);
  });
  it('lets a person without a merchant mark nothing', async () => {
    const all = await markRead('unattached', {});
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json()).toEqual({ data: { unread: 0 } });
    expect((await markRead('unattached', { ids: [ids.own1] })).statusCode).toBe(404);
    expect((await markRead('unattached', { ids: [ids.platform] })).statusCode).toBe(404);
    expect(await readRowsOf('unattached')).toEqual([]);
  });

  it('refuses a mark-read request without a body (400): marking all takes {}', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: READ,
      headers: { cookie: cookies.ownStaff },
    });
    expect(response.statusCode).toBe(400);
    expect(await readRowsOf('ownStaff')).toEqual([]);
  });
});
