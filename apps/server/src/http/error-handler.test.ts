import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerErrorHandler } from './error-handler.ts';
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
});
