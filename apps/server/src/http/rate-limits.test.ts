import { randomBytes, randomUUID } from 'node:crypto';
import { PAYMENT_STATUS_POLL_MS } from '@paygate/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { readServerConfig } from '../config/server-config.ts';
import type { DatabaseHandle } from '../db/database.ts';
import { providers } from '../db/schema.ts';
import { openTestDatabase } from '../db/testing/test-databases.ts';
import { insertApiKey } from '../modules/developers/api-key-repository.ts';
import { MERCHANT_API_PREFIX } from '../modules/merchant-api/merchant-api-routes.ts';
import { keysOf, signedCall } from '../modules/merchant-api/merchant-api-test-client.ts';
import { type MerchantKeys, newMerchantKeys } from '../modules/merchant-api/merchant-keys.ts';
import { PROVIDER_API_PREFIX } from '../modules/provider-api/provider-api-routes.ts';
import { issueProviderSigningSecret } from '../modules/provider-api/provider-keys.ts';
import { seedReferenceData } from '../seed/reference-data-seed.ts';
import { seedRoles } from '../seed/roles-seed.ts';
import { expectProblem } from '../testing/problem-assertions.ts';
import { signedRequest } from '../testing/signed-call.ts';
import {
  createTestMerchant,
  createTestPerson,
  sessionCookieOf,
  TEST_AUTH,
} from '../testing/test-app.ts';
import { createTestInvoice, createTestTerminal } from '../testing/test-data.ts';
import { waitInWords } from './http-errors.ts';
import {
  createRateLimiting,
  MAX_KEYS_PER_LIMIT,
  type RateLimiting,
  rateLimitOfRoute,
  TOO_MANY_REQUESTS_MESSAGE,
} from './rate-limits.ts';

/**
 * The shipped limits (readServerConfig's defaults), except the signed APIs', which are set
 * through their variables to something a test can exceed quickly.
 */
const limits = readServerConfig({
  RATE_LIMIT_MERCHANT_API_PER_MINUTE: '10',
  RATE_LIMIT_PROVIDER_API_PER_MINUTE: '12',
}).rateLimits;

const CLIENT = '198.51.100.10';
const OTHER_CLIENT = '203.0.113.20';

/** A form id of the right shape that no invoice has. */
const unknownFormId = () => randomBytes(18).toString('base64url');

const expectLimited = (response: LightMyRequestResponse, limit: number) => {
  const retryAfter = Number(response.headers['retry-after']);
  expectProblem(response, {
    status: 429,
    code: 'rate_limited',
    detail: `${TOO_MANY_REQUESTS_MESSAGE} Try again in ${waitInWords(retryAfter)}.`,
  });
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
  expect(response.headers['ratelimit-limit']).toBe(String(limit));
  expect(response.headers['ratelimit-remaining']).toBe('0');
  expect(Number(response.headers['ratelimit-reset'])).toBe(retryAfter);
};

const expectCounted = (response: LightMyRequestResponse, limit: number, remaining: number) => {
  expect(response.statusCode).not.toBe(429);
  expect(response.headers['ratelimit-limit']).toBe(String(limit));
  expect(response.headers['ratelimit-remaining']).toBe(String(remaining));
  expect(Number(response.headers['ratelimit-reset'])).toBeGreaterThanOrEqual(1);
  expect(response.headers['retry-after']).toBeUndefined();
};

/** A public form call under its limit: counted, but no RateLimit headers (decision 0024). */
const expectQuietlyCounted = (response: LightMyRequestResponse) => {
  expect(response.statusCode).not.toBe(429);
  for (const header of [
    'ratelimit-limit',
    'ratelimit-remaining',
    'ratelimit-reset',
    'retry-after',
  ]) {
    expect(response.headers[header], header).toBeUndefined();
  }
};

describe('rate limits', () => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let rateLimiting: RateLimiting;
  /** The limiter's clock: tests move it instead of waiting. */
  let now: number;
  let formId: string;
  let shop: Awaited<ReturnType<typeof createTestMerchant>>;
  let rival: Awaited<ReturnType<typeof createTestMerchant>>;
  let providerSecret: string;

  const send = (options: InjectOptions & { from?: string }) => {
    const { from = CLIENT, ...request } = options;
    return app.inject({ remoteAddress: from, ...request });
  };
  const pollStatus = (id: string, from = CLIENT) =>
    send({ method: 'POST', url: `/api/payments/form/${id}/status`, from });
  const signIn = (from = CLIENT) =>
    send({
      method: 'POST',
      url: '/api/v1/login',
      // A new name each time: the sign-in throttle (per name and address) stays out of the way.
      payload: { username: `nobody-${randomUUID()}`, password: 'wrong password' },
      from,
    });

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    await seedRoles(database.db);
    await seedReferenceData(database.db);
    shop = await createTestMerchant(database.db, 'Shop');
    rival = await createTestMerchant(database.db, 'Rival');
    const terminal = await createTestTerminal(database.db, shop.id);
    formId = (await createTestInvoice(database.db, terminal, { status: 'IN_PROGRESS' })).formId;
    providerSecret = await issueProviderSigningSecret(database.db, 'SANDBOX');
  });

  beforeEach(async () => {
    await app?.close();
    now = Date.parse('2026-03-01T10:00:00Z');
    rateLimiting = createRateLimiting(limits, { now: () => now });
    app = await buildApp({ db: database.db, auth: TEST_AUTH, rateLimits: rateLimiting });
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('ships limits far above what the payment form needs', () => {
    expect(readServerConfig({}).rateLimits).toEqual({
      enabled: true,
      signInPerMinute: 30,
      formStatusPerMinute: 60,
      formCallsPerMinute: 120,
      unknownFormsPerMinute: 20,
      merchantApiPerMinute: 600,
      providerApiPerMinute: 1200,
    });
    // Five times the form's polling rate.
    expect(limits.formStatusPerMinute).toBe((5 * 60_000) / PAYMENT_STATUS_POLL_MS);
  });

  it('sign-in and password changes: limited per address, another address is not', async () => {
    const person = await createTestPerson(database.db, { username: 'alice', role: 'admin' });
    const signedIn = await send({
      method: 'POST',
      url: '/api/v1/login',
      payload: { username: person.username, password: person.password },
    });
    expectCounted(signedIn, limits.signInPerMinute, limits.signInPerMinute - 1);
    const session = sessionCookieOf(signedIn);
    for (let index = 1; index < limits.signInPerMinute; index += 1) {
      expect((await signIn()).statusCode).toBe(401);
    }
    expectLimited(await signIn(), limits.signInPerMinute);
    // A password change from that address waits too (same limit, counted once signed in).
    const change = await send({
      method: 'POST',
      url: '/api/v1/user/change_password',
      headers: { cookie: session },
      payload: { currentPassword: person.password, newPassword: 'a-new-password-0123' },
    });
    expectLimited(change, limits.signInPerMinute);
    expect((await signIn(OTHER_CLIENT)).statusCode).toBe(401);

    now += 60_000;
    expect((await signIn()).statusCode).toBe(401);
  });

  it('form status: limited per address and form; the form polling every 5 s for 10 minutes never is', async () => {
    const tenMinutes = (10 * 60_000) / PAYMENT_STATUS_POLL_MS;
    for (let poll = 0; poll < tenMinutes; poll += 1) {
      const response = await pollStatus(formId);
      expect(response.statusCode, `poll ${poll}`).toBe(200);
      expectQuietlyCounted(response);
      expect(rateLimiting.counters('formStatus').read(`${CLIENT} ${formId}`).current).toBeLessThan(
        limits.formStatusPerMinute / 2,
      );
      now += PAYMENT_STATUS_POLL_MS;
    }

    now += 60_000;
    const first = await pollStatus(formId);
    expectQuietlyCounted(first);
    expect(rateLimiting.counters('formStatus').read(`${CLIENT} ${formId}`).current).toBe(1);
    for (let index = 1; index < limits.formStatusPerMinute; index += 1) {
      expect((await pollStatus(formId)).statusCode).toBe(200);
    }
    expectLimited(await pollStatus(formId), limits.formStatusPerMinute);
    // Another customer behind the same address (a carrier's NAT), and the same form elsewhere.
    const otherForm = await createTestInvoice(
      database.db,
      await createTestTerminal(database.db, shop.id),
    );
    expect((await pollStatus(otherForm.formId)).statusCode).toBe(200);
    expect((await pollStatus(formId, OTHER_CLIENT)).statusCode).toBe(200);
  });

  it('the other form calls share one limit per address', async () => {
    const call = (url: string, method: 'GET' | 'POST' = 'POST', from = CLIENT) =>
      send({ method, url: `/api/payments/form/${formId}${url}`, payload: {}, from });
    const answers = [
      await call('/init'),
      await call('/credential'),
      await call('/complete'),
      await call('/banks/sbp', 'GET'),
    ];
    for (const answer of answers) expectQuietlyCounted(answer);
    expect(rateLimiting.counters('formCalls').read(CLIENT).current).toBe(answers.length);
    for (let index = answers.length; index < limits.formCallsPerMinute; index += 1) {
      expect((await call('/banks/sbp', 'GET')).statusCode).toBe(200);
    }
    expectLimited(await call('/init'), limits.formCallsPerMinute);
    expectLimited(await call('/banks/sbp', 'GET'), limits.formCallsPerMinute);
    // The status poll has its own limit, and other addresses theirs.
    expect((await pollStatus(formId)).statusCode).toBe(200);
    expect((await call('/banks/sbp', 'GET', OTHER_CLIENT)).statusCode).toBe(200);
  });

  it('form-id guessing: 25 unknown ids from one address are limited after 20, another address is not', async () => {
    const answers: LightMyRequestResponse[] = [];
    for (let guess = 0; guess < 25; guess += 1) answers.push(await pollStatus(unknownFormId()));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses).toEqual([
      ...Array(limits.unknownFormsPerMinute).fill(404),
      ...Array(25 - limits.unknownFormsPerMinute).fill(429),
    ]);
    expectLimited(answers[24] as LightMyRequestResponse, limits.unknownFormsPerMinute);
    // Every form call of that address now waits, known forms included, and is not counted.
    expectLimited(await pollStatus(formId), limits.unknownFormsPerMinute);
    expect(rateLimiting.counters('formStatus').read(`${CLIENT} ${formId}`).current).toBe(0);
    const init = await send({ method: 'POST', url: `/api/payments/form/${formId}/init` });
    expectLimited(init, limits.unknownFormsPerMinute);

    expect((await pollStatus(unknownFormId(), OTHER_CLIENT)).statusCode).toBe(404);
    expect((await pollStatus(formId, OTHER_CLIENT)).statusCode).toBe(200);

    now += 60_000;
    expect((await pollStatus(formId)).statusCode).toBe(200);
  });

  it('form-id guessing with malformed ids: their 400s count with the 404s; a wrong body for a real form does not', async () => {
    // A customer's wrong body on a real form is a 400 too, and not a guess.
    const wrongBody = await send({
      method: 'POST',
      url: `/api/payments/form/${formId}/credential`,
      payload: {},
    });
    expect(wrongBody.statusCode).toBe(400);
    expect(rateLimiting.counters('unknownForms').read(CLIENT).current).toBe(0);

    // Too short, a character no form id has, too long: refused by the schema before any lookup.
    const malformed = [() => 'abc', () => `${unknownFormId()}.x`, () => 'A'.repeat(65)];
    const statuses: number[] = [];
    for (let guess = 0; guess < limits.unknownFormsPerMinute; guess += 1) {
      // Malformed and well-formed unknown ids, on the status poll and the other form calls.
      const id =
        guess % 2 === 0
          ? (malformed[(guess / 2) % malformed.length] as () => string)()
          : unknownFormId();
      const call = guess % 4 < 2 ? 'status' : 'init';
      statuses.push(
        (await send({ method: 'POST', url: `/api/payments/form/${id}/${call}` })).statusCode,
      );
    }
    expect(statuses).toEqual(
      Array.from({ length: limits.unknownFormsPerMinute }, (_, guess) =>
        guess % 2 === 0 ? 400 : 404,
      ),
    );
    // Every form call of that address now waits, known forms and malformed ids alike.
    expectLimited(await pollStatus('abc'), limits.unknownFormsPerMinute);
    expectLimited(await pollStatus(formId), limits.unknownFormsPerMinute);

    expect((await pollStatus('abc', OTHER_CLIENT)).statusCode).toBe(400);
    expect((await pollStatus(formId, OTHER_CLIENT)).statusCode).toBe(200);
  });

  it('merchant API: a merchant’s burst limits that merchant only, counted once signed', async () => {
    const read = (merchant: typeof shop) =>
      signedCall(app, merchant, { method: 'GET', path: `/invoices/${randomUUID()}` });
    // Unsigned requests naming the shop's (public) key are refused by the signature check and
    // use none of its allowance.
    for (let index = 0; index < 2 * limits.merchantApiPerMinute; index += 1) {
      const forged = await send({
        method: 'GET',
        url: `${MERCHANT_API_PREFIX}/invoices/${randomUUID()}`,
        headers: {
          'x-api-key': shop.clientPublicKey,
          'x-timestamp': String(Math.floor(Date.now() / 1000)),
          'x-signature': '0'.repeat(64),
        },
      });
      expect(forged.statusCode).toBe(401);
    }

    const first = await read(shop);
    expect(first.statusCode).toBe(404);
    expectCounted(first, limits.merchantApiPerMinute, limits.merchantApiPerMinute - 1);
    for (let index = 1; index < limits.merchantApiPerMinute; index += 1) {
      expect((await read(shop)).statusCode).toBe(404);
    }
    expectLimited(await read(shop), limits.merchantApiPerMinute);
    // Still 401 for garbage while the shop is limited, and the rival merchant is unaffected.
    const garbage = await send({ method: 'GET', url: `${MERCHANT_API_PREFIX}/invoices/x` });
    expect(garbage.statusCode).toBe(401);
    expect((await read(rival)).statusCode).toBe(404);

    now += 60_000;
    expect((await read(shop)).statusCode).toBe(404);
  });

  it('merchant API: every key of a merchant shares the merchant’s one allowance', async () => {
    // A merchant may hold up to 20 live keys (decision 0021): counted per key, it had 20 limits.
    const keys = [keysOf(shop)];
    for (let index = 0; index < 2; index += 1) {
      const extra = newMerchantKeys();
      await insertApiKey(database.db, {
        merchantId: shop.id,
        label: `Extra key ${index}`,
        publicKey: extra.clientPublicKey,
        secret: extra.signingSecret,
        scopes: ['invoices:read'],
        createdBy: null,
      });
      keys.push(extra);
    }
    const read = (index: number) =>
      signedCall(app, keys[index % keys.length] as MerchantKeys, {
        method: 'GET',
        path: `/invoices/${randomUUID()}`,
      });
    for (let index = 0; index < limits.merchantApiPerMinute; index += 1) {
      const response = await read(index);
      expect(response.statusCode, `request ${index}`).toBe(404);
      // One count across the keys: the remaining allowance goes down whichever key signs.
      expectCounted(response, limits.merchantApiPerMinute, limits.merchantApiPerMinute - index - 1);
    }
    // Every key of the merchant is limited now, a key not used yet as well.
    for (let index = 0; index < keys.length; index += 1) {
      expectLimited(await read(index), limits.merchantApiPerMinute);
    }
    const unused = newMerchantKeys();
    await insertApiKey(database.db, {
      merchantId: shop.id,
      label: 'Unused key',
      publicKey: unused.clientPublicKey,
      secret: unused.signingSecret,
      scopes: ['invoices:read'],
      createdBy: null,
    });
    expectLimited(
      await signedCall(app, unused, { method: 'GET', path: `/invoices/${randomUUID()}` }),
      limits.merchantApiPerMinute,
    );
    // Another merchant has its own allowance.
    expect((await signedCall(app, rival, { method: 'GET', path: '/invoices' })).statusCode).toBe(
      200,
    );

    now += 60_000;
    expect((await read(1)).statusCode).toBe(404);
  });

  it('provider API: limited per provider once signed', async () => {
    const read = () =>
      signedRequest(
        app,
        { prefix: PROVIDER_API_PREFIX, apiKey: 'SANDBOX', signingSecret: providerSecret },
        { method: 'GET', path: `/invoices/${randomUUID()}` },
      );
    const first = await read();
    expect(first.statusCode).toBe(404);
    expectCounted(first, limits.providerApiPerMinute, limits.providerApiPerMinute - 1);
    // Counted under the provider the signature names (its id), as the merchant API counts per
    // merchant: today a provider has one key (its code), so the two agree.
    const [sandbox] = await database.db
      .select({ id: providers.id })
      .from(providers)
      .where(eq(providers.code, 'SANDBOX'));
    expect(rateLimiting.counters('providerApi').read(String(sandbox?.id)).current).toBe(1);
    for (let index = 1; index < limits.providerApiPerMinute; index += 1) {
      expect((await read()).statusCode).toBe(404);
    }
    expectLimited(await read(), limits.providerApiPerMinute);
  });

  it('documents the 429 on every rate-limited route in the OpenAPI document', async () => {
    const document = (await send({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    const limited: Record<string, number> = {};
    for (const [path, operations] of Object.entries(document.paths)) {
      const name = rateLimitOfRoute(path);
      if (!name) continue;
      for (const [method, operation] of Object.entries(operations)) {
        limited[name] = (limited[name] ?? 0) + 1;
        expect(Object.keys(operation.responses), `${method.toUpperCase()} ${path}`).toContain(
          '429',
        );
      }
    }
    // Every limit's routes were looked at, the payment form's and the signed APIs' among them.
    expect(limited).toEqual({
      signIn: expect.any(Number),
      formStatus: 1,
      formCalls: expect.any(Number),
      merchantApi: expect.any(Number),
      providerApi: 3,
    });
  });

  it('never limits health, readiness, metrics or back-office reads', async () => {
    for (let index = 0; index < 3 * limits.formStatusPerMinute; index += 1) {
      for (const url of ['/api/health', '/api/ready', '/api/metrics']) {
        const response = await send({ method: 'GET', url });
        expect(response.statusCode, url).toBe(200);
        expect(response.headers['ratelimit-limit'], url).toBeUndefined();
      }
    }
    const list = await send({ method: 'GET', url: '/api/v1/invoice' });
    expect(list.statusCode).toBe(401);
    expect(list.headers['ratelimit-limit']).toBeUndefined();
  });

  it('counts the listeners of one process together', async () => {
    // An address of its own: the database's sign-in throttle counts failures per address too.
    const client = '192.0.2.30';
    const second = await buildApp({ db: database.db, auth: TEST_AUTH, rateLimits: rateLimiting });
    try {
      for (let index = 0; index < limits.signInPerMinute; index += 1) {
        const listener = index % 2 === 0 ? app : second;
        const response = await listener.inject({
          method: 'POST',
          url: '/api/v1/login',
          remoteAddress: client,
          payload: { username: `nobody-${index}`, password: 'wrong password' },
        });
        expect(response.statusCode).toBe(401);
      }
      const refused = await second.inject({
        method: 'POST',
        url: '/api/v1/login',
        remoteAddress: client,
        payload: { username: 'nobody', password: 'wrong password' },
      });
      expectLimited(refused, limits.signInPerMinute);
    } finally {
      await second.close();
    }
  });

  it('limits nothing when turned off', async () => {
    const off = await buildApp({
      db: database.db,
      auth: TEST_AUTH,
      rateLimits: createRateLimiting({ ...limits, enabled: false }),
    });
    try {
      for (let guess = 0; guess < 25; guess += 1) {
        const response = await off.inject({
          method: 'POST',
          url: `/api/payments/form/${unknownFormId()}/status`,
        });
        expect(response.statusCode).toBe(404);
        expect(response.headers['ratelimit-limit']).toBeUndefined();
      }
    } finally {
      await off.close();
    }
  });

  it('keeps a bounded number of keys: a flood of new keys drops the oldest windows first', () => {
    let clock = 0;
    const counters = createRateLimiting(limits, { now: () => clock }).counters('formStatus');
    counters.increment('first');
    counters.increment('first');
    clock += 1;
    for (let key = 0; key < MAX_KEYS_PER_LIMIT; key += 1) counters.increment(`flood ${key}`);
    // The oldest window went to make room; the newest are still counted.
    expect(counters.read('first').current).toBe(0);
    expect(counters.read(`flood ${MAX_KEYS_PER_LIMIT - 1}`).current).toBe(1);
    expect(counters.increment(`flood ${MAX_KEYS_PER_LIMIT - 1}`).current).toBe(2);
  });
});
