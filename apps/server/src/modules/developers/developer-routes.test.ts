import {
  API_KEY_LABEL_MAX_LENGTH,
  type RoleName,
  WEBHOOK_DESCRIPTION_MAX_LENGTH,
  WEBHOOK_ENDPOINTS_PER_MERCHANT_MAX,
  WEBHOOK_RECOVERY_DAYS,
  WEBHOOK_SECRET_GRACE_HOURS_MAX,
} from '@paygate/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { callbacks, eventLog, people, roles, webhookEndpoints } from '../../db/schema.ts';
import { referenceItemId } from '../../seed/reference-data.ts';
import { lockWaitCount } from '../../testing/lock-waits.ts';
import { createTestMerchant, createTestPerson, signIn, TEST_AUTH } from '../../testing/test-app.ts';
import { createTestTerminal } from '../../testing/test-data.ts';
import { deliverDueCallbacks } from '../callbacks/callback-delivery-job.ts';
import {
  type CallbackReceiver,
  headerRecord,
  type ReceivedCallback,
  startCallbackReceiver,
  TO_LOCAL_RECEIVER,
} from '../callbacks/callback-test-receiver.ts';
import { eventLogAfter, MAX_RECOVERED_DELIVERIES } from '../callbacks/callbacks-entry.ts';
import {
  createOperationsFixture,
  type OperationsFixture,
  TEST_DATABASE_KINDS,
} from '../invoices/invoice-test-fixture.ts';
import { keysOf, signedCall } from '../merchant-api/merchant-api-test-client.ts';
import { invoiceBody } from '../merchant-api/merchant-api-test-fixture.ts';
import { API_KEY_MESSAGES } from './api-key-service.ts';
import { WEBHOOK_ENDPOINT_MESSAGES } from './webhook-endpoint-service.ts';

/** The back-office API of the Developers screen (issue 23 items 1 and 2, decision 0021). */

const DEV = '/api/v1/developers';
const STATUS_DONE = referenceItemId(201, 3);

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

interface ApiKeyView {
  id: number;
  label: string;
  publicKey: string;
  scopes: string[];
  createdAt: string;
  createdBy: string | null;
  lastUsedAt: string | null;
  revokedAt: string | null;
  secret?: string;
}

interface EndpointView {
  id: number;
  url: string;
  description: string;
  eventTypes: string[];
  enabled: boolean;
  disabledReason: string | null;
  failingSince: string | null;
}

interface DeliveryView {
  callbackId: number;
  endpointId: number | null;
  url: string;
  status: string;
  attempts: number;
  lastResponseCode: number | null;
  isManual: boolean;
  attemptsLog?: Array<{
    attemptedAt: string;
    responseCode: number | null;
    durationMs: number;
    responseExcerpt: string | null;
    error: string | null;
  }>;
}

interface EventView {
  id: string;
  type: string;
  invoiceId: string | null;
  createdAt: string;
  payload: { type: string; timestamp: string; data: Record<string, unknown> };
  deliveries: DeliveryView[];
}

const HOUR_MS = 3_600_000;

/** One character (one code point) that is two UTF-16 units. */
const EMOJI = '😀';

/** What a merchant's server does: verify the raw body with the off-the-shelf library. */
const verify = (secret: string, delivery: ReceivedCallback, signature?: string) =>
  new Webhook(secret).verify(delivery.body, {
    ...headerRecord(delivery.headers),
    ...(signature === undefined ? {} : { 'webhook-signature': signature }),
  });

describe.each(TEST_DATABASE_KINDS)('developer routes on %s', (kind) => {
  let fixture: OperationsFixture;
  let receiver: CallbackReceiver;
  const cookies: Record<string, string> = {};

  beforeAll(async () => {
    fixture = await createOperationsFixture(kind);
    receiver = await startCallbackReceiver();
    for (const who of ['merchant', 'otherMerchant', 'admin', 'support', 'bare']) {
      cookies[who] = await signIn(fixture.testApp.app, who, `${who}-password`);
    }
  });
  afterEach(async () => {
    receiver.reset();
    // Every test makes its own endpoints and deliveries: none outlives it.
    await fixture.db
      .update(callbacks)
      .set({ status: 'FAILED' })
      .where(eq(callbacks.status, 'PENDING'));
    await fixture.db.delete(webhookEndpoints);
  });
  afterAll(async () => {
    await receiver?.close();
    await fixture?.close();
  });

  const call = (method: Method, url: string, who?: string, payload?: object) =>
    fixture.testApp.app.inject({
      method,
      url,
      headers: who ? { cookie: cookies[who] ?? '' } : {},
      ...(payload ? { payload } : {}),
    });

  /** The answer's data, after checking the status code. */
  const dataOf = async <T>(
    response: Promise<{ statusCode: number; body: string; json: () => unknown }>,
    status = 200,
  ): Promise<T> => {
    const answer = await response;
    expect(answer.statusCode, answer.body).toBe(status);
    return (answer.json() as { data: T }).data;
  };

  const auditRows = (eventCode: string, entityId: number | string) =>
    fixture.db
      .select()
      .from(eventLog)
      .where(and(eq(eventLog.eventCode, eventCode), eq(eventLog.entityId, String(entityId))));

  const createEndpoint = (
    eventTypes: string[],
    path: string,
    who = 'merchant',
    extra: object = {},
  ) =>
    dataOf<EndpointView>(
      call('POST', `${DEV}/webhook-endpoints`, who, {
        url: receiver.url(path),
        eventTypes,
        ...extra,
      }),
      201,
    );

  const eventDetails = (eventId: string, who = 'merchant') =>
    dataOf<EventView>(call('GET', `${DEV}/events/${eventId}`, who));

  /** Instead of waiting for the backoff: the next attempts are due now. */
  const makeAllDue = () =>
    fixture.db
      .update(callbacks)
      .set({ nextAttemptAt: sql`now() - interval '1 second'` })
      .where(eq(callbacks.status, 'PENDING'));

  const deliver = () => deliverDueCallbacks(fixture.db, TO_LOCAL_RECEIVER);

  const setDone = async (invoiceId: string) => {
    const response = await call('PATCH', '/api/v1/invoice/status', 'support', {
      invoiceId,
      statusId: STATUS_DONE,
    });
    expect(response.statusCode, response.body).toBe(200);
  };

  /** An own invoice IN_PROGRESS, then DONE through the back office. */
  const invoiceMadeDone = async (overrides: { callbackUrl?: string } = {}) => {
    const invoice = await fixture.createInvoice(fixture.terminals.ownDeposit, {
      status: 'IN_PROGRESS',
      ...overrides,
    });
    await setDone(invoice.id);
    return invoice;
  };

  const currentWebhookSecret = async () =>
    (
      await dataOf<{ secret: string }>(
        call('POST', `${DEV}/webhook-secrets/reveal`, 'merchant', {}),
      )
    ).secret;

  // --- Access ------------------------------------------------------------------------------------

  describe('access', () => {
    it('needs a session (401) and merchant.keys (403)', async () => {
      const routes: Array<[Method, string, object?]> = [
        ['GET', `${DEV}/api-keys`],
        ['POST', `${DEV}/api-keys`, { label: 'x', scopes: ['invoices:read'] }],
        ['POST', `${DEV}/api-keys/1/revoke`],
        ['GET', `${DEV}/webhook-secrets`],
        ['POST', `${DEV}/webhook-secrets/reveal`, {}],
        ['POST', `${DEV}/webhook-secrets/rotate`, {}],
        ['GET', `${DEV}/webhook-endpoints`],
        [
          'POST',
          `${DEV}/webhook-endpoints`,
          { url: 'https://a.example', eventTypes: ['invoice.done'] },
        ],
        ['PATCH', `${DEV}/webhook-endpoints/1`, { enabled: true }],
        ['DELETE', `${DEV}/webhook-endpoints/1`],
        ['POST', `${DEV}/webhook-endpoints/1/test`],
        ['GET', `${DEV}/events`],
        ['GET', `${DEV}/events/evt_1`],
        ['POST', `${DEV}/callbacks/1/resend`],
      ];
      for (const [method, url, payload] of routes) {
        expect((await call(method, url, undefined, payload)).statusCode, `${method} ${url}`).toBe(
          401,
        );
        // A merchant user whose role grants nothing, and support (merchant.rw.all, no merchant.keys).
        for (const who of ['bare', 'support']) {
          const response = await call(method, url, who, payload);
          expect(response.statusCode, `${who} ${method} ${url}`).toBe(403);
        }
      }
    });
  });

  // --- API keys ----------------------------------------------------------------------------------

  describe('API keys', () => {
    it('gives a key balance:read only from a person who may read balances', async () => {
      // A developer of the merchant: merchant.keys, but not the Balance report's permission.
      await fixture.db.insert(roles).values({ name: 'key-maker', permissions: ['merchant.keys'] });
      await createTestPerson(fixture.db, {
        username: 'keymaker',
        role: 'key-maker' as RoleName,
        merchantId: fixture.own.id,
      });
      cookies.keymaker = await signIn(fixture.testApp.app, 'keymaker', 'keymaker-password');
      const refused = await call('POST', `${DEV}/api-keys`, 'keymaker', {
        label: 'Reconciliation',
        scopes: ['invoices:read', 'balance:read'],
      });
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json()).toMatchObject({
        detail: 'Only a person holding report.read.balance may give a key the balance:read scope',
      });
      // The invoice scopes need nothing more than merchant.keys.
      await dataOf(
        call('POST', `${DEV}/api-keys`, 'keymaker', {
          label: 'Checkout',
          scopes: ['invoices:read'],
        }),
        201,
      );
      // The merchant role reads balances itself, so its people may hand the scope on.
      const allowed = await dataOf<ApiKeyView>(
        call('POST', `${DEV}/api-keys`, 'merchant', {
          label: 'Reconciliation',
          scopes: ['balance:read'],
        }),
        201,
      );
      expect(allowed.scopes).toEqual(['balance:read']);
    });

    it('keeps a key and its scopes when its creator later loses the permission (decision 0021)', async () => {
      await fixture.db
        .insert(roles)
        .values({ name: 'treasurer', permissions: ['merchant.keys', 'report.read.balance'] });
      const treasurer = await createTestPerson(fixture.db, {
        username: 'treasurer',
        role: 'treasurer' as RoleName,
        merchantId: fixture.own.id,
      });
      cookies.treasurer = await signIn(fixture.testApp.app, 'treasurer', 'treasurer-password');
      const key = await dataOf<ApiKeyView>(
        call('POST', `${DEV}/api-keys`, 'treasurer', {
          label: 'Reconciliation',
          scopes: ['balance:read'],
        }),
        201,
      );
      const keys = { clientPublicKey: key.publicKey, signingSecret: key.secret ?? '' };
      const balances = () =>
        signedCall(fixture.testApp.app, keys, { method: 'GET', path: '/balances' });
      expect((await balances()).statusCode).toBe(200);

      // The creator's role stops reading balances, then they are deactivated: the key is the
      // merchant's and keeps working until someone revokes it.
      await fixture.db
        .update(roles)
        .set({ permissions: ['merchant.keys'] })
        .where(eq(roles.name, 'treasurer'));
      expect((await balances()).statusCode).toBe(200);
      await fixture.db.update(people).set({ enabled: false }).where(eq(people.id, treasurer.id));
      const still = await balances();
      expect(still.statusCode, still.body).toBe(200);
      const listed = await dataOf<ApiKeyView[]>(call('GET', `${DEV}/api-keys`, 'merchant'));
      expect(listed.find(({ id }) => id === key.id)).toMatchObject({
        createdBy: 'treasurer',
        scopes: ['balance:read'],
        revokedAt: null,
      });
    });

    it('creates a key whose secret is shown once; it signs requests and its last use is kept', async () => {
      const before = await dataOf<ApiKeyView[]>(call('GET', `${DEV}/api-keys`, 'merchant'));
      expect(before.map(({ publicKey }) => publicKey)).toContain(fixture.own.clientPublicKey);
      for (const key of before) expect(key).not.toHaveProperty('secret');

      const created = await dataOf<ApiKeyView>(
        call('POST', `${DEV}/api-keys`, 'merchant', {
          label: '  Checkout server  ',
          scopes: ['invoices:write', 'invoices:read'],
        }),
        201,
      );
      expect(created).toMatchObject({
        label: 'Checkout server',
        scopes: ['invoices:read', 'invoices:write'],
        createdBy: 'merchant',
        lastUsedAt: null,
        revokedAt: null,
      });
      expect(created.publicKey).toMatch(/^pk_/);
      expect(created.secret).toMatch(/^sk_/);
      const secret = created.secret ?? '';

      const listResponse = await call('GET', `${DEV}/api-keys`, 'merchant');
      expect(listResponse.body).not.toContain(secret);
      expect(listResponse.body).not.toContain(fixture.own.signingSecret);
      const listed = (listResponse.json() as { data: ApiKeyView[] }).data;
      // Newest first.
      expect(listed[0]).toMatchObject({ id: created.id, label: 'Checkout server' });
      expect(listed[0]).not.toHaveProperty('secret');

      const invoice = await fixture.createInvoice(fixture.terminals.ownDeposit);
      const read = await signedCall(
        fixture.testApp.app,
        { clientPublicKey: created.publicKey, signingSecret: secret },
        { method: 'GET', path: `/invoices/${invoice.id}` },
      );
      expect(read.statusCode, read.body).toBe(200);
      expect(read.json()).toMatchObject({ data: { invoiceId: invoice.id } });

      const after = await dataOf<ApiKeyView[]>(call('GET', `${DEV}/api-keys`, 'merchant'));
      const used = after.find(({ id }) => id === created.id);
      expect(used?.lastUsedAt).not.toBeNull();
      expect(Math.abs(Date.parse(used?.lastUsedAt ?? '') - Date.now())).toBeLessThan(60_000);

      const [audit] = await auditRows('API_KEY_CREATED', created.id);
      expect(audit).toMatchObject({
        personId: fixture.personIds.merchant,
        merchantId: fixture.own.id,
        entityType: 'api_key',
        details: {
          label: 'Checkout server',
          publicKey: created.publicKey,
          scopes: ['invoices:read', 'invoices:write'],
        },
      });
      expect(JSON.stringify(audit)).not.toContain(secret);
    });

    it('refuses what a key’s scopes do not allow (403)', async () => {
      const reader = await dataOf<ApiKeyView>(
        call('POST', `${DEV}/api-keys`, 'merchant', {
          label: 'Reporting',
          scopes: ['invoices:read'],
        }),
        201,
      );
      const keys = { clientPublicKey: reader.publicKey, signingSecret: reader.secret ?? '' };
      const body = invoiceBody(fixture.terminals.ownDeposit.id);
      const refused = await signedCall(fixture.testApp.app, keys, {
        method: 'POST',
        path: '/invoices',
        body,
      });
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.body).toContain('invoices:write');

      // The same request with a key holding invoices:write is fine: the scope was the reason.
      const created = await signedCall(fixture.testApp.app, keysOf(fixture.own), {
        method: 'POST',
        path: '/invoices',
        body,
      });
      expect(created.statusCode, created.body).toBe(201);
      const invoiceId = (created.json() as { data: { invoiceId: string } }).data.invoiceId;
      const read = await signedCall(fixture.testApp.app, keys, {
        method: 'GET',
        path: `/invoices/${invoiceId}`,
      });
      expect(read.statusCode, read.body).toBe(200);

      const writer = await dataOf<ApiKeyView>(
        call('POST', `${DEV}/api-keys`, 'merchant', {
          label: 'Write only',
          scopes: ['invoices:write'],
        }),
        201,
      );
      const readRefused = await signedCall(
        fixture.testApp.app,
        { clientPublicKey: writer.publicKey, signingSecret: writer.secret ?? '' },
        { method: 'GET', path: `/invoices/${invoiceId}` },
      );
      expect(readRefused.statusCode, readRefused.body).toBe(403);
      expect(readRefused.body).toContain('invoices:read');
    });

    it('revokes a key: its next request is 401, a second revoke 409, both audited once', async () => {
      const key = await dataOf<ApiKeyView>(
        call('POST', `${DEV}/api-keys`, 'merchant', { label: 'Leaked', scopes: ['invoices:read'] }),
        201,
      );
      const keys = { clientPublicKey: key.publicKey, signingSecret: key.secret ?? '' };
      const invoice = await fixture.createInvoice(fixture.terminals.ownDeposit);
      const read = () =>
        signedCall(fixture.testApp.app, keys, { method: 'GET', path: `/invoices/${invoice.id}` });
      expect((await read()).statusCode).toBe(200);

      const revoked = await dataOf<ApiKeyView>(
        call('POST', `${DEV}/api-keys/${key.id}/revoke`, 'merchant'),
      );
      expect(revoked).toMatchObject({ id: key.id, label: 'Leaked' });
      expect(revoked.revokedAt).not.toBeNull();
      expect(revoked).not.toHaveProperty('secret');

      expect((await read()).statusCode).toBe(401);
      // The merchant's other keys keep working.
      const other = await signedCall(fixture.testApp.app, keysOf(fixture.own), {
        method: 'GET',
        path: `/invoices/${invoice.id}`,
      });
      expect(other.statusCode).toBe(200);

      const again = await call('POST', `${DEV}/api-keys/${key.id}/revoke`, 'merchant');
      expect(again.statusCode).toBe(409);
      expect(again.body).toContain('already revoked');

      const listed = await dataOf<ApiKeyView[]>(call('GET', `${DEV}/api-keys`, 'merchant'));
      expect(listed.find(({ id }) => id === key.id)?.revokedAt).toBe(revoked.revokedAt);

      const audits = await auditRows('API_KEY_REVOKED', key.id);
      expect(audits).toHaveLength(1);
      expect(audits[0]).toMatchObject({
        personId: fixture.personIds.merchant,
        merchantId: fixture.own.id,
        entityType: 'api_key',
        details: { label: 'Leaked', publicKey: key.publicKey },
      });
    });

    it('validates the label and the scopes (400)', async () => {
      const create = (payload: object) => call('POST', `${DEV}/api-keys`, 'merchant', payload);
      const cases: Array<[object, string]> = [
        [{ label: '', scopes: ['invoices:read'] }, 'label'],
        [{ label: '   ', scopes: ['invoices:read'] }, 'label'],
        [{ label: 'x'.repeat(API_KEY_LABEL_MAX_LENGTH + 1), scopes: ['invoices:read'] }, 'label'],
        [{ label: 'No scopes', scopes: [] }, 'scope'],
        [{ label: 'Bad scope', scopes: ['invoices:delete'] }, 'scopes'],
        [{ label: 'Twice', scopes: ['invoices:read', 'invoices:read'] }, 'scopes'],
        [{ label: 'Missing scopes' }, 'scopes'],
        [{ scopes: ['invoices:read'] }, 'label'],
        [{ label: 'Extra', scopes: ['invoices:read'], secret: 'sk_mine' }, 'secret'],
      ];
      const before = await dataOf<ApiKeyView[]>(call('GET', `${DEV}/api-keys`, 'merchant'));
      for (const [payload, words] of cases) {
        const response = await create(payload);
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
        expect(response.body, JSON.stringify(payload)).toContain(words);
      }
      // A label of exactly the maximum is fine.
      await dataOf(
        create({ label: 'y'.repeat(API_KEY_LABEL_MAX_LENGTH), scopes: ['invoices:read'] }),
        201,
      );
      const after = await dataOf<ApiKeyView[]>(call('GET', `${DEV}/api-keys`, 'merchant'));
      expect(after).toHaveLength(before.length + 1);
    });

    it('counts the label in characters, as the Developers screen does: an emoji is one', async () => {
      const create = (label: string) =>
        call('POST', `${DEV}/api-keys`, 'merchant', { label, scopes: ['invoices:read'] });
      const longest = EMOJI.repeat(API_KEY_LABEL_MAX_LENGTH);
      const created = await dataOf<ApiKeyView>(create(` ${longest} `), 201);
      expect(created.label).toBe(longest);
      const refused = await create(EMOJI.repeat(API_KEY_LABEL_MAX_LENGTH + 1));
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().detail).toBe(API_KEY_MESSAGES.label);
      await dataOf(call('POST', `${DEV}/api-keys/${created.id}/revoke`, 'merchant'));
    });

    it('lets an admin act on a merchant they name, and keeps merchants apart (404)', async () => {
      const noMerchant = await call('GET', `${DEV}/api-keys`, 'admin');
      expect(noMerchant.statusCode).toBe(404);
      expect(noMerchant.body).toContain('merchantId');
      const noMerchantCreate = await call('POST', `${DEV}/api-keys`, 'admin', {
        label: 'Whose?',
        scopes: ['invoices:read'],
      });
      expect(noMerchantCreate.statusCode).toBe(404);
      expect(noMerchantCreate.body).toContain('merchantId');

      const created = await dataOf<ApiKeyView>(
        call('POST', `${DEV}/api-keys`, 'admin', {
          merchantId: fixture.other.id,
          label: 'Made by support desk',
          scopes: ['invoices:read'],
        }),
        201,
      );
      expect(created.createdBy).toBe('admin');
      const adminList = await dataOf<ApiKeyView[]>(
        call('GET', `${DEV}/api-keys?merchantId=${fixture.other.id}`, 'admin'),
      );
      expect(adminList.map(({ id }) => id)).toContain(created.id);
      const [audit] = await auditRows('API_KEY_CREATED', created.id);
      expect(audit).toMatchObject({
        personId: fixture.personIds.admin,
        merchantId: fixture.other.id,
      });

      // The own merchant's user sees nothing of it and cannot reach it.
      const ownList = await dataOf<ApiKeyView[]>(call('GET', `${DEV}/api-keys`, 'merchant'));
      expect(ownList.map(({ id }) => id)).not.toContain(created.id);
      const peek = await call('GET', `${DEV}/api-keys?merchantId=${fixture.other.id}`, 'merchant');
      expect(peek.statusCode).toBe(404);
      const foreignCreate = await call('POST', `${DEV}/api-keys`, 'merchant', {
        merchantId: fixture.other.id,
        label: 'Sneaky',
        scopes: ['invoices:read'],
      });
      expect(foreignCreate.statusCode).toBe(404);
      const revoke = await call('POST', `${DEV}/api-keys/${created.id}/revoke`, 'merchant');
      expect(revoke.statusCode).toBe(404);
      expect(revoke.body).toContain('API key not found');
      expect((await call('POST', `${DEV}/api-keys/999999/revoke`, 'merchant')).statusCode).toBe(
        404,
      );

      // Its own merchant's user revokes it; so could the admin.
      await dataOf(call('POST', `${DEV}/api-keys/${created.id}/revoke`, 'otherMerchant'));
    });

    it('answers 404, not a failure, for a merchant that does not exist', async () => {
      for (const [method, url, payload] of [
        [
          'POST',
          `${DEV}/api-keys`,
          { merchantId: 999_999, label: 'Ghost', scopes: ['invoices:read'] },
        ],
        ['POST', `${DEV}/webhook-secrets/rotate`, { merchantId: 999_999 }],
        ['POST', `${DEV}/webhook-secrets/reveal`, { merchantId: 999_999 }],
        [
          'POST',
          `${DEV}/webhook-endpoints`,
          { merchantId: 999_999, url: 'https://ghost.example/hook', eventTypes: ['invoice.done'] },
        ],
      ] as Array<[Method, string, object]>) {
        const response = await call(method, url, 'admin', payload);
        expect(response.statusCode, `${url}: ${response.body}`).toBe(404);
      }
    });
  });

  // --- Webhook secrets ---------------------------------------------------------------------------

  describe('webhook secrets', () => {
    it('lists hints only; reveal answers the current secret and is audited', async () => {
      const response = await call('GET', `${DEV}/webhook-secrets`, 'merchant');
      expect(response.statusCode).toBe(200);
      const listed = (
        response.json() as { data: Array<{ id: number; hint: string; expiresAt: string | null }> }
      ).data;
      expect(listed.length).toBeGreaterThanOrEqual(1);
      const [current] = listed;
      expect(current?.expiresAt).toBeNull();

      const revealed = await dataOf<{ secret: string }>(
        call('POST', `${DEV}/webhook-secrets/reveal`, 'merchant', {}),
      );
      expect(revealed.secret).toMatch(/^whsec_/);
      expect(current?.hint).toBe(`whsec_…${revealed.secret.slice(-4)}`);
      expect(response.body).not.toContain(revealed.secret);
      expect(response.body).not.toContain(revealed.secret.slice('whsec_'.length, -4));

      const audits = await auditRows('WEBHOOK_SECRET_REVEALED', current?.id ?? 0);
      expect(audits.length).toBeGreaterThanOrEqual(1);
      expect(audits.at(-1)).toMatchObject({
        personId: fixture.personIds.merchant,
        merchantId: fixture.own.id,
        entityType: 'webhook_secret',
      });
      expect(JSON.stringify(audits)).not.toContain(revealed.secret);
    });

    it('reveals and rotates without a body too', async () => {
      const revealed = await call('POST', `${DEV}/webhook-secrets/reveal`, 'otherMerchant');
      expect(revealed.statusCode, revealed.body).toBe(200);
      const rotated = await call('POST', `${DEV}/webhook-secrets/rotate`, 'otherMerchant');
      expect(rotated.statusCode, rotated.body).toBe(200);
      const { secret } = (rotated.json() as { data: { secret: string } }).data;
      expect(secret).not.toBe((revealed.json() as { data: { secret: string } }).data.secret);
    });

    it('rotates with a grace period: both secrets sign until it ends; grace 0 stops the old at once', async () => {
      // Only one secret signing to begin with, whatever rotations came before.
      await dataOf(call('POST', `${DEV}/webhook-secrets/rotate`, 'merchant', { graceHours: 0 }));
      const original = await currentWebhookSecret();
      const endpoint = await createEndpoint(['invoice.done'], '/rotation');

      const rotated = await dataOf<{ secret: string; previousExpiresAt: string | null }>(
        call('POST', `${DEV}/webhook-secrets/rotate`, 'merchant', { graceHours: 2 }),
      );
      expect(rotated.secret).toMatch(/^whsec_/);
      expect(rotated.secret).not.toBe(original);
      expect(
        Math.abs(Date.parse(rotated.previousExpiresAt ?? '') - (Date.now() + 2 * HOUR_MS)),
      ).toBeLessThan(60_000);
      expect(await currentWebhookSecret()).toBe(rotated.secret);

      const listed = await dataOf<Array<{ id: number; hint: string; expiresAt: string | null }>>(
        call('GET', `${DEV}/webhook-secrets`, 'merchant'),
      );
      expect(listed).toHaveLength(2);
      expect(listed[0]).toMatchObject({
        hint: `whsec_…${rotated.secret.slice(-4)}`,
        expiresAt: null,
      });
      expect(listed[1]).toMatchObject({
        hint: `whsec_…${original.slice(-4)}`,
        expiresAt: rotated.previousExpiresAt,
      });
      const [audit] = await auditRows('WEBHOOK_SECRET_ROTATED', listed[0]?.id ?? 0);
      expect(audit).toMatchObject({
        personId: fixture.personIds.merchant,
        merchantId: fixture.own.id,
        details: { graceHours: 2, previousExpiresAt: rotated.previousExpiresAt },
      });
      expect(JSON.stringify(audit)).not.toContain(rotated.secret);

      // A delivery now carries one signature per secret, each verifying on its own.
      await dataOf(call('POST', `${DEV}/webhook-endpoints/${endpoint.id}/test`, 'merchant'), 202);
      expect(await deliver()).toBe(1);
      const [delivery] = receiver.received;
      if (!delivery) throw new Error('nothing delivered');
      const signatures = String(delivery.headers['webhook-signature']).split(' ');
      expect(signatures).toHaveLength(2);
      for (const signature of signatures) expect(signature).toMatch(/^v1,/);
      expect(verify(rotated.secret, delivery, signatures[0])).toMatchObject({
        type: 'webhook.test',
      });
      expect(verify(original, delivery, signatures[1])).toMatchObject({ type: 'webhook.test' });
      expect(() => verify(original, delivery, signatures[0])).toThrow();
      // Either secret verifies the delivery as sent.
      expect(verify(rotated.secret, delivery)).toBeTruthy();
      expect(verify(original, delivery)).toBeTruthy();

      // Rotating with no grace: only the newest secret signs from now on.
      const immediate = await dataOf<{ secret: string; previousExpiresAt: string | null }>(
        call('POST', `${DEV}/webhook-secrets/rotate`, 'merchant', { graceHours: 0 }),
      );
      expect(Math.abs(Date.parse(immediate.previousExpiresAt ?? '') - Date.now())).toBeLessThan(
        60_000,
      );
      const afterImmediate = await dataOf<Array<{ hint: string; expiresAt: string | null }>>(
        call('GET', `${DEV}/webhook-secrets`, 'merchant'),
      );
      expect(afterImmediate).toEqual([
        expect.objectContaining({ hint: `whsec_…${immediate.secret.slice(-4)}`, expiresAt: null }),
      ]);

      receiver.reset();
      await dataOf(call('POST', `${DEV}/webhook-endpoints/${endpoint.id}/test`, 'merchant'), 202);
      expect(await deliver()).toBe(1);
      const [single] = receiver.received;
      if (!single) throw new Error('nothing delivered');
      expect(String(single.headers['webhook-signature']).split(' ')).toHaveLength(1);
      expect(verify(immediate.secret, single)).toMatchObject({ type: 'webhook.test' });
      expect(() => verify(rotated.secret, single)).toThrow();
      expect(() => verify(original, single)).toThrow();
    });

    it('rotates with 24 hours of grace by default, and only for the caller’s merchant', async () => {
      const otherBefore = await dataOf<Array<{ hint: string }>>(
        call('GET', `${DEV}/webhook-secrets`, 'otherMerchant'),
      );
      const rotated = await dataOf<{ secret: string; previousExpiresAt: string | null }>(
        call('POST', `${DEV}/webhook-secrets/rotate`, 'merchant', {}),
      );
      expect(
        Math.abs(Date.parse(rotated.previousExpiresAt ?? '') - (Date.now() + 24 * HOUR_MS)),
      ).toBeLessThan(60_000);
      expect(
        await dataOf<Array<{ hint: string }>>(
          call('GET', `${DEV}/webhook-secrets`, 'otherMerchant'),
        ),
      ).toEqual(otherBefore);
      // An admin rotates the merchant it names.
      const byAdmin = await dataOf<{ secret: string }>(
        call('POST', `${DEV}/webhook-secrets/rotate`, 'admin', {
          merchantId: fixture.other.id,
          graceHours: 0,
        }),
      );
      const otherAfter = await dataOf<Array<{ hint: string }>>(
        call('GET', `${DEV}/webhook-secrets`, 'otherMerchant'),
      );
      expect(otherAfter).toEqual([
        expect.objectContaining({ hint: `whsec_…${byAdmin.secret.slice(-4)}` }),
      ]);
      const peek = await call('POST', `${DEV}/webhook-secrets/reveal`, 'merchant', {
        merchantId: fixture.other.id,
      });
      expect(peek.statusCode).toBe(404);
    });

    it('refuses a grace period out of range (400)', async () => {
      const before = await dataOf<unknown[]>(call('GET', `${DEV}/webhook-secrets`, 'merchant'));
      for (const graceHours of [-1, WEBHOOK_SECRET_GRACE_HOURS_MAX + 1, 1.5, 'soon']) {
        const response = await call('POST', `${DEV}/webhook-secrets/rotate`, 'merchant', {
          graceHours,
        });
        expect(response.statusCode, String(graceHours)).toBe(400);
        expect(response.body).toContain('graceHours');
      }
      expect(await dataOf<unknown[]>(call('GET', `${DEV}/webhook-secrets`, 'merchant'))).toEqual(
        before,
      );
    });
  });

  // --- Webhook endpoints -------------------------------------------------------------------------

  describe('webhook endpoints', () => {
    it('creates, lists, changes and deletes an endpoint, each audited', async () => {
      const created = await createEndpoint(
        ['invoice.done', 'invoice.created'],
        '/orders',
        'merchant',
        {
          description: '  Order service ',
        },
      );
      expect(created).toMatchObject({
        url: receiver.url('/orders'),
        description: 'Order service',
        // In the table's order.
        eventTypes: ['invoice.created', 'invoice.done'],
        enabled: true,
        disabledReason: null,
        failingSince: null,
      });
      expect(
        await dataOf<EndpointView[]>(call('GET', `${DEV}/webhook-endpoints`, 'merchant')),
      ).toEqual([expect.objectContaining({ id: created.id })]);
      const [createdAudit] = await auditRows('WEBHOOK_ENDPOINT_CREATED', created.id);
      expect(createdAudit).toMatchObject({
        personId: fixture.personIds.merchant,
        merchantId: fixture.own.id,
        entityType: 'webhook_endpoint',
        details: {
          url: receiver.url('/orders'),
          description: 'Order service',
          eventTypes: ['invoice.created', 'invoice.done'],
        },
      });

      const changed = await dataOf<EndpointView>(
        call('PATCH', `${DEV}/webhook-endpoints/${created.id}`, 'merchant', {
          eventTypes: ['invoice.declined'],
          enabled: false,
        }),
      );
      expect(changed).toMatchObject({
        id: created.id,
        description: 'Order service',
        eventTypes: ['invoice.declined'],
        enabled: false,
        disabledReason: null,
      });
      const [changedAudit] = await auditRows('WEBHOOK_ENDPOINT_CHANGED', created.id);
      expect(changedAudit?.details).toEqual({
        eventTypes: { from: ['invoice.created', 'invoice.done'], to: ['invoice.declined'] },
        enabled: { from: true, to: false },
      });

      const empty = await call('PATCH', `${DEV}/webhook-endpoints/${created.id}`, 'merchant', {});
      expect(empty.statusCode).toBe(400);

      const deleted = await call('DELETE', `${DEV}/webhook-endpoints/${created.id}`, 'merchant');
      expect(deleted.statusCode).toBe(200);
      expect(deleted.json()).toEqual({ data: { ok: true } });
      expect(
        await dataOf<EndpointView[]>(call('GET', `${DEV}/webhook-endpoints`, 'merchant')),
      ).toEqual([]);
      const [deletedAudit] = await auditRows('WEBHOOK_ENDPOINT_DELETED', created.id);
      expect(deletedAudit).toMatchObject({
        personId: fixture.personIds.merchant,
        merchantId: fixture.own.id,
      });
      expect(
        (await call('DELETE', `${DEV}/webhook-endpoints/${created.id}`, 'merchant')).statusCode,
      ).toBe(404);
    });

    it('validates the URL, the description and the event types (400)', async () => {
      const base = { url: 'https://shop.example/hooks', eventTypes: ['invoice.done'] };
      const cases: Array<[object, string]> = [
        [{ ...base, url: 'not a url' }, 'URL'],
        [{ ...base, url: 'ftp://shop.example/hooks' }, 'URL'],
        [{ ...base, url: 'https://user:pass@shop.example/hooks' }, 'URL'],
        [{ ...base, url: `https://shop.example/${'a'.repeat(2048)}` }, 'URL'],
        [{ ...base, eventTypes: [] }, 'event type'],
        [{ ...base, eventTypes: ['invoice.paid'] }, 'invoice.paid'],
        [{ ...base, eventTypes: ['webhook.test'] }, 'webhook.test'],
        [{ ...base, eventTypes: ['invoice.done', 'invoice.done'] }, 'eventTypes'],
        [{ ...base, description: 'd'.repeat(WEBHOOK_DESCRIPTION_MAX_LENGTH + 1) }, 'description'],
        [{ url: base.url }, 'eventTypes'],
        [{ eventTypes: base.eventTypes }, 'url'],
      ];
      for (const [payload, words] of cases) {
        const response = await call('POST', `${DEV}/webhook-endpoints`, 'merchant', payload);
        expect(response.statusCode, JSON.stringify(payload).slice(0, 100)).toBe(400);
        expect(response.body, JSON.stringify(payload).slice(0, 100)).toContain(words);
      }
      expect(
        await dataOf<EndpointView[]>(call('GET', `${DEV}/webhook-endpoints`, 'merchant')),
      ).toEqual([]);

      const endpoint = await createEndpoint(['invoice.done'], '/valid');
      for (const [payload, words] of [
        [{ url: 'javascript:alert(1)' }, 'URL'],
        [{ eventTypes: [] }, 'event type'],
        [{ eventTypes: ['invoice.unknown'] }, 'invoice.unknown'],
        [{ enabled: 'yes' }, 'enabled'],
      ] as Array<[object, string]>) {
        const response = await call(
          'PATCH',
          `${DEV}/webhook-endpoints/${endpoint.id}`,
          'merchant',
          payload,
        );
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
        expect(response.body).toContain(words);
      }
      expect(
        await dataOf<EndpointView[]>(call('GET', `${DEV}/webhook-endpoints`, 'merchant')),
      ).toEqual([
        expect.objectContaining({ url: receiver.url('/valid'), eventTypes: ['invoice.done'] }),
      ]);
    });

    it('takes the URL and description by the Developers screen’s rules', async () => {
      const base = { url: 'https://shop.example/hooks', eventTypes: ['invoice.done'] };
      const create = (payload: object) =>
        call('POST', `${DEV}/webhook-endpoints`, 'merchant', { ...base, ...payload });
      const refusals: Array<[object, string]> = [
        // WHATWG URL reads it as http://example.com/, but it is not written as an address.
        [{ url: 'http:example.com' }, WEBHOOK_ENDPOINT_MESSAGES.url],
        [{ url: 'https://user@shop.example/hooks' }, WEBHOOK_ENDPOINT_MESSAGES.url],
        [
          { description: EMOJI.repeat(WEBHOOK_DESCRIPTION_MAX_LENGTH + 1) },
          WEBHOOK_ENDPOINT_MESSAGES.description,
        ],
      ];
      for (const [payload, message] of refusals) {
        const response = await create(payload);
        expect(response.statusCode, response.body).toBe(400);
        expect(response.json().detail).toBe(message);
      }

      const description = EMOJI.repeat(WEBHOOK_DESCRIPTION_MAX_LENGTH);
      const endpoint = await dataOf<EndpointView>(
        create({ url: ` ${base.url} `, description: ` ${description} ` }),
        201,
      );
      expect(endpoint).toMatchObject({ url: base.url, description });
      const changed = await call('PATCH', `${DEV}/webhook-endpoints/${endpoint.id}`, 'merchant', {
        url: 'http:example.com',
      });
      expect(changed.statusCode, changed.body).toBe(400);
      expect(changed.json().detail).toBe(WEBHOOK_ENDPOINT_MESSAGES.url);
    });

    it('takes only https:// endpoint URLs where the server allows no http webhooks (production)', async () => {
      // As main.ts builds it with WEBHOOK_ALLOW_HTTP off, the production default.
      const production = await buildApp({
        db: fixture.db,
        auth: TEST_AUTH,
        webhookAllowHttp: false,
      });
      try {
        const there = (method: Method, url: string, payload: object) =>
          production.inject({ method, url, headers: { cookie: cookies.merchant ?? '' }, payload });
        const base = { url: 'https://shop.example/hooks', eventTypes: ['invoice.done'] };
        for (const url of ['http://shop.example/hooks', ' HTTP://shop.example:443/hooks ']) {
          const refused = await there('POST', `${DEV}/webhook-endpoints`, { ...base, url });
          expect(refused.statusCode, refused.body).toBe(400);
          expect(refused.json()).toMatchObject({
            code: 'invalid_request',
            detail: WEBHOOK_ENDPOINT_MESSAGES.httpsOnly,
          });
        }
        // What is no address at all keeps the address rule's message.
        const malformed = await there('POST', `${DEV}/webhook-endpoints`, {
          ...base,
          url: 'ftp://shop.example/hooks',
        });
        expect(malformed.json().detail).toBe(WEBHOOK_ENDPOINT_MESSAGES.url);
        expect(
          await dataOf<EndpointView[]>(call('GET', `${DEV}/webhook-endpoints`, 'merchant')),
        ).toEqual([]);

        // https on any port is taken (decision 0021: ports are not restricted).
        const secure = await dataOf<EndpointView>(
          there('POST', `${DEV}/webhook-endpoints`, {
            ...base,
            url: 'https://shop.example:8443/h',
          }),
          201,
        );
        const downgrade = await there('PATCH', `${DEV}/webhook-endpoints/${secure.id}`, {
          url: 'http://shop.example/h',
        });
        expect(downgrade.statusCode, downgrade.body).toBe(400);
        expect(downgrade.json().detail).toBe(WEBHOOK_ENDPOINT_MESSAGES.httpsOnly);

        // An endpoint stored with http:// before keeps working: changed in other ways, disabled.
        const stored = await createEndpoint(['invoice.done'], '/stored-before');
        expect(stored.url).toMatch(/^http:\/\//);
        const changed = await there('PATCH', `${DEV}/webhook-endpoints/${stored.id}`, {
          description: 'old receiver',
          enabled: false,
        });
        expect(changed.statusCode, changed.body).toBe(200);
        expect(changed.json().data).toMatchObject({ url: stored.url, enabled: false });
        expect(
          await dataOf<EndpointView[]>(call('GET', `${DEV}/webhook-endpoints`, 'merchant')),
        ).toEqual(
          expect.arrayContaining([
            expect.objectContaining({ id: secure.id, url: 'https://shop.example:8443/h' }),
          ]),
        );
      } finally {
        await production.close();
      }
    });

    it(`allows ${WEBHOOK_ENDPOINTS_PER_MERCHANT_MAX} endpoints per merchant (409 beyond)`, async () => {
      const shop = await createTestMerchant(fixture.db, 'Busy shop');
      const add = (n: number) =>
        call('POST', `${DEV}/webhook-endpoints`, 'admin', {
          merchantId: shop.id,
          url: `https://busy.example/hook/${n}`,
          eventTypes: ['invoice.done'],
        });
      for (let n = 0; n < WEBHOOK_ENDPOINTS_PER_MERCHANT_MAX; n += 1) {
        expect((await add(n)).statusCode).toBe(201);
      }
      const refused = await add(WEBHOOK_ENDPOINTS_PER_MERCHANT_MAX);
      expect(refused.statusCode).toBe(409);
      expect(refused.body).toContain(`at most ${WEBHOOK_ENDPOINTS_PER_MERCHANT_MAX}`);
      // Another merchant is not counted against.
      await createEndpoint(['invoice.done'], '/not-busy');
    });

    it('keeps another merchant’s endpoints out of reach (404)', async () => {
      const theirs = await createEndpoint(['invoice.done'], '/theirs', 'otherMerchant');
      expect(
        await dataOf<EndpointView[]>(call('GET', `${DEV}/webhook-endpoints`, 'merchant')),
      ).toEqual([]);
      for (const [method, url, payload] of [
        ['PATCH', `${DEV}/webhook-endpoints/${theirs.id}`, { enabled: false }],
        ['DELETE', `${DEV}/webhook-endpoints/${theirs.id}`],
        ['POST', `${DEV}/webhook-endpoints/${theirs.id}/test`],
        ['GET', `${DEV}/webhook-endpoints?merchantId=${fixture.other.id}`],
      ] as Array<[Method, string, object?]>) {
        const response = await call(method, url, 'merchant', payload);
        expect(response.statusCode, `${method} ${url}`).toBe(404);
      }
      expect(
        await dataOf<EndpointView[]>(call('GET', `${DEV}/webhook-endpoints`, 'otherMerchant')),
      ).toEqual([expect.objectContaining({ id: theirs.id, enabled: true })]);
      expect(await auditRows('WEBHOOK_TEST_SENT', theirs.id)).toEqual([]);
      // An admin reaches it by naming the merchant, or by its id.
      expect(
        await dataOf<EndpointView[]>(
          call('GET', `${DEV}/webhook-endpoints?merchantId=${fixture.other.id}`, 'admin'),
        ),
      ).toEqual([expect.objectContaining({ id: theirs.id })]);
      await dataOf(
        call('PATCH', `${DEV}/webhook-endpoints/${theirs.id}`, 'admin', { description: 'Checked' }),
      );
      const noMerchant = await call('POST', `${DEV}/webhook-endpoints`, 'admin', {
        url: 'https://x.example/hook',
        eventTypes: ['invoice.done'],
      });
      expect(noMerchant.statusCode).toBe(404);
      expect(noMerchant.body).toContain('merchantId');
    });

    it('delivers an invoice’s events to the endpoints subscribed to each type', async () => {
      const changes = await createEndpoint(['invoice.status_changed'], '/changes');
      const outcomes = await createEndpoint(['invoice.done', 'invoice.declined'], '/outcomes');
      const declines = await createEndpoint(['invoice.declined'], '/declines');
      const disabled = await createEndpoint(['invoice.done'], '/disabled');
      await dataOf(
        call('PATCH', `${DEV}/webhook-endpoints/${disabled.id}`, 'merchant', { enabled: false }),
      );

      const invoice = await invoiceMadeDone();
      const page = await dataOf<{ items: EventView[]; total: number }>(
        call('GET', `${DEV}/events?invoiceId=${invoice.id}`, 'merchant'),
      );
      expect(page.total).toBe(2);
      expect(page.items.map(({ type }) => type).sort()).toEqual([
        'invoice.done',
        'invoice.status_changed',
      ]);
      const byType = Object.fromEntries(page.items.map((event) => [event.type, event]));
      expect(byType['invoice.status_changed']?.deliveries).toEqual([
        expect.objectContaining({
          endpointId: changes.id,
          url: receiver.url('/changes'),
          status: 'PENDING',
        }),
      ]);
      expect(byType['invoice.done']?.deliveries).toEqual([
        expect.objectContaining({ endpointId: outcomes.id, status: 'PENDING', isManual: false }),
      ]);

      expect(await deliver()).toBe(2);
      const received = Object.fromEntries(receiver.received.map((r) => [r.path, r]));
      expect(Object.keys(received).sort()).toEqual(['/changes', '/outcomes']);
      const secret = await currentWebhookSecret();
      const statusChanged = received['/changes'] as ReceivedCallback;
      expect(statusChanged.headers['webhook-id']).toBe(byType['invoice.status_changed']?.id);
      expect(verify(secret, statusChanged)).toMatchObject({
        type: 'invoice.status_changed',
        data: {
          invoiceId: invoice.id,
          status: 'DONE',
          previousStatus: 'IN_PROGRESS',
          // Integer minor units, not strings.
          amount: 100_000,
          currency: 'UZS',
        },
      });
      const done = received['/outcomes'] as ReceivedCallback;
      expect(done.headers['webhook-id']).toBe(byType['invoice.done']?.id);
      expect(JSON.parse(done.body)).toEqual(byType['invoice.done']?.payload);
      expect(JSON.parse(done.body)).toMatchObject({
        type: 'invoice.done',
        data: { status: 'DONE' },
      });
      expect(declines.id).not.toBe(outcomes.id);

      const after = await eventDetails(byType['invoice.done']?.id ?? '');
      expect(after.deliveries).toEqual([
        expect.objectContaining({ status: 'SENT', attempts: 1, lastResponseCode: 204 }),
      ]);
    });

    it('sends an invoice with its own callbackUrl only its outcomes, there, and nothing to endpoints', async () => {
      await createEndpoint(['invoice.status_changed', 'invoice.done'], '/endpoint');
      const invoice = await invoiceMadeDone({ callbackUrl: receiver.url('/own-url') });

      const page = await dataOf<{ items: EventView[] }>(
        call('GET', `${DEV}/events?invoiceId=${invoice.id}`, 'merchant'),
      );
      const byType = Object.fromEntries(page.items.map((event) => [event.type, event]));
      // Recorded for the log, sent nowhere.
      expect(byType['invoice.status_changed']?.deliveries).toEqual([]);
      expect(byType['invoice.done']?.deliveries).toEqual([
        expect.objectContaining({ endpointId: null, url: receiver.url('/own-url') }),
      ]);

      expect(await deliver()).toBe(1);
      expect(receiver.received.map(({ path }) => path)).toEqual(['/own-url']);
      expect(JSON.parse(receiver.received[0]?.body ?? '')).toMatchObject({
        type: 'invoice.done',
        data: { invoiceId: invoice.id, status: 'DONE' },
      });
    });

    it('sends invoice.created for an invoice made through the merchant API, unless it has its own URL', async () => {
      const created = await createEndpoint(['invoice.created'], '/created');
      const make = async (overrides: Record<string, unknown> = {}) => {
        const response = await signedCall(fixture.testApp.app, keysOf(fixture.own), {
          method: 'POST',
          path: '/invoices',
          body: invoiceBody(fixture.terminals.ownDeposit.id, overrides),
        });
        expect(response.statusCode, response.body).toBe(201);
        return (response.json() as { data: { invoiceId: string } }).data.invoiceId;
      };
      const plain = await make();
      const withUrl = await make({ callbackUrl: receiver.url('/own-url') });

      expect(await deliver()).toBe(1);
      expect(receiver.received.map(({ path }) => path)).toEqual(['/created']);
      expect(
        verify(await currentWebhookSecret(), receiver.received[0] as ReceivedCallback),
      ).toMatchObject({
        type: 'invoice.created',
        data: { invoiceId: plain, status: 'NEW', amount: 150_000, fee: 0, currency: 'UZS' },
      });
      const [event] = (
        await dataOf<{ items: EventView[] }>(
          call('GET', `${DEV}/events?invoiceId=${withUrl}`, 'merchant'),
        )
      ).items;
      expect(event).toMatchObject({ type: 'invoice.created', deliveries: [] });
      expect(created.eventTypes).toEqual(['invoice.created']);
    });

    it('sends a test event, even to a disabled endpoint, without touching its health', async () => {
      const endpoint = await createEndpoint(['invoice.done'], '/testing');
      await dataOf(
        call('PATCH', `${DEV}/webhook-endpoints/${endpoint.id}`, 'merchant', { enabled: false }),
      );

      const sent = await dataOf<{ eventId: string }>(
        call('POST', `${DEV}/webhook-endpoints/${endpoint.id}/test`, 'merchant'),
        202,
      );
      expect(sent.eventId).toMatch(/^evt_\d+$/);
      const [audit] = await auditRows('WEBHOOK_TEST_SENT', endpoint.id);
      expect(audit).toMatchObject({
        personId: fixture.personIds.merchant,
        merchantId: fixture.own.id,
      });
      expect(audit?.description).toContain(sent.eventId);

      expect(await deliver()).toBe(1);
      const [delivery] = receiver.received;
      if (!delivery) throw new Error('nothing delivered');
      expect(delivery.path).toBe('/testing');
      expect(delivery.headers['webhook-id']).toBe(sent.eventId);
      expect(verify(await currentWebhookSecret(), delivery)).toMatchObject({
        type: 'webhook.test',
        data: { endpointId: endpoint.id },
      });

      const event = await eventDetails(sent.eventId);
      expect(event).toMatchObject({ id: sent.eventId, type: 'webhook.test', invoiceId: null });
      expect(event.deliveries).toEqual([
        expect.objectContaining({ endpointId: endpoint.id, status: 'SENT', isManual: true }),
      ]);
      expect(
        (await dataOf<EndpointView[]>(call('GET', `${DEV}/webhook-endpoints`, 'merchant')))[0],
      ).toMatchObject({ enabled: false, failingSince: null });
    });

    it('sends the pending retries and resends of an endpoint to its new URL once changed', async () => {
      const endpoint = await createEndpoint(['invoice.done'], '/typo');
      await invoiceMadeDone();
      receiver.answerWith({ status: 404 });
      expect(await deliver()).toBe(1);
      expect(receiver.received.map(({ path }) => path)).toEqual(['/typo']);

      await dataOf(
        call('PATCH', `${DEV}/webhook-endpoints/${endpoint.id}`, 'merchant', {
          url: receiver.url('/fixed'),
        }),
      );
      await makeAllDue();
      expect(await deliver()).toBe(1);
      expect(receiver.received.map(({ path }) => path)).toEqual(['/typo', '/fixed']);
      const [row] = await fixture.db
        .select()
        .from(callbacks)
        .where(eq(callbacks.endpointId, endpoint.id));
      expect(row).toMatchObject({ status: 'SENT', attempts: 2, url: receiver.url('/fixed') });

      await dataOf(call('POST', `${DEV}/callbacks/${row?.id}/resend`, 'merchant'), 202);
      expect(await deliver()).toBe(1);
      expect(receiver.received.map(({ path }) => path)).toEqual(['/typo', '/fixed', '/fixed']);
    });

    it('gives up the pending deliveries of a deleted endpoint', async () => {
      const endpoint = await createEndpoint(['invoice.done'], '/doomed');
      const sent = await dataOf<{ eventId: string }>(
        call('POST', `${DEV}/webhook-endpoints/${endpoint.id}/test`, 'merchant'),
        202,
      );
      await dataOf(call('DELETE', `${DEV}/webhook-endpoints/${endpoint.id}`, 'merchant'));

      expect(await deliver()).toBe(0);
      expect(receiver.received).toEqual([]);
      const event = await eventDetails(sent.eventId);
      expect(event.deliveries).toEqual([
        expect.objectContaining({ status: 'FAILED', attempts: 0 }),
      ]);
      const [row] = await fixture.db
        .select()
        .from(callbacks)
        .where(eq(callbacks.id, event.deliveries[0]?.callbackId ?? 0));
      expect(row).toMatchObject({ status: 'FAILED', lastError: 'The endpoint was deleted' });
    });

    it.runIf(kind === 'postgres')(
      'gives up a delivery that was being queued while the endpoint was deleted',
      async () => {
        const endpoint = await createEndpoint(['invoice.done'], '/racing');
        let commit: () => void = () => {};
        const committing = new Promise<void>((resolve) => {
          commit = resolve;
        });
        let queued: () => void = () => {};
        const isQueued = new Promise<void>((resolve) => {
          queued = resolve;
        });
        // An invoice's transaction that has queued a delivery to the endpoint, not yet committed.
        const writer = fixture.db.transaction(async (tx) => {
          const [row] = await tx
            .insert(callbacks)
            .values({
              merchantId: fixture.own.id,
              endpointId: endpoint.id,
              url: endpoint.url,
              invoiceStatus: 'DONE',
              payload: { type: 'invoice.done' },
            })
            .returning();
          queued();
          await committing;
          return row;
        });
        await isQueued;
        const deleting = call('DELETE', `${DEV}/webhook-endpoints/${endpoint.id}`, 'merchant');
        // The delete waits on the endpoint's row (before the fix: only at its last statement).
        while ((await lockWaitCount(fixture.db, 'webhook_endpoints')) === 0) {
          await new Promise((r) => setImmediate(r));
        }
        commit();
        const row = await writer;
        expect((await deleting).statusCode).toBe(200);

        const [after] = await fixture.db
          .select()
          .from(callbacks)
          .where(eq(callbacks.id, row?.id ?? 0));
        expect(after).toMatchObject({ status: 'FAILED', lastError: 'The endpoint was deleted' });
        expect(await deliver()).toBe(0);
      },
    );
  });

  // --- Recover ----------------------------------------------------------------------------------

  describe('recovering what an endpoint did not receive', () => {
    const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);

    /** A delivery to the endpoint in a given state, written directly. */
    const delivery = async (
      endpoint: { id: number; url: string },
      fields: Partial<typeof callbacks.$inferInsert>,
    ) => {
      const [row] = await fixture.db
        .insert(callbacks)
        .values({
          merchantId: fixture.own.id,
          endpointId: endpoint.id,
          url: endpoint.url,
          invoiceStatus: 'DONE',
          payload: { type: 'invoice.done', note: fields.status ?? 'PENDING' },
          ...fields,
        })
        .returning();
      if (!row) throw new Error('no delivery');
      return row;
    };

    const recover = (endpointId: number, since: Date | string, who = 'merchant') =>
      call('POST', `${DEV}/webhook-endpoints/${endpointId}/recover`, who, {
        since: typeof since === 'string' ? since : since.toISOString(),
      });

    it('sends again what was given up since the moment, once, and makes waiting retries due', async () => {
      const endpoint = await createEndpoint(['invoice.done'], '/recovered');
      const other = await createEndpoint(['invoice.done'], '/other');
      const givenUp = await delivery(endpoint, { status: 'FAILED', createDate: hoursAgo(5) });
      const resentAlready = await delivery(endpoint, { status: 'FAILED', createDate: hoursAgo(5) });
      await delivery(endpoint, { status: 'SENT', resendOf: resentAlready.id });
      await delivery(endpoint, { status: 'SENT', createDate: hoursAgo(5) });
      await delivery(endpoint, { status: 'FAILED', createDate: hoursAgo(30) });
      const waiting = await delivery(endpoint, {
        status: 'PENDING',
        nextAttemptAt: new Date(Date.now() + 3_600_000),
      });
      await delivery(other, { status: 'FAILED', createDate: hoursAgo(5) });

      const outcome = await dataOf(recover(endpoint.id, hoursAgo(24)), 202);
      expect(outcome).toEqual({ resent: 1, madeDue: 1, more: false });
      const resends = await fixture.db
        .select()
        .from(callbacks)
        .where(and(eq(callbacks.resendOf, givenUp.id), eq(callbacks.status, 'PENDING')));
      expect(resends).toEqual([
        expect.objectContaining({
          endpointId: endpoint.id,
          isManual: true,
          payload: givenUp.payload,
        }),
      ]);
      const [waited] = await fixture.db
        .select()
        .from(callbacks)
        .where(eq(callbacks.id, waiting.id));
      expect(waited?.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now() + 1_000);
      const [audit] = await auditRows('WEBHOOK_DELIVERIES_RECOVERED', endpoint.id);
      expect(audit).toMatchObject({
        personId: fixture.personIds.merchant,
        merchantId: fixture.own.id,
        entityType: 'webhook_endpoint',
        details: { resent: 1, madeDue: 1, more: false },
      });

      // Again: the resend waits already, so nothing is queued twice.
      expect(await dataOf(recover(endpoint.id, hoursAgo(24)), 202)).toEqual({
        resent: 0,
        madeDue: 0,
        more: false,
      });
      expect(await deliver()).toBe(2);
      expect(receiver.received.map((received) => received.path).sort()).toEqual([
        '/recovered',
        '/recovered',
      ]);
    });

    it(`sends at most ${MAX_RECOVERED_DELIVERIES} a call, and the next ones on the next call`, async () => {
      const endpoint = await createEndpoint(['invoice.done'], '/many');
      await fixture.db.insert(callbacks).values(
        Array.from({ length: MAX_RECOVERED_DELIVERIES + 1 }, () => ({
          merchantId: fixture.own.id,
          endpointId: endpoint.id,
          url: endpoint.url,
          invoiceStatus: 'DONE',
          payload: { type: 'invoice.done' },
          status: 'FAILED' as const,
          createDate: hoursAgo(1),
        })),
      );
      expect(await dataOf(recover(endpoint.id, hoursAgo(2)), 202)).toEqual({
        resent: MAX_RECOVERED_DELIVERIES,
        madeDue: 0,
        more: true,
      });
      expect(await dataOf(recover(endpoint.id, hoursAgo(2)), 202)).toEqual({
        resent: 1,
        madeDue: 0,
        more: false,
      });
    });

    it('refuses another merchant, a disabled endpoint and a moment out of range', async () => {
      const endpoint = await createEndpoint(['invoice.done'], '/refused');
      const given = await delivery(endpoint, { status: 'FAILED', createDate: hoursAgo(1) });
      expect((await recover(endpoint.id, hoursAgo(2), 'otherMerchant')).statusCode).toBe(404);
      expect((await recover(999_999, hoursAgo(2))).statusCode).toBe(404);
      for (const since of [
        new Date(Date.now() + 3_600_000),
        hoursAgo(24 * (WEBHOOK_RECOVERY_DAYS + 1)),
      ]) {
        const refused = await recover(endpoint.id, since);
        expect(refused.statusCode).toBe(400);
        expect(refused.json().detail).toBe(WEBHOOK_ENDPOINT_MESSAGES.recoverSince);
      }
      expect((await recover(endpoint.id, 'yesterday')).statusCode).toBe(400);

      await dataOf(
        call('PATCH', `${DEV}/webhook-endpoints/${endpoint.id}`, 'merchant', { enabled: false }),
      );
      const disabled = await recover(endpoint.id, hoursAgo(2));
      expect(disabled.statusCode).toBe(409);
      expect(disabled.json().detail).toBe(WEBHOOK_ENDPOINT_MESSAGES.recoverDisabled);
      const resends = await fixture.db
        .select()
        .from(callbacks)
        .where(eq(callbacks.resendOf, given.id));
      expect(resends).toEqual([]);
    });
  });

  // --- Event log ---------------------------------------------------------------------------------

  describe('event log', () => {
    it('pages the merchant’s events newest first and filters them by type', async () => {
      // A merchant of its own, so the counts are this test's alone.
      const shop = await createTestMerchant(fixture.db, 'Event shop');
      const terminal = await createTestTerminal(fixture.db, shop.id, { name: 'Event terminal' });
      await createTestPerson(fixture.db, {
        username: 'eventer',
        role: 'merchant',
        merchantId: shop.id,
      });
      cookies.eventer = await signIn(fixture.testApp.app, 'eventer', 'eventer-password');

      const endpoint = await createEndpoint(['invoice.done'], '/events', 'eventer');
      const tests: string[] = [];
      for (let n = 0; n < 3; n += 1) {
        tests.push(
          (
            await dataOf<{ eventId: string }>(
              call('POST', `${DEV}/webhook-endpoints/${endpoint.id}/test`, 'eventer'),
              202,
            )
          ).eventId,
        );
      }
      const invoice = await fixture.createInvoice(terminal, { status: 'IN_PROGRESS' });
      await setDone(invoice.id);

      const all = await dataOf<{ items: EventView[]; page: number; size: number; total: number }>(
        call('GET', `${DEV}/events`, 'eventer'),
      );
      expect(all).toMatchObject({ page: 0, size: 20, total: 5 });
      const ids = all.items.map(({ id }) => Number(id.slice(4)));
      expect(ids).toEqual([...ids].sort((a, b) => b - a));
      expect(all.items.map(({ type }) => type).slice(2)).toEqual([
        'webhook.test',
        'webhook.test',
        'webhook.test',
      ]);

      const first = await dataOf<{ items: EventView[]; total: number }>(
        call('GET', `${DEV}/events?size=2`, 'eventer'),
      );
      const second = await dataOf<{ items: EventView[]; total: number }>(
        call('GET', `${DEV}/events?size=2&page=1`, 'eventer'),
      );
      const third = await dataOf<{ items: EventView[]; total: number }>(
        call('GET', `${DEV}/events?size=2&page=2`, 'eventer'),
      );
      expect([...first.items, ...second.items, ...third.items].map(({ id }) => id)).toEqual(
        all.items.map(({ id }) => id),
      );
      expect(third.items).toHaveLength(1);
      expect(first.total).toBe(5);

      const onlyTests = await dataOf<{ items: EventView[]; total: number }>(
        call('GET', `${DEV}/events?type=webhook.test`, 'eventer'),
      );
      expect(onlyTests.total).toBe(3);
      expect(onlyTests.items.map(({ id }) => id)).toEqual([...tests].reverse());
      const done = await dataOf<{ items: EventView[]; total: number }>(
        call('GET', `${DEV}/events?type=invoice.done`, 'eventer'),
      );
      expect(done.items).toEqual([
        expect.objectContaining({
          type: 'invoice.done',
          invoiceId: invoice.id,
          deliveries: [expect.objectContaining({ endpointId: endpoint.id })],
        }),
      ]);

      for (const query of ['type=invoice.paid', 'size=0', 'size=101', 'page=-1', 'invoiceId=x']) {
        const response = await call('GET', `${DEV}/events?${query}`, 'eventer');
        expect(response.statusCode, query).toBe(400);
      }

      // Another merchant's user sees none of them; an admin names the merchant.
      const own = await dataOf<{ items: EventView[] }>(
        call('GET', `${DEV}/events?size=100`, 'merchant'),
      );
      expect(own.items.map(({ id }) => id)).not.toContain(tests[0]);
      expect((await call('GET', `${DEV}/events/${tests[0]}`, 'merchant')).statusCode).toBe(404);
      expect(
        (await call('GET', `${DEV}/events?merchantId=${shop.id}`, 'merchant')).statusCode,
      ).toBe(404);
      const byAdmin = await dataOf<{ total: number }>(
        call('GET', `${DEV}/events?merchantId=${shop.id}`, 'admin'),
      );
      expect(byAdmin.total).toBe(5);
    });

    it('walks the log by cursor without skipping events that share a creation time', async () => {
      // The merchant API's list (GET /api/merchant/v1/events) pages by cursor: starting_after.
      const shop = await createTestMerchant(fixture.db, 'Cursor shop');
      const terminal = await createTestTerminal(fixture.db, shop.id, { name: 'Cursor terminal' });
      // Each change to DONE records two events in one transaction: the same created_at.
      for (let n = 0; n < 3; n += 1) {
        const invoice = await fixture.createInvoice(terminal, { status: 'IN_PROGRESS' });
        await setDone(invoice.id);
      }
      const everything = await eventLogAfter(fixture.db, shop.id, {}, { limit: 100 });
      expect(everything.data).toHaveLength(6);
      expect(everything.has_more).toBe(false);

      for (const limit of [1, 2, 4]) {
        const walked: string[] = [];
        let startingAfter: string | undefined;
        for (let page = 0; page < 10; page += 1) {
          const answer = await eventLogAfter(
            fixture.db,
            shop.id,
            {},
            { limit, ...(startingAfter === undefined ? {} : { startingAfter }) },
          );
          walked.push(...answer.data.map(({ id }) => id));
          if (!answer.has_more) break;
          startingAfter = answer.data.at(-1)?.id;
        }
        expect(walked, `limit ${limit}`).toEqual(everything.data.map(({ id }) => id));
      }

      const done = await eventLogAfter(fixture.db, shop.id, { type: 'invoice.done' }, { limit: 2 });
      expect(done.data.map(({ type }) => type)).toEqual(['invoice.done', 'invoice.done']);
      expect(done.has_more).toBe(true);
      // Another merchant's event is no cursor.
      const foreign = (await eventLogAfter(fixture.db, fixture.own.id, {}, { limit: 1 })).data[0];
      await expect(
        eventLogAfter(fixture.db, shop.id, {}, { limit: 1, startingAfter: foreign?.id ?? '' }),
      ).rejects.toThrow('starting_after');
    });

    it('shows each attempt with its status code, duration and response excerpt', async () => {
      const endpoint = await createEndpoint(['invoice.done'], '/attempts');
      const { eventId } = await dataOf<{ eventId: string }>(
        call('POST', `${DEV}/webhook-endpoints/${endpoint.id}/test`, 'merchant'),
        202,
      );
      receiver.answerWith({ status: 500 }, { status: 200 });
      expect(await deliver()).toBe(1);
      await makeAllDue();
      expect(await deliver()).toBe(1);

      const event = await eventDetails(eventId);
      expect(event.payload).toMatchObject({
        type: 'webhook.test',
        data: { endpointId: endpoint.id },
      });
      expect(event.deliveries).toHaveLength(1);
      const [delivery] = event.deliveries;
      expect(delivery).toMatchObject({
        endpointId: endpoint.id,
        url: receiver.url('/attempts'),
        status: 'SENT',
        attempts: 2,
        lastResponseCode: 200,
      });
      expect(delivery?.attemptsLog).toEqual([
        expect.objectContaining({
          responseCode: 500,
          responseExcerpt: 'ignored body',
          error: 'HTTP 500',
        }),
        expect.objectContaining({
          responseCode: 200,
          responseExcerpt: 'ignored body',
          error: null,
        }),
      ]);
      for (const attempt of delivery?.attemptsLog ?? []) {
        expect(Number.isInteger(attempt.durationMs)).toBe(true);
        expect(attempt.durationMs).toBeGreaterThanOrEqual(0);
        expect(Number.isNaN(Date.parse(attempt.attemptedAt))).toBe(false);
      }

      expect((await call('GET', `${DEV}/events/evt_999999999`, 'merchant')).statusCode).toBe(404);
      expect((await call('GET', `${DEV}/events/not-an-event`, 'merchant')).statusCode).toBe(400);
      expect((await call('GET', `${DEV}/events/${eventId}`, 'otherMerchant')).statusCode).toBe(404);
    });

    it('resends a delivery: a new one with the same webhook-id and body', async () => {
      const endpoint = await createEndpoint(['invoice.done'], '/resend');
      const invoice = await invoiceMadeDone();
      expect(await deliver()).toBe(1);
      const [first] = receiver.received;
      if (!first) throw new Error('nothing delivered');
      const page = await dataOf<{ items: EventView[] }>(
        call('GET', `${DEV}/events?invoiceId=${invoice.id}&type=invoice.done`, 'merchant'),
      );
      const [event] = page.items;
      const original = event?.deliveries[0];
      if (!event || !original) throw new Error('no delivery');
      expect(first.headers['webhook-id']).toBe(event.id);

      const foreign = await call(
        'POST',
        `${DEV}/callbacks/${original.callbackId}/resend`,
        'otherMerchant',
      );
      expect(foreign.statusCode).toBe(404);
      expect((await call('POST', `${DEV}/callbacks/999999999/resend`, 'merchant')).statusCode).toBe(
        404,
      );

      const resent = await dataOf<{ callbackId: number }>(
        call('POST', `${DEV}/callbacks/${original.callbackId}/resend`, 'merchant'),
        202,
      );
      expect(resent.callbackId).not.toBe(original.callbackId);
      const [audit] = await auditRows('CALLBACK_RESENT', resent.callbackId);
      expect(audit).toMatchObject({
        personId: fixture.personIds.merchant,
        merchantId: fixture.own.id,
        invoiceId: invoice.id,
        entityType: 'callback',
      });

      expect(await deliver()).toBe(1);
      const second = receiver.received[1];
      if (!second) throw new Error('nothing resent');
      expect(second.path).toBe('/resend');
      expect(second.headers['webhook-id']).toBe(event.id);
      expect(second.body).toBe(first.body);
      expect(verify(await currentWebhookSecret(), second)).toMatchObject({ type: 'invoice.done' });

      const details = await eventDetails(event.id);
      expect(details.deliveries).toEqual([
        expect.objectContaining({
          callbackId: original.callbackId,
          isManual: false,
          status: 'SENT',
        }),
        expect.objectContaining({
          callbackId: resent.callbackId,
          endpointId: endpoint.id,
          isManual: true,
          status: 'SENT',
          attempts: 1,
        }),
      ]);
    });

    it('keeps one resend of a delivery waiting: resending again makes it due now', async () => {
      await createEndpoint(['invoice.done'], '/one-resend');
      const invoice = await invoiceMadeDone();
      await deliver();
      const [original] = await fixture.db
        .select()
        .from(callbacks)
        .where(and(eq(callbacks.invoiceId, invoice.id), eq(callbacks.isManual, false)));
      if (!original) throw new Error('no delivery');
      const resend = () =>
        dataOf<{ callbackId: number }>(
          call('POST', `${DEV}/callbacks/${original.id}/resend`, 'merchant'),
          202,
        );
      const resendsOf = () =>
        fixture.db.select().from(callbacks).where(eq(callbacks.resendOf, original.id));

      const first = await resend();
      expect((await resend()).callbackId).toBe(first.callbackId);
      // Resending the resend is resending the same delivery.
      const viaResend = await dataOf<{ callbackId: number }>(
        call('POST', `${DEV}/callbacks/${first.callbackId}/resend`, 'merchant'),
        202,
      );
      expect(viaResend.callbackId).toBe(first.callbackId);
      expect(await resendsOf()).toHaveLength(1);

      // Waiting for a retry an hour away: a resend makes it due now, still one row.
      await fixture.db
        .update(callbacks)
        .set({ attempts: 1, nextAttemptAt: sql`now() + interval '1 hour'` })
        .where(eq(callbacks.id, first.callbackId));
      expect((await resend()).callbackId).toBe(first.callbackId);
      const [waiting] = await resendsOf();
      expect(waiting?.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now() + 1_000);
      expect(await deliver()).toBe(1);

      // Sent: the next resend is a new delivery.
      const next = await resend();
      expect(next.callbackId).not.toBe(first.callbackId);
      expect(await resendsOf()).toHaveLength(2);
      expect(await deliver()).toBe(1);
    });

    it('adds no test event while five to the endpoint wait: a send makes them due now instead', async () => {
      const endpoint = await createEndpoint(['invoice.done'], '/test-flood');
      const sendTest = () =>
        dataOf<{ eventId: string }>(
          call('POST', `${DEV}/webhook-endpoints/${endpoint.id}/test`, 'merchant'),
          202,
        );
      const sent: string[] = [];
      for (let count = 0; count < 5; count += 1) sent.push((await sendTest()).eventId);
      expect(new Set(sent).size).toBe(5);
      const waitingTests = () =>
        fixture.db
          .select()
          .from(callbacks)
          .where(and(eq(callbacks.endpointId, endpoint.id), eq(callbacks.status, 'PENDING')));
      // The endpoint was broken: they wait for a retry an hour away.
      await fixture.db
        .update(callbacks)
        .set({ attempts: 1, nextAttemptAt: sql`now() + interval '1 hour'` })
        .where(eq(callbacks.endpointId, endpoint.id));

      const sixth = await sendTest();
      expect(sixth.eventId).toBe(sent[4]);
      const waiting = await waitingTests();
      expect(waiting).toHaveLength(5);
      for (const row of waiting)
        expect(row.nextAttemptAt.getTime()).toBeLessThan(Date.now() + 1_000);
      const audits = await auditRows('WEBHOOK_TEST_SENT', endpoint.id);
      expect(audits.map(({ description }) => description)).toContainEqual(
        expect.stringContaining('5 waiting test events'),
      );

      expect(await deliver()).toBe(5);
      expect(await waitingTests()).toHaveLength(0);
      const next = await sendTest();
      expect(sent).not.toContain(next.eventId);
      expect(await deliver()).toBe(1);
    });

    it('queues at most five test events to an endpoint however many are sent at once', async () => {
      const endpoint = await createEndpoint(['invoice.done'], '/test-burst');
      const answers = await Promise.all(
        Array.from({ length: 8 }, () =>
          call('POST', `${DEV}/webhook-endpoints/${endpoint.id}/test`, 'merchant'),
        ),
      );
      expect(answers.map(({ statusCode }) => statusCode)).toEqual(Array(8).fill(202));
      const queued = await fixture.db
        .select()
        .from(callbacks)
        .where(and(eq(callbacks.endpointId, endpoint.id), eq(callbacks.status, 'PENDING')));
      expect(queued).toHaveLength(5);
      expect(await deliver()).toBe(5);
    });

    it.runIf(kind === 'postgres')(
      'lets a resend and the delete of its endpoint take turns instead of deadlocking',
      async () => {
        const endpoint = await createEndpoint(['invoice.done'], '/resend-delete');
        await invoiceMadeDone();
        const [pending] = await fixture.db
          .select()
          .from(callbacks)
          .where(and(eq(callbacks.endpointId, endpoint.id), eq(callbacks.status, 'PENDING')));
        if (!pending) throw new Error('nothing queued to the endpoint');
        let release: () => void = () => {};
        const released = new Promise<void>((resolve) => {
          release = resolve;
        });
        let locked: () => void = () => {};
        const isLocked = new Promise<void>((resolve) => {
          locked = resolve;
        });
        // The delete's steps (deleteWebhookEndpoint), held after the first: the endpoint's row.
        const deleter = fixture.db.transaction(async (tx) => {
          await tx.execute(
            sql`SELECT id FROM webhook_endpoints WHERE id = ${endpoint.id} FOR UPDATE`,
          );
          locked();
          await released;
          await tx
            .update(callbacks)
            .set({ status: 'FAILED', lastError: 'The endpoint was deleted' })
            .where(and(eq(callbacks.endpointId, endpoint.id), eq(callbacks.status, 'PENDING')));
          await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
        });
        await isLocked;
        const resending = call('POST', `${DEV}/callbacks/${pending.id}/resend`, 'merchant');
        while ((await lockWaitCount(fixture.db)) === 0) await new Promise((r) => setImmediate(r));
        release();
        await deleter;
        const resent = await resending;
        expect(resent.statusCode, resent.body).toBe(409);
        expect(resent.json().detail).toBe('The endpoint of this delivery was deleted');
        expect(
          await fixture.db.select().from(callbacks).where(eq(callbacks.resendOf, pending.id)),
        ).toHaveLength(0);
      },
    );

    it('keeps the webhook-id of a delivery from before events existed on its resends', async () => {
      const invoice = await invoiceMadeDone();
      const received = receiver.received.length;
      // As migration 0006 left the callbacks queued before it: no event, the invoice's own URL.
      const [legacy] = await fixture.db
        .insert(callbacks)
        .values({
          merchantId: fixture.own.id,
          invoiceId: invoice.id,
          url: receiver.url('/legacy'),
          invoiceStatus: 'DONE',
          payload: { invoiceId: invoice.id, status: 'DONE' },
          status: 'SENT',
          attempts: 1,
        })
        .returning();
      if (!legacy) throw new Error('no legacy callback');

      const resent = await dataOf<{ callbackId: number }>(
        call('POST', `${DEV}/callbacks/${legacy.id}/resend`, 'merchant'),
        202,
      );
      expect(await deliver()).toBe(1);
      const again = await dataOf<{ callbackId: number }>(
        call('POST', `${DEV}/callbacks/${resent.callbackId}/resend`, 'merchant'),
        202,
      );
      expect(await deliver()).toBe(1);
      const deliveries = receiver.received.slice(received);
      expect(deliveries.map(({ path }) => path)).toEqual(['/legacy', '/legacy']);
      for (const delivery of deliveries) {
        expect(delivery.headers['webhook-id']).toBe(`msg_cb_${legacy.id}`);
      }
      const rows = await fixture.db
        .select({ id: callbacks.id, resendOf: callbacks.resendOf })
        .from(callbacks)
        .where(inArray(callbacks.id, [resent.callbackId, again.callbackId]));
      expect(rows.map((row) => row.resendOf)).toEqual([legacy.id, legacy.id]);
    });
  });
});
