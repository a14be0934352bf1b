import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { createTestApp, TEST_AUTH, type TestApp } from '../../testing/test-app.ts';

describe('static site serving', () => {
  let root: string;
  let testApp: TestApp;
  let app: TestApp['app'];

  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'static-site-'));
    mkdirSync(path.join(root, 'assets'));
    writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>app</title>');
    writeFileSync(path.join(root, 'assets', 'main-abc123.js'), 'console.log(1)');
    testApp = await createTestApp('pglite', { staticRoot: root });
    app = testApp.app;
  });

  afterAll(async () => {
    await testApp.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('serves hashed assets with a long immutable cache', async () => {
    const response = await app.inject({ url: '/assets/main-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers client-side routes with index.html, never cached', async () => {
    const response = await app.inject({ url: '/payment/some-form-id?lang=ru' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('<title>app</title>');
  });

  it('keeps the API on the same origin', async () => {
    const response = await app.inject({ url: '/api/health' });
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('answers 404 for a missing asset instead of index.html', async () => {
    const response = await app.inject({ url: '/assets/missing-chunk.js' });
    expect(response.statusCode).toBe(404);
  });

  it('answers 404 JSON for unknown API paths', async () => {
    const response = await app.inject({ url: '/api/unknown' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toHaveProperty('message');
  });

  it('answers a page path it cannot decode with index.html, with the SPA fallback’s headers', async () => {
    const fallback = await app.inject({ url: '/invoices/42' });
    for (const url of ['/invoices/%E0%A4%A', '/invoices/%zz?terminalId=%E0', '/%']) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toBe(fallback.body);
      const { date: _date, ...headers } = response.headers;
      const { date: _fallbackDate, ...fallbackHeaders } = fallback.headers;
      expect(headers, url).toEqual(fallbackHeaders);
      expect(headers['content-security-policy']).toContain("default-src 'self'");
    }
  });

  it('answers an /api path it cannot decode with the API’s JSON 400 {message}', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const response = await app.inject({ method, url: '/api/v1/invoice/%E0%A4%A' });
      expect(response.statusCode).toBe(400);
      expect(response.headers['content-type']).toContain('application/json');
      expect(response.json()).toEqual({ message: 'Malformed URL' });
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    }
    // The router's other refusal, an over-long path parameter, keeps its status in that shape.
    const tooLong = await app.inject({ url: `/api/v1/invoice/${'a'.repeat(200)}` });
    expect(tooLong.statusCode).toBe(414);
    expect(Object.keys(tooLong.json())).toEqual(['message']);
  });

  it('refuses to start without a built app', async () => {
    const empty = mkdtempSync(path.join(tmpdir(), 'static-site-empty-'));
    await expect(buildApp({ staticRoot: empty, db: testApp.db, auth: TEST_AUTH })).rejects.toThrow(
      'No index.html',
    );
    rmSync(empty, { recursive: true, force: true });
  });
});
