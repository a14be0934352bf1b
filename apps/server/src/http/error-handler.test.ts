import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { goneError, invalid, stateConflict } from '../service-errors.ts';
import {
  CONCURRENT_CHANGE_MESSAGE,
  registerErrorHandler,
  SERVICE_UNAVAILABLE_MESSAGE,
} from './error-handler.ts';
import { conflict, HttpError, tooManyRequests } from './http-errors.ts';

const appWith = (handler: () => Promise<unknown>) => {
  const app = Fastify({ genReqId: () => 'req-42' });
  registerErrorHandler(app);
  app.get('/boom', handler);
  return app;
};

const problemOf = async (handler: () => Promise<unknown>) => {
  const response = await appWith(handler).inject({ url: '/boom' });
  expect(response.headers['content-type']).toBe('application/problem+json; charset=utf-8');
  return { response, body: response.json() };
};

describe('central error handler', () => {
  it('hides internals of unexpected errors behind a 500 message', async () => {
    const app = appWith(async () => {
      throw new Error('password=hunter2 at db.internal:5432');
    });
    const response = await app.inject({ url: '/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.headers['content-type']).toBe('application/problem+json; charset=utf-8');
    expect(response.json()).toEqual({
      type: 'about:blank',
      title: 'Internal Server Error',
      status: 500,
      detail: 'Internal server error',
      code: 'internal_error',
      requestId: 'req-42',
    });
    expect(response.body).not.toContain('hunter2');
  });

  it('answers a write that lost a race (unique key, reference, deadlock) 409, not 500', async () => {
    for (const sqlState of ['23505', '23503', '40001', '40P01']) {
      // As Drizzle wraps the driver's error: the SQLSTATE is on the cause.
      const { response, body } = await problemOf(async () => {
        throw new Error('Failed query: insert into people …', {
          cause: Object.assign(new Error('duplicate key value'), { code: sqlState }),
        });
      });
      expect(response.statusCode, sqlState).toBe(409);
      expect(body).toMatchObject({ code: 'concurrent_change', detail: CONCURRENT_CHANGE_MESSAGE });
      expect(response.body).not.toContain('duplicate key');
    }
    // Another database error stays a 500.
    const { response } = await problemOf(async () => {
      throw Object.assign(new Error('syntax error'), { code: '42601' });
    });
    expect(response.statusCode).toBe(500);
  });

  it('passes client errors through with their message and headers', async () => {
    const conflicting = await appWith(async () => {
      throw conflict('Already exists');
    }).inject({ url: '/boom' });
    expect(conflicting.statusCode).toBe(409);
    expect(conflicting.json()).toEqual({
      type: 'about:blank',
      title: 'Conflict',
      status: 409,
      detail: 'Already exists',
      code: 'conflict',
      requestId: 'req-42',
    });

    const throttled = await appWith(async () => {
      throw tooManyRequests('Slow down.', 12.2);
    }).inject({ url: '/boom' });
    expect(throttled.statusCode).toBe(429);
    expect(throttled.headers['retry-after']).toBe('13');
    expect(throttled.json()).toMatchObject({
      code: 'rate_limited',
      title: 'Too Many Requests',
      detail: 'Slow down. Try again in 13 seconds.',
    });
  });

  it('answers the code an error names, else the general code of its status', async () => {
    for (const [error, status, code] of [
      [new HttpError(401, 'No', {}, 'invalid_credentials'), 401, 'invalid_credentials'],
      [new HttpError(401, 'No'), 401, 'unauthenticated'],
      [new HttpError(418, 'Teapot'), 418, 'client_error'],
      [invalid('Unknown status'), 400, 'invalid_request'],
      [stateConflict('Busy'), 409, 'conflict'],
      [goneError('The payment has expired', 'payment_expired'), 410, 'payment_expired'],
      [goneError('Gone'), 410, 'gone'],
    ] as const) {
      const { response, body } = await problemOf(async () => {
        throw error;
      });
      expect(response.statusCode).toBe(status);
      expect(body).toMatchObject({ status, code, detail: error.message });
    }
  });

  it('gives the body parser’s refusals their own codes', async () => {
    const app = Fastify({ genReqId: () => 'req-7', bodyLimit: 64 });
    registerErrorHandler(app);
    app.post('/things', async (request) => request.body);
    const post = (payload: string, contentType = 'application/json') =>
      app.inject({
        method: 'POST',
        url: '/things',
        payload,
        headers: { 'content-type': contentType },
      });
    for (const [response, status, code] of [
      [await post('{"a":'), 400, 'malformed_json'],
      [await post(''), 400, 'malformed_json'],
      [await post(`{"a":"${'x'.repeat(100)}"}`), 413, 'payload_too_large'],
      [await post('a=1', 'application/x-www-form-urlencoded'), 415, 'unsupported_media_type'],
    ] as const) {
      expect(response.statusCode, response.body).toBe(status);
      expect(response.headers['content-type']).toBe('application/problem+json; charset=utf-8');
      expect(response.json()).toMatchObject({ status, code, requestId: 'req-7' });
    }
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
      expect(response.json()).toMatchObject({
        status: 503,
        title: 'Service Unavailable',
        detail: SERVICE_UNAVAILABLE_MESSAGE,
        code: 'service_unavailable',
      });
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
    expect(response.json()).toMatchObject({ code: 'internal_error' });
  });
});
