import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { openDatabase } from '../../db/database.ts';
import { createTestApp, TEST_AUTH } from '../../testing/test-app.ts';
import { createServerLifecycle } from './server-lifecycle.ts';

describe('GET /api/health', () => {
  const testApp = createTestApp();
  const appPromise = testApp.then(({ app }) => app);
  afterAll(async () => (await testApp).close());

  it('answers ok', async () => {
    const app = await appPromise;
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('answers 404 for unknown API paths', async () => {
    const app = await appPromise;
    const response = await app.inject({ method: 'GET', url: '/api/nope' });
    expect(response.statusCode).toBe(404);
  });
});

describe('GET /api/ready', () => {
  it('is ready while the database answers, and 503 once the process drains', async () => {
    const database = await openDatabase({ kind: 'pglite' });
    const lifecycle = createServerLifecycle();
    const app = await buildApp({ db: database.db, auth: TEST_AUTH, lifecycle });
    try {
      const ready = await app.inject({ url: '/api/ready' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ status: 'ready' });

      lifecycle.startDraining();
      const draining = await app.inject({ url: '/api/ready' });
      expect(draining.statusCode).toBe(503);
      expect(draining.headers['content-type']).toBe('application/problem+json; charset=utf-8');
      expect(draining.json()).toMatchObject({
        status: 503,
        detail: 'shutting down',
        code: 'service_unavailable',
      });
      // Liveness stays green: the process is fine, it is only leaving.
      expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await app.close();
      await database.close();
    }
  });

  it('answers 503 while the database does not, yet the process stays alive', async () => {
    const database = await openDatabase({ kind: 'pglite' });
    const app = await buildApp({ db: database.db, auth: TEST_AUTH });
    try {
      await database.close();
      const response = await app.inject({ url: '/api/ready' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({
        status: 503,
        detail: 'database unreachable',
        code: 'service_unavailable',
        requestId: response.headers['request-id'],
      });
      expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
