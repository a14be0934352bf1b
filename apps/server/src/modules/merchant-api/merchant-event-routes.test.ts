import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys, webhookEndpoints } from '../../db/schema.ts';
import { TEST_DATABASE_KINDS } from '../../db/testing/test-databases.ts';
import { deliverDueCallbacks } from '../callbacks/callback-delivery-job.ts';
import {
  type CallbackReceiver,
  startCallbackReceiver,
  TO_LOCAL_RECEIVER,
} from '../callbacks/callback-test-receiver.ts';
import { insertApiKey } from '../developers/api-key-repository.ts';
import { applyStatusChange, lockInvoice } from '../invoices/invoice-status-service.ts';
import { signedCall } from './merchant-api-test-client.ts';
import {
  createMerchantApiFixture,
  invoiceBody,
  type MerchantApiFixture,
} from './merchant-api-test-fixture.ts';
import { type MerchantKeys, newMerchantKeys } from './merchant-keys.ts';

/** GET /api/merchant/v1/events (issue 23 item 2): a merchant's own event log, by cursor. */

interface EventAnswer {
  id: string;
  type: string;
  invoiceId: string | null;
  createdAt: string;
  payload: { type: string; timestamp: string; data: Record<string, unknown> };
  deliveries: Array<{
    callbackId: number;
    endpointId: number | null;
    url: string;
    status: string;
    attempts: number;
    lastResponseCode: number | null;
    isManual: boolean;
    createdAt: string;
  }>;
}

interface ListAnswer {
  data: EventAnswer[];
  has_more: boolean;
}

const eventsPath = (query: Record<string, string | number | undefined> = {}) => {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined) search.append(name, String(value));
  }
  const text = search.toString();
  return text ? `/events?${text}` : '/events';
};

describe.each(TEST_DATABASE_KINDS)('GET /api/merchant/v1/events on %s', (kind) => {
  let fixture: MerchantApiFixture;
  let receiver: CallbackReceiver;
  /** The shop's invoices made through the API, oldest first. */
  const shopInvoices: string[] = [];
  let rivalInvoice: string;
  let endpointId: number;

  const list = (keys: MerchantKeys, query: Record<string, string | number | undefined> = {}) =>
    signedCall(fixture.testApp.app, keys, { method: 'GET', path: eventsPath(query) });

  const listed = async (query: Record<string, string | number | undefined> = {}) => {
    const response = await list(fixture.shop.keys, query);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as ListAnswer;
  };

  const createInvoice = async (keys: MerchantKeys, terminalId: number) => {
    const response = await signedCall(fixture.testApp.app, keys, {
      method: 'POST',
      path: '/invoices',
      body: invoiceBody(terminalId),
    });
    expect(response.statusCode, response.body).toBe(201);
    return (response.json() as { data: { invoiceId: string } }).data.invoiceId;
  };

  /** A key of the shop with only these scopes. */
  const keyWith = async (scopes: string[], revoked = false) => {
    const keys = newMerchantKeys();
    await insertApiKey(fixture.testApp.db, {
      merchantId: fixture.shop.id,
      label: scopes.join(' ') || 'none',
      publicKey: keys.clientPublicKey,
      secret: keys.signingSecret,
      scopes,
      ...(revoked ? { revokedAt: new Date() } : {}),
    });
    return keys;
  };

  beforeAll(async () => {
    fixture = await createMerchantApiFixture(kind);
    receiver = await startCallbackReceiver();
    const { db } = fixture.testApp;
    const [endpoint] = await db
      .insert(webhookEndpoints)
      .values({
        merchantId: fixture.shop.id,
        url: receiver.url('/events'),
        eventTypes: ['invoice.created', 'invoice.done'],
      })
      .returning();
    endpointId = endpoint?.id ?? 0;
    for (let n = 0; n < 4; n += 1) {
      shopInvoices.push(await createInvoice(fixture.shop.keys, fixture.terminals.uzsDeposits));
    }
    rivalInvoice = await createInvoice(fixture.rival.keys, fixture.terminals.rivals);
    // The last invoice is paid: invoice.status_changed and invoice.done, in one transaction.
    await db.transaction(async (tx) => {
      const invoice = await lockInvoice(tx, shopInvoices.at(-1) ?? '');
      await applyStatusChange(tx, invoice, 'DONE', { kind: 'staff', personId: null });
    });
    await deliverDueCallbacks(db, TO_LOCAL_RECEIVER);
  });
  afterAll(async () => {
    await receiver?.close();
    await fixture?.testApp.close();
  });

  it('lists the merchant’s own events, newest first, with their deliveries', async () => {
    const answer = await listed({ limit: 100 });
    expect(answer.has_more).toBe(false);
    expect(answer.data.map(({ type }) => type)).toEqual([
      'invoice.done',
      'invoice.status_changed',
      'invoice.created',
      'invoice.created',
      'invoice.created',
      'invoice.created',
    ]);
    const ids = answer.data.map(({ id }) => Number(id.replace('evt_', '')));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(answer.data.map(({ invoiceId }) => invoiceId)).not.toContain(rivalInvoice);
    expect(answer.data.slice(2).map(({ invoiceId }) => invoiceId)).toEqual(
      [...shopInvoices].reverse(),
    );

    const [done, statusChanged, created] = answer.data;
    expect(done?.payload).toMatchObject({
      type: 'invoice.done',
      data: { invoiceId: shopInvoices.at(-1), status: 'DONE', amount: 150_000 },
    });
    expect(done?.deliveries).toEqual([
      expect.objectContaining({
        endpointId,
        url: receiver.url('/events'),
        status: 'SENT',
        attempts: 1,
        lastResponseCode: 204,
        isManual: false,
      }),
    ]);
    // Not subscribed: recorded, sent nowhere.
    expect(statusChanged?.deliveries).toEqual([]);
    expect(created?.deliveries).toEqual([expect.objectContaining({ status: 'SENT' })]);
    // The payload is the body that was sent, and the id its webhook-id.
    const sent = receiver.received.find(({ headers }) => headers['webhook-id'] === done?.id);
    expect(JSON.parse(sent?.body ?? 'null')).toEqual(done?.payload);
  });

  it('pages by cursor with limit and starting_after, without skipping or repeating', async () => {
    const everything = (await listed({ limit: 100 })).data.map(({ id }) => id);
    for (const limit of [1, 2, 4]) {
      const walked: string[] = [];
      let startingAfter: string | undefined;
      for (let page = 0; page < 10; page += 1) {
        const answer = await listed({ limit, starting_after: startingAfter });
        expect(answer.data.length).toBeLessThanOrEqual(limit);
        walked.push(...answer.data.map(({ id }) => id));
        if (!answer.has_more) break;
        startingAfter = answer.data.at(-1)?.id;
      }
      expect(walked, `limit ${limit}`).toEqual(everything);
    }
    // The default page is 10 events.
    expect((await listed()).data).toHaveLength(everything.length);
  });

  it('filters by type and invoiceId', async () => {
    const created = await listed({ type: 'invoice.created' });
    expect(created.data.map(({ invoiceId }) => invoiceId)).toEqual([...shopInvoices].reverse());
    const ofOne = await listed({ invoiceId: shopInvoices.at(-1) });
    expect(ofOne.data.map(({ type }) => type)).toEqual([
      'invoice.done',
      'invoice.status_changed',
      'invoice.created',
    ]);
    const both = await listed({ invoiceId: shopInvoices.at(-1), type: 'invoice.done', limit: 1 });
    expect(both).toMatchObject({ has_more: false, data: [{ type: 'invoice.done' }] });
    // Another merchant's invoice has no events here.
    expect((await listed({ invoiceId: rivalInvoice })).data).toEqual([]);
  });

  it('refuses bad parameters and another merchant’s cursor (400)', async () => {
    const rivalEvents = (await list(fixture.rival.keys)).json() as ListAnswer;
    expect(rivalEvents.data).toHaveLength(1);
    const rivalEventId = rivalEvents.data[0]?.id;
    for (const [query, words] of [
      [{ starting_after: rivalEventId }, 'starting_after'],
      [{ starting_after: 'evt_999999999' }, 'starting_after'],
      [{ starting_after: 'nonsense' }, 'starting_after'],
      [{ limit: 0 }, 'limit'],
      [{ limit: 101 }, 'limit'],
      [{ type: 'invoice.paid' }, 'type'],
      [{ invoiceId: 'not-a-uuid' }, 'invoiceId'],
      [{ stauts: 'DONE' }, 'stauts'],
    ] as Array<[Record<string, string | number>, string]>) {
      const response = await list(fixture.shop.keys, query);
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
      expect(response.body, JSON.stringify(query)).toContain(words);
    }
  });

  it('needs a signed request (401) by a live key holding invoices:read (403)', async () => {
    const unsigned = await fixture.testApp.app.inject({
      method: 'GET',
      url: '/api/merchant/v1/events',
    });
    expect(unsigned.statusCode).toBe(401);

    const writer = await keyWith(['invoices:write']);
    const refused = await list(writer);
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.body).toContain('invoices:read');

    const reader = await keyWith(['invoices:read']);
    expect((await list(reader)).statusCode).toBe(200);

    const revoked = await keyWith(['invoices:read'], true);
    expect((await list(revoked)).statusCode).toBe(401);

    // The reader's use is stamped.
    const [row] = await fixture.testApp.db
      .select({ lastUsedAt: apiKeys.lastUsedAt })
      .from(apiKeys)
      .where(eq(apiKeys.publicKey, reader.clientPublicKey));
    expect(row?.lastUsedAt).toBeInstanceOf(Date);
  });
});
