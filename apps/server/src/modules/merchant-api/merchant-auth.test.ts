import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys } from '../../db/schema.ts';
import { TEST_DATABASE_KINDS } from '../../db/testing/test-databases.ts';
import { requestSignature } from '../../http/request-signing.ts';
import { createTestMerchant, createTestPerson, signIn } from '../../testing/test-app.ts';
import { createTestInvoice, createTestTerminal } from '../../testing/test-data.ts';
import { signedCall } from './merchant-api-test-client.ts';
import {
  createMerchantApiFixture,
  invoiceBody,
  type MerchantApiFixture,
} from './merchant-api-test-fixture.ts';
import { newMerchantKeys } from './merchant-keys.ts';

const GENERIC = 'Invalid API key or signature';
const nowSeconds = () => Math.floor(Date.now() / 1000);

describe.each(TEST_DATABASE_KINDS)('merchant API authentication on %s', (kind) => {
  let fixture: MerchantApiFixture;
  let invoice: { id: string; merchantInvoiceId: string };

  beforeAll(async () => {
    fixture = await createMerchantApiFixture(kind);
    const { db } = fixture.testApp;
    const terminal = await createTestTerminal(db, fixture.shop.id);
    invoice = await createTestInvoice(db, terminal, { merchantInvoiceId: 'order/1 & more' });
  });
  afterAll(async () => fixture?.testApp.close());

  const app = () => fixture.testApp.app;
  const lookupPath = () =>
    `/invoices?merchantInvoiceId=${encodeURIComponent(invoice.merchantInvoiceId)}`;

  it('lets a correctly signed request through', async () => {
    const byId = await signedCall(app(), fixture.shop.keys, {
      method: 'GET',
      path: `/invoices/${invoice.id}`,
    });
    expect(byId.statusCode, byId.body).toBe(200);
    expect(byId.json().data.invoiceId).toBe(invoice.id);
    // The query string is signed exactly as sent, percent-encoding included.
    const byMerchantId = await signedCall(app(), fixture.shop.keys, {
      method: 'GET',
      path: lookupPath(),
    });
    expect(byMerchantId.statusCode, byMerchantId.body).toBe(200);
  });

  it('accepts timestamps within five minutes either way and an upper-case signature', async () => {
    for (const offset of [-290, 290]) {
      const response = await signedCall(app(), fixture.shop.keys, {
        method: 'GET',
        path: `/invoices/${invoice.id}`,
        timestamp: nowSeconds() + offset,
      });
      expect(response.statusCode).toBe(200);
    }
    const timestamp = String(nowSeconds());
    const signature = requestSignature(fixture.shop.keys.signingSecret, {
      timestamp,
      method: 'GET',
      pathWithQuery: `/api/merchant/v1/invoices/${invoice.id}`,
      body: '',
    }).toUpperCase();
    const upper = await app().inject({
      url: `/api/merchant/v1/invoices/${invoice.id}`,
      headers: {
        'x-api-key': fixture.shop.keys.clientPublicKey,
        'x-timestamp': timestamp,
        'x-signature': signature,
      },
    });
    expect(upper.statusCode).toBe(200);
  });

  it('names the missing headers', async () => {
    const none = await app().inject({ url: `/api/merchant/v1/invoices/${invoice.id}` });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({
      detail: 'Missing X-Api-Key, X-Timestamp, X-Signature header',
      code: 'signature_headers_missing',
    });
    for (const header of ['x-api-key', 'x-timestamp', 'x-signature']) {
      const response = await signedCall(app(), fixture.shop.keys, {
        method: 'GET',
        path: `/invoices/${invoice.id}`,
        headers: { [header]: '' },
      });
      expect(response.statusCode).toBe(401);
      expect(response.json().detail).toMatch(/^Missing X-/);
    }
  });

  it('answers an unknown key and a wrong signature alike', async () => {
    const unknown = await signedCall(app(), newMerchantKeys(), {
      method: 'GET',
      path: `/invoices/${invoice.id}`,
    });
    const otherSecret = await signedCall(
      app(),
      { ...fixture.shop.keys, signingSecret: fixture.rival.keys.signingSecret },
      { method: 'GET', path: `/invoices/${invoice.id}` },
    );
    const garbage = await signedCall(app(), fixture.shop.keys, {
      method: 'GET',
      path: `/invoices/${invoice.id}`,
      headers: { 'x-signature': 'not-hex' },
    });
    const longKey = await signedCall(
      app(),
      { ...fixture.shop.keys, clientPublicKey: `pk_${'a'.repeat(300)}` },
      { method: 'GET', path: `/invoices/${invoice.id}` },
    );
    for (const response of [unknown, otherSecret, garbage, longKey]) {
      expect(response.statusCode).toBe(401);
      // One detail and one code for both, so neither can be probed.
      expect(response.json()).toMatchObject({ detail: GENERIC, code: 'invalid_signature' });
    }
  });

  it('refuses a tampered body, path, method or timestamp', async () => {
    const body = invoiceBody(fixture.terminals.uzsDeposits);
    const tampered = [
      // Body changed after signing (amount raised).
      signedCall(app(), fixture.shop.keys, {
        method: 'POST',
        path: '/invoices',
        body: { ...body, amount: 9_999_999 },
        signed: { body: JSON.stringify(body) },
      }),
      // Same JSON, different bytes: the signature is over the bytes.
      signedCall(app(), fixture.shop.keys, {
        method: 'POST',
        path: '/invoices',
        rawBody: JSON.stringify(body, null, 2),
        signed: { body: JSON.stringify(body) },
      }),
      // Query changed: another invoice than the signed one.
      signedCall(app(), fixture.shop.keys, {
        method: 'GET',
        path: '/invoices?merchantInvoiceId=other',
        signed: { path: lookupPath() },
      }),
      // Path changed.
      signedCall(app(), fixture.shop.keys, {
        method: 'GET',
        path: `/invoices/${crypto.randomUUID()}`,
        signed: { path: `/invoices/${invoice.id}` },
      }),
      signedCall(app(), fixture.shop.keys, {
        method: 'POST',
        path: '/invoices',
        body,
        signed: { method: 'PUT' },
      }),
      // A fresh timestamp header on an old signature.
      signedCall(app(), fixture.shop.keys, {
        method: 'GET',
        path: `/invoices/${invoice.id}`,
        signed: { timestamp: String(nowSeconds() - 1_000) },
      }),
    ];
    for (const response of await Promise.all(tampered)) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ detail: GENERIC });
    }
  });

  it('refuses stale, future and malformed timestamps', async () => {
    // 10 s past the tolerance either way, like the accepted ±290 above: one second of margin let a
    // busy machine's slow request bring "+301" back within 300 by the time the server read it.
    for (const timestampOf of [() => nowSeconds() - 310, () => nowSeconds() + 310, () => 0]) {
      const response = await signedCall(app(), fixture.shop.keys, {
        method: 'GET',
        path: `/invoices/${invoice.id}`,
        timestamp: timestampOf(),
      });
      expect(response.statusCode).toBe(401);
      expect(response.json().detail).toBe(
        'X-Timestamp is more than 300 seconds from the server clock',
      );
    }
    for (const timestamp of ['abc', '1.5e9', String(Date.now())]) {
      const response = await signedCall(app(), fixture.shop.keys, {
        method: 'GET',
        path: `/invoices/${invoice.id}`,
        headers: { 'x-timestamp': timestamp },
      });
      expect(response.statusCode).toBe(401);
      expect(response.json().detail).toMatch(/^X-Timestamp/);
    }
  });

  it('refuses a key whose stored secret is not a well-formed sk_ or whsec_ secret', async () => {
    const legacy = { ...newMerchantKeys(), signingSecret: 'sk_legacy' };
    await createTestMerchant(fixture.testApp.db, 'Legacy', legacy);
    const response = await signedCall(
      app(),
      { ...legacy, signingSecret: newMerchantKeys().signingSecret },
      { method: 'GET', path: `/invoices/${invoice.id}` },
    );
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ detail: GENERIC });
  });

  it('checks the signature before looking at the body', async () => {
    const unsigned = await signedCall(app(), fixture.shop.keys, {
      method: 'POST',
      path: '/invoices',
      rawBody: '{not json',
      signed: { body: '{}' },
    });
    expect(unsigned.statusCode).toBe(401);
    const signed = await signedCall(app(), fixture.shop.keys, {
      method: 'POST',
      path: '/invoices',
      rawBody: '{not json',
    });
    expect(signed.statusCode).toBe(400);
    expect(signed.json().detail).toMatch(/JSON/);
    expect(signed.json().code).toBe('malformed_json');
  });

  it('takes JSON only, and not much of it', async () => {
    const form = await signedCall(app(), fixture.shop.keys, {
      method: 'POST',
      path: '/invoices',
      rawBody: 'amount=1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.statusCode).toBe(415);
    const huge = await signedCall(app(), fixture.shop.keys, {
      method: 'POST',
      path: '/invoices',
      body: invoiceBody(fixture.terminals.uzsDeposits, { padding: 'x'.repeat(70_000) }),
    });
    expect(huge.statusCode).toBe(413);
  });

  it('keeps sessions and signatures apart', async () => {
    const { db } = fixture.testApp;
    await createTestPerson(db, {
      username: 'shopper',
      role: 'merchant',
      merchantId: fixture.shop.id,
    });
    const cookie = await signIn(app(), 'shopper', 'shopper-password');
    // A back-office session does not open the merchant API...
    const withCookie = await app().inject({
      url: `/api/merchant/v1/invoices/${invoice.id}`,
      headers: { cookie },
    });
    expect(withCookie.statusCode).toBe(401);
    // ...and signature headers do not open the back office.
    const timestamp = String(nowSeconds());
    const backOffice = await app().inject({
      url: `/api/v1/invoice/${invoice.id}`,
      headers: {
        'x-api-key': fixture.shop.keys.clientPublicKey,
        'x-timestamp': timestamp,
        'x-signature': requestSignature(fixture.shop.keys.signingSecret, {
          timestamp,
          method: 'GET',
          pathWithQuery: `/api/v1/invoice/${invoice.id}`,
          body: '',
        }),
      },
    });
    expect(backOffice.statusCode).toBe(401);
  });

  it('leaves the back office’s JSON parsing alone', async () => {
    const login = await app().inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { username: 'nobody', password: 'wrong' },
    });
    expect(login.statusCode).toBe(401);
    expect(login.json().detail).not.toMatch(/X-Api-Key/);
  });

  it('never shows the signing secret in the OpenAPI document, which describes the scheme', async () => {
    const response = await app().inject({ url: '/api/openapi.json' });
    const document = response.json();
    const [stored] = await fixture.testApp.db
      .select({ secret: apiKeys.secret })
      .from(apiKeys)
      .where(eq(apiKeys.merchantId, fixture.shop.id));
    expect(response.body).not.toContain(stored?.secret);
    expect(Object.keys(document.components.securitySchemes)).toEqual(
      expect.arrayContaining(['merchantApiKey', 'merchantTimestamp', 'merchantSignature']),
    );
    const create = document.paths['/api/merchant/v1/invoices'].post;
    expect(create.tags).toEqual(['merchant API']);
    expect(create.security).toEqual([
      { merchantApiKey: [], merchantTimestamp: [], merchantSignature: [] },
    ]);
    expect(Object.keys(create.responses)).toEqual(['201', '400', '401', '403', '409', '429']);
    expect(create.responses['201'].headers).toHaveProperty('Idempotent-Replayed');
    expect(
      create.parameters.map((parameter: { name: string }) => parameter.name.toLowerCase()),
    ).toEqual(['idempotency-key']);
    expect(document.paths['/api/merchant/v1/invoices'].get.security).toBeDefined();
    expect(document.paths['/api/merchant/v1/invoices/{invoiceId}'].get.security).toBeDefined();
  });
});
