import { request } from 'undici';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { openDatabase } from '../../db/database.ts';
import { TEST_AUTH } from '../../testing/test-app.ts';
import { createServerLifecycle, shutDownGracefully } from './server-lifecycle.ts';

describe('graceful shutdown', () => {
  it('finishes the request in flight, refuses new ones, stops jobs, then closes the database', async () => {
    const database = await openDatabase({ kind: 'pglite' });
    const lifecycle = createServerLifecycle();
    const app = await buildApp({ db: database.db, auth: TEST_AUTH, lifecycle });
    let releaseSlowRequest: () => void = () => {};
    let slowRequestStarted: () => void = () => {};
    const started = new Promise<void>((resolve) => {
      slowRequestStarted = resolve;
    });
    app.get('/slow', async () => {
      slowRequestStarted();
      await new Promise<void>((resolve) => {
        releaseSlowRequest = resolve;
      });
      return { finished: true };
    });
    const address = await app.listen({ host: '127.0.0.1', port: 0 });

    const order: string[] = [];
    const inFlight = request(`${address}/slow`);
    await started;

    const shutdown = shutDownGracefully({
      lifecycle,
      listeners: [app],
      jobs: {
        stop: async () => {
          order.push('jobs stopped');
        },
      },
      database: {
        close: async () => {
          order.push('database closed');
          await database.close();
        },
      },
      timeoutMs: 5_000,
    });
    expect(lifecycle.draining).toBe(true);
    // Give close() a moment to stop the listener, then try a new connection.
    await new Promise((resolve) => setTimeout(resolve, 50));
    await expect(request(`${address}/api/health`)).rejects.toThrow();
    expect(order).not.toContain('database closed');

    const releasedAt = Date.now();
    releaseSlowRequest();
    const response = await inFlight;
    expect(response.statusCode).toBe(200);
    expect(await response.body.json()).toEqual({ finished: true });
    expect(await shutdown).toBe('completed');
    // Not held up by the finished request's keep-alive connection.
    expect(Date.now() - releasedAt).toBeLessThan(2_000);
    expect(order).toEqual(['jobs stopped', 'database closed']);
  });

  it('keeps serving through the drain window with readiness at 503, then closes', async () => {
    const database = await openDatabase({ kind: 'pglite' });
    const lifecycle = createServerLifecycle();
    const app = await buildApp({ db: database.db, auth: TEST_AUTH, lifecycle });
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    expect((await request(`${address}/api/ready`)).statusCode).toBe(200);

    const shutdown = shutDownGracefully({
      lifecycle,
      listeners: [app],
      database,
      timeoutMs: 5_000,
      drainMs: 400,
    });
    // Inside the window: the load balancer sees not-ready, requests are still served.
    const ready = await request(`${address}/api/ready`);
    expect(ready.statusCode).toBe(503);
    expect(ready.headers['content-type']).toBe('application/problem+json; charset=utf-8');
    expect(await ready.body.json()).toMatchObject({
      status: 503,
      detail: 'shutting down',
      code: 'service_unavailable',
    });
    expect((await request(`${address}/api/health`)).statusCode).toBe(200);

    expect(await shutdown).toBe('completed');
    await expect(request(`${address}/api/health`)).rejects.toThrow();
  });

  it('gives up after the time limit when something hangs', async () => {
    const lifecycle = createServerLifecycle();
    const startedAt = Date.now();
    const outcome = await shutDownGracefully({
      lifecycle,
      listeners: [],
      jobs: { stop: () => new Promise<void>(() => {}) },
      timeoutMs: 100,
    });
    expect(outcome).toBe('timed-out');
    expect(Date.now() - startedAt).toBeLessThan(2_000);
  });
});
