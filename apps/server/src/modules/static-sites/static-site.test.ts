import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { expectProblem } from '../../testing/problem-assertions.ts';
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
    expectProblem(response, {
      status: 404,
      code: 'route_not_found',
      detail: 'Route GET /assets/missing-chunk.js not found',
    });
  });

  it('answers a problem 404 for unknown API paths', async () => {
    const response = await app.inject({ url: '/api/unknown' });
    expectProblem(response, {
      status: 404,
      code: 'route_not_found',
      detail: 'Route GET /api/unknown not found',
    });
  });

  it('sends a Request-Id with pages, assets and API answers, an incoming safe id echoed', async () => {
    for (const url of ['/invoices/42', '/assets/main-abc123.js', '/api/health', '/api/nope']) {
      const response = await app.inject({ url });
      expect(response.headers['request-id'], url).toMatch(/^[0-9a-f-]{36}$/);
      const traced = await app.inject({ url, headers: { 'x-request-id': 'edge-7f3a:1' } });
      expect(traced.headers['request-id'], url).toBe('edge-7f3a:1');
    }
  });

  it('answers a page path it cannot decode with index.html, with the SPA fallback’s headers', async () => {
    const fallback = await app.inject({ url: '/invoices/42' });
    for (const url of ['/invoices/%E0%A4%A', '/invoices/%zz?terminalId=%E0', '/%']) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toBe(fallback.body);
      const { date: _date, 'request-id': id, ...headers } = response.headers;
      const { date: _fallbackDate, 'request-id': _id, ...fallbackHeaders } = fallback.headers;
      expect(id).toEqual(expect.any(String));
      expect(headers, url).toEqual(fallbackHeaders);
      expect(headers['content-security-policy']).toContain("default-src 'self'");
    }
  });

  it('answers an /api path it cannot decode with a problem 400', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const response = await app.inject({
        method,
        url: '/api/v1/invoice/%E0%A4%A',
        headers: { 'x-request-id': 'trace-1' },
      });
      const problem = expectProblem(response, {
        status: 400,
        code: 'malformed_url',
        detail: 'Malformed URL',
      });
      // The request keeps its id through the second routing.
      expect(problem.requestId).toBe('trace-1');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    }
    // The router's other refusal, an over-long path parameter, keeps its status as a problem.
    const tooLong = await app.inject({ url: `/api/v1/invoice/${'a'.repeat(200)}` });
    expectProblem(tooLong, { status: 414, code: 'uri_too_long' });
  });

  it('refuses to start without a built app', async () => {
    const empty = mkdtempSync(path.join(tmpdir(), 'static-site-empty-'));
    await expect(buildApp({ staticRoot: empty, db: testApp.db, auth: TEST_AUTH })).rejects.toThrow(
      'No index.html',
    );
    rmSync(empty, { recursive: true, force: true });
  });
});
