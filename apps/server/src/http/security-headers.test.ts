import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { type DatabaseHandle, openDatabase } from '../db/database.ts';
import { seedReferenceData } from '../seed/reference-data-seed.ts';
import { seedRoles } from '../seed/roles-seed.ts';
import { createTestMerchant, createTestPerson, signIn, TEST_AUTH } from '../testing/test-app.ts';
import { createTestInvoice, createTestTerminal } from '../testing/test-data.ts';
import {
  API_SECURITY_HEADERS,
  contentSecurityPolicyHeader,
  registerSecurityHeaders,
  staticSecurityHeaders,
} from './security-headers.ts';

/** The CSP header as directive name → sources. */
const cspOf = (header: unknown): Map<string, string[]> =>
  new Map(
    String(header)
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name as string, sources]),
  );

describe('security headers, CORS and compression', () => {
  let database: DatabaseHandle;
  let root: string;
  let api: FastifyInstance;
  let backoffice: FastifyInstance;
  let paymentForm: FastifyInstance;
  let behindProxy: FastifyInstance;

  beforeAll(async () => {
    database = await openDatabase({ kind: 'pglite' });
    await seedRoles(database.db);
    await seedReferenceData(database.db);
    root = mkdtempSync(path.join(tmpdir(), 'security-headers-'));
    mkdirSync(path.join(root, 'assets'));
    // What Vite emits: a module script with src, a stylesheet link, no inline script.
    writeFileSync(
      path.join(root, 'index.html'),
      '<!doctype html><html><head><title>app</title><script type="module" crossorigin src="/assets/index-abc.js"></script></head><body><div id="root"></div></body></html>',
    );
    writeFileSync(path.join(root, 'assets', 'index-abc.js'), `console.log(${'1+'.repeat(2_000)}1)`);
    const common = { db: database.db, auth: TEST_AUTH };
    api = await buildApp(common);
    backoffice = await buildApp({ ...common, staticRoot: root, site: 'backoffice' });
    paymentForm = await buildApp({
      ...common,
      staticRoot: root,
      site: 'payment-form',
      paymentFormFrameAncestors: ['https://shop.example', 'https://*.shop.example'],
    });
    behindProxy = await buildApp({ ...common, trustProxy: ['127.0.0.1'] });
  });

  afterAll(async () => {
    await Promise.all([api, backoffice, paymentForm, behindProxy].map((app) => app?.close()));
    await database?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('gives API answers on every listener the API set: nothing loads, frames or caches them', async () => {
    const answers = [
      ...['/api/health', '/api/v1/people/me', '/api/nope'].map((url) => ({ app: api, url })),
      { app: backoffice, url: '/api/health' },
      { app: paymentForm, url: '/api/health' },
    ];
    for (const { app, url } of answers) {
      const response = await app.inject({ url });
      expect(response.headers['content-security-policy'], url).toBe(
        API_SECURITY_HEADERS['content-security-policy'],
      );
      const csp = cspOf(response.headers['content-security-policy']);
      expect(csp.get('default-src'), url).toEqual(["'none'"]);
      expect(csp.get('frame-ancestors'), url).toEqual(["'none'"]);
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['x-frame-options'], url).toBe('DENY');
      expect(response.headers['cache-control'], url).toBe('no-store');
      expect(response.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      // The page headers act on documents only: an API answer goes without them.
      for (const pageOnly of [
        'referrer-policy',
        'cross-origin-opener-policy',
        'origin-agent-cluster',
        'x-xss-protection',
      ]) {
        expect(response.headers[pageOnly], `${url} ${pageOnly}`).toBeUndefined();
      }
    }
  });

  it('serves the back office with scripts from its own origin only, never framed', async () => {
    for (const url of ['/login', '/assets/index-abc.js']) {
      const response = await backoffice.inject({ url });
      expect(response.statusCode, url).toBe(200);
      const csp = cspOf(response.headers['content-security-policy']);
      expect(csp.get('script-src'), url).toEqual(["'self'"]);
      expect(csp.get('script-src-attr'), url).toEqual(["'none'"]);
      expect(csp.get('object-src'), url).toEqual(["'none'"]);
      expect(csp.get('frame-ancestors'), url).toEqual(["'none'"]);
      expect(response.headers['content-security-policy'], url).not.toContain('unsafe-eval');
      expect(response.headers['x-frame-options'], url).toBe('DENY');
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['cross-origin-opener-policy'], url).toBe('same-origin');
      expect(response.headers['referrer-policy'], url).toBe('no-referrer');
    }
  });

  it('lets the configured merchant pages frame the payment form', async () => {
    const response = await paymentForm.inject({ url: '/payment/some-form-id' });
    expect(response.statusCode).toBe(200);
    const csp = cspOf(response.headers['content-security-policy']);
    expect(csp.get('frame-ancestors')).toEqual(['https://shop.example', 'https://*.shop.example']);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    // X-Frame-Options cannot name origins and would forbid what frame-ancestors allows.
    expect(response.headers['x-frame-options']).toBeUndefined();
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('writes the same policy for an nginx in front as the listener sends', async () => {
    const response = await paymentForm.inject({ url: '/' });
    expect(response.headers['content-security-policy']).toBe(
      contentSecurityPolicyHeader({
        kind: 'payment-form',
        paymentFormFrameAncestors: ['https://shop.example', 'https://*.shop.example'],
      }),
    );
  });

  it('sends HSTS only on https requests, as told by a trusted proxy', async () => {
    const plain = await api.inject({ url: '/api/health' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();

    const viaTrustedProxy = await behindProxy.inject({
      url: '/api/health',
      headers: { 'x-forwarded-proto': 'https' },
      remoteAddress: '127.0.0.1',
    });
    expect(viaTrustedProxy.headers['strict-transport-security']).toBe(
      'max-age=31536000; includeSubDomains',
    );

    // Anyone else claiming https is not believed.
    const spoofed = await api.inject({
      url: '/api/health',
      headers: { 'x-forwarded-proto': 'https' },
      remoteAddress: '127.0.0.1',
    });
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();
  });

  it('keeps Swagger UI working under its own policy', async () => {
    const page = await api.inject({ url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<script src=');
    expect(page.body).not.toMatch(/<script>(?!\s*<\/script>)/);
    expect(typeof page.headers['content-security-policy']).toBe('string');
    const csp = cspOf(page.headers['content-security-policy']);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    // A page: the page headers, and its files may be cached.
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    const script = await api.inject({ url: '/api/docs/static/swagger-ui-bundle.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['cache-control']).not.toBe('no-store');
  });

  it('answers no cross-origin preflight and grants no cross-origin reads', async () => {
    for (const app of [api, backoffice]) {
      const preflight = await app.inject({
        method: 'OPTIONS',
        url: '/api/v1/login',
        headers: {
          origin: 'https://evil.example',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type',
        },
      });
      expect(preflight.statusCode).not.toBe(204);
      expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
      expect(preflight.headers['access-control-allow-credentials']).toBeUndefined();

      const read = await app.inject({
        url: '/api/health',
        headers: { origin: 'https://evil.example' },
      });
      expect(read.headers['access-control-allow-origin']).toBeUndefined();
    }
  });

  it('compresses large answers only, static files included', async () => {
    const small = await api.inject({ url: '/api/health', headers: { 'accept-encoding': 'gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();

    const openApi = await api.inject({
      url: '/api/openapi.json',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(openApi.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(openApi.rawPayload).toString('utf8'))).toHaveProperty('paths');

    const asset = await backoffice.inject({
      url: '/assets/index-abc.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(asset.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(asset.rawPayload).toString('utf8')).toMatch(/^console\.log\(1\+1\+/);

    const identity = await backoffice.inject({ url: '/assets/index-abc.js' });
    expect(identity.headers['content-encoding']).toBeUndefined();
  });

  it('compresses a streamed CSV download without breaking it', async () => {
    const merchant = await createTestMerchant(database.db);
    const terminal = await createTestTerminal(database.db, merchant.id);
    for (let index = 0; index < 40; index += 1) {
      await createTestInvoice(database.db, terminal, { merchantInvoiceId: `csv-order-${index}` });
    }
    await createTestPerson(database.db, { username: 'csv-admin', role: 'admin' });
    const cookie = await signIn(api, 'csv-admin', 'csv-admin-password');

    const plain = await api.inject({ url: '/api/v1/invoice/csv', headers: { cookie } });
    expect(plain.statusCode).toBe(200);
    const compressed = await api.inject({
      url: '/api/v1/invoice/csv',
      headers: { cookie, 'accept-encoding': 'gzip' },
    });
    expect(compressed.statusCode).toBe(200);
    expect(compressed.headers['content-encoding']).toBe('gzip');
    expect(compressed.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(compressed.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    const csv = gunzipSync(compressed.rawPayload).toString('utf8');
    expect(csv).toBe(plain.body);
    expect(csv).toContain('csv-order-39');
  });
});

describe('the static security header set', () => {
  /** Helmet's baseline headers, which the listeners keep sending (written out once here). */
  const helmetBaseline = {
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };

  it('is exactly what each kind of listener sends, for every kind', () => {
    expect(staticSecurityHeaders({ kind: 'api' })).toEqual({
      ...helmetBaseline,
      'content-security-policy':
        "default-src 'none';base-uri 'none';form-action 'none';frame-ancestors 'none'",
      'cross-origin-opener-policy': 'same-origin',
      'referrer-policy': 'no-referrer',
      'x-frame-options': 'DENY',
    });
    expect(staticSecurityHeaders({ kind: 'backoffice' })).toEqual({
      ...helmetBaseline,
      'content-security-policy': contentSecurityPolicyHeader({ kind: 'backoffice' }),
      'cross-origin-opener-policy': 'same-origin',
      'referrer-policy': 'no-referrer',
      'x-frame-options': 'DENY',
    });
    expect(
      staticSecurityHeaders({
        kind: 'payment-form',
        paymentFormFrameAncestors: ['https://shop.example'],
      }),
    ).toEqual({
      ...helmetBaseline,
      'content-security-policy': contentSecurityPolicyHeader({
        kind: 'payment-form',
        paymentFormFrameAncestors: ['https://shop.example'],
      }),
      'referrer-policy': 'strict-origin-when-cross-origin',
    });
  });

  it('is sent on answers that fail too: a 404 and a 400', async () => {
    const app = Fastify();
    registerSecurityHeaders(app, { kind: 'api' });
    app.get('/bad', async (_request, reply) => reply.code(400).send({ message: 'bad' }));
    for (const url of ['/bad', '/missing']) {
      const response = await app.inject({ url });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['content-security-policy'], url).toContain("default-src 'none'");
    }
  });
});
