import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerErrorHandler, SERVICE_UNAVAILABLE_MESSAGE } from './error-handler.ts';
import { conflict, tooManyRequests } from './http-errors.ts';

const appWith = (handler: () => Promise<unknown>) => {
  const app = Fastify();
  registerErrorHandler(app);
  app.get('/boom', handler);
  return app;
};

describe('central error handler', () => {
  it('hides internals of unexpected errors behind a 500 message', async () => {
    const app = appWith(async () => {
      throw new Error('password=hunter2 at db.internal:5432');
    });
    const response = await app.inject({ url: '/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: 'Internal server error' });
    expect(response.body).not.toContain('hunter2');
  });

  it('passes client errors through with their message and headers', async () => {
    const conflicting = await appWith(async () => {
      throw conflict('Already exists');
    }).inject({ url: '/boom' });
    expect(conflicting.statusCode).toBe(409);
    expect(conflicting.json()).toEqual({ message: 'Already exists' });

    const throttled = await appWith(async () => {
      throw tooManyRequests('Slow down', 12.2);
    }).inject({ url: '/boom' });
    expect(throttled.statusCode).toBe(429);
    expect(throttled.headers['retry-after']).toBe('13');
  });

  it('answers 503 with a retry hint when the database is unreachable, wrapped or not', async () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 10.0.0.5:5432'), {
      code: 'ECONNREFUSED',
    });
    const adminShutdown = Object.assign(new Error('terminating connection'), { code: '57P01' });
    const causes = [
      refused,
      // Drizzle wraps driver errors: the cause tells.
      new Error('Failed query: select 1', { cause: adminShutdown }),
      new Error('timeout exceeded when trying to connect'),
    ];
    for (const cause of causes) {
      const response = await appWith(async () => {
        throw cause;
      }).inject({ url: '/boom' });
      expect(response.statusCode, cause.message).toBe(503);
      expect(response.json()).toEqual({ message: SERVICE_UNAVAILABLE_MESSAGE });
      expect(response.headers['retry-after']).toBe('5');
      expect(response.body).not.toContain('10.0.0.5');
    }
  });

  it('keeps a query bug a 500, not an outage', async () => {
    const syntax = Object.assign(new Error('relation "nope" does not exist'), { code: '42P01' });
    const response = await appWith(async () => {
      throw new Error('Failed query', { cause: syntax });
    }).inject({ url: '/boom' });
    expect(response.statusCode).toBe(500);
  });
});
