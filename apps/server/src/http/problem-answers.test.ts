import type { AddressInfo } from 'node:net';
import { Socket } from 'node:net';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import type { DatabaseHandle } from '../db/database.ts';
import { openTestDatabase } from '../db/testing/test-databases.ts';
import { INVALID_CREDENTIALS_MESSAGE } from '../modules/auth/auth-routes.ts';
import { seedRoles } from '../seed/roles-seed.ts';
import { expectProblem } from '../testing/problem-assertions.ts';
import { createTestPerson, TEST_AUTH } from '../testing/test-app.ts';
import { redactedUrl } from './logged-request.ts';
import { NUL_CHARACTER_MESSAGE } from './nul-character-guard.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The log lines an app writes, parsed. */
const logCapture = () => {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n')) if (line) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, logger: { level: 'info', stream } };
};

/**
 * Raw HTTP/1.1 over one socket: what a client sends that Fastify's inject cannot. `received`
 * settles once the server closes the connection.
 */
const rawConnection = async (port: number) => {
  const socket = new Socket();
  let text = '';
  const received = new Promise<string>((resolve, reject) => {
    socket.on('data', (chunk) => {
      text += String(chunk);
    });
    socket.on('close', () => resolve(text));
    socket.on('error', reject);
  });
  await new Promise<void>((resolve) => socket.connect(port, '127.0.0.1', resolve));
  return { send: (request: string) => socket.write(request), received };
};

/** Status, headers and JSON body of each HTTP/1.1 answer in a raw exchange. */
const parseAnswers = (received: string) =>
  received
    .split(/(?=HTTP\/1\.1 )/)
    .filter((part) => part.startsWith('HTTP/1.1 '))
    .map((part) => {
      const [head = '', body = ''] = part.split('\r\n\r\n');
      const [statusLine = '', ...headerLines] = head.split('\r\n');
      const headers = Object.fromEntries(
        headerLines.map((line) => {
          const at = line.indexOf(':');
          return [line.slice(0, at).toLowerCase(), line.slice(at + 1).trim()];
        }),
      );
      const length = Number(headers['content-length'] ?? body.length);
      return {
        status: Number(statusLine.split(' ')[1]),
        headers,
        body: body.slice(0, length),
      };
    });

describe('problem details and request ids on every answer', () => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  const log = logCapture();

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    await seedRoles(database.db);
    await createTestPerson(database.db, { username: 'alice', role: 'admin' });
    app = await buildApp({ db: database.db, auth: TEST_AUTH, logger: log.logger });
    // An unexpected failure at the root of the listener, outside the API's routes.
    app.get('/boom', async () => {
      throw new Error('secret internals');
    });
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('logs no one-time link’s secret: the URL of every request line is redacted', async () => {
    const token = 'Zt4mS3cr3tT0k3nThatSetsAPassword123456789';
    await app.inject({ method: 'GET', url: `/api/v1/password-reset/${token}` });
    await app.inject({ method: 'POST', url: `/api/v1/password-reset/${token}?x=1`, payload: {} });
    const text = JSON.stringify(log.lines);
    expect(text).not.toContain(token);
    const urls = log.lines
      .map((line) => (line.req as { url?: string } | undefined)?.url)
      .filter((url): url is string => url?.startsWith('/api/v1/password-reset/') ?? false);
    expect(urls).toEqual([
      '/api/v1/password-reset/[redacted]',
      '/api/v1/password-reset/[redacted]?x=1',
    ]);
    expect(redactedUrl('/api/v1/users/5/password-reset')).toBe('/api/v1/users/5/password-reset');
  });

  it('logs no payment form’s id, only its first four characters (whoever has it can finish a payout)', async () => {
    const formId = 'Qx7pF0rmIdThatOpensAPayout';
    await app.inject({ method: 'POST', url: `/api/payments/form/${formId}/status` });
    await app.inject({ method: 'GET', url: `/api/payments/form/${formId}?lang=en` });
    const text = JSON.stringify(log.lines);
    expect(text).not.toContain(formId);
    const urls = log.lines
      .map((line) => (line.req as { url?: string } | undefined)?.url)
      .filter((url): url is string => url?.startsWith('/api/payments/form/') ?? false);
    expect(urls).toEqual([
      '/api/payments/form/Qx7p[redacted]/status',
      '/api/payments/form/Qx7p[redacted]?lang=en',
    ]);
    expect(redactedUrl(`/payment/${formId}`)).toBe('/payment/Qx7p[redacted]');
    expect(redactedUrl('/api/payments/methods')).toBe('/api/payments/methods');
  });

  it('answers the back-office API’s refusals as problems with their codes', async () => {
    expectProblem(await app.inject({ url: '/api/v1/people/me' }), {
      status: 401,
      code: 'unauthenticated',
      detail: 'Unauthorized',
    });
    const login = (payload: object) =>
      app.inject({ method: 'POST', url: '/api/v1/login', payload });
    expectProblem(await login({ username: 'alice', password: 'wrong-password' }), {
      status: 401,
      code: 'invalid_credentials',
      detail: INVALID_CREDENTIALS_MESSAGE,
    });
    const invalid = expectProblem(await login({ user: 'alice' }), {
      status: 400,
      code: 'validation_failed',
      detail: "body must have required property 'username'",
    });
    expect(invalid.errors).toEqual([
      { location: 'body', field: '/username', message: 'is required' },
      { location: 'body', field: '/password', message: 'is required' },
      { location: 'body', field: '/user', message: 'is not a known property' },
    ]);
    expectProblem(
      await app.inject({
        method: 'POST',
        url: '/api/v1/logout',
        headers: { origin: 'https://evil.example' },
      }),
      { status: 403, code: 'cross_site_request', detail: 'Cross-site request refused' },
    );
  });

  it('answers the payment form’s, the merchant API’s and the provider API’s refusals as problems', async () => {
    expectProblem(
      await app.inject({ method: 'POST', url: `/api/payments/form/${'A'.repeat(24)}/init` }),
      { status: 404, code: 'not_found', detail: 'Payment not found' },
    );
    expectProblem(await app.inject({ method: 'POST', url: '/api/payments/form/short/init' }), {
      status: 400,
      code: 'validation_failed',
    });
    for (const url of ['/api/merchant/v1/invoices/inv-1', '/api/provider/v1/invoices/inv-1']) {
      expectProblem(await app.inject({ url }), {
        status: 401,
        code: 'signature_headers_missing',
        detail: 'Missing X-Api-Key, X-Timestamp, X-Signature header',
      });
      expectProblem(
        await app.inject({
          url,
          headers: { 'x-api-key': 'pk_x', 'x-timestamp': 'soon', 'x-signature': 'ab' },
        }),
        { status: 401, code: 'timestamp_invalid' },
      );
      expectProblem(
        await app.inject({
          url,
          headers: { 'x-api-key': 'pk_x', 'x-timestamp': '1', 'x-signature': 'ab' },
        }),
        { status: 401, code: 'timestamp_out_of_tolerance' },
      );
      expectProblem(
        await app.inject({
          url,
          headers: {
            'x-api-key': 'pk_unknown',
            'x-timestamp': String(Math.floor(Date.now() / 1000)),
            'x-signature': 'ab',
          },
        }),
        { status: 401, code: 'invalid_signature', detail: 'Invalid API key or signature' },
      );
    }
  });

  it('answers unknown paths, undecodable paths and wrong methods as problems', async () => {
    expectProblem(await app.inject({ url: '/api/nope' }), {
      status: 404,
      code: 'route_not_found',
      detail: 'Route GET /api/nope not found',
    });
    expectProblem(await app.inject({ method: 'DELETE', url: '/api/health' }), {
      status: 404,
      code: 'route_not_found',
      detail: 'Route DELETE /api/health not found',
    });
    for (const url of ['/api/v1/invoice/%E0%A4%A', '/%zz']) {
      const response = await app.inject({ url, headers: { 'x-request-id': 'bad-url-1' } });
      const problem = expectProblem(response, {
        status: 400,
        code: 'malformed_url',
        detail: 'Malformed URL',
      });
      expect(problem.requestId).toBe('bad-url-1');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    }
    expectProblem(await app.inject({ url: `/api/v1/invoice/${'a'.repeat(200)}` }), {
      status: 414,
      code: 'uri_too_long',
    });
  });

  it('answers the body parser’s refusals as problems', async () => {
    const post = (payload: string | Buffer, contentType = 'application/json') =>
      app.inject({
        method: 'POST',
        url: '/api/v1/login',
        payload,
        headers: { 'content-type': contentType },
      });
    expectProblem(await post('{"username":'), { status: 400, code: 'malformed_json' });
    expectProblem(await post(''), { status: 400, code: 'malformed_json' });
    expectProblem(await post(Buffer.alloc(1_100_000, 'a')), {
      status: 413,
      code: 'payload_too_large',
      detail: 'Request body is too large',
    });
    expectProblem(await post('<username>alice</username>', 'application/xml'), {
      status: 415,
      code: 'unsupported_media_type',
    });
    expectProblem(await post(JSON.stringify({ username: 'a\u0000', password: 'x' })), {
      status: 400,
      code: 'nul_character',
      detail: NUL_CHARACTER_MESSAGE,
    });
  });

  it('hides an unexpected failure behind a 500 problem; the log line keeps it under the id', async () => {
    const response = await app.inject({ url: '/boom', headers: { 'x-request-id': 'boom-1' } });
    expectProblem(response, {
      status: 500,
      code: 'internal_error',
      detail: 'Internal server error',
    });
    expect(response.body).not.toContain('secret internals');
    const failure = log.lines.find((line) => line.msg === 'request failed');
    expect(failure).toMatchObject({ reqId: 'boom-1', err: { message: 'secret internals' } });
  });

  it('sends Request-Id on every answer, the body’s requestId the same', async () => {
    const ok = await app.inject({ url: '/api/health' });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['request-id']).toMatch(UUID);
    const refused = await app.inject({ url: '/api/v1/people/me' });
    expect(refused.headers['request-id']).toMatch(UUID);
    expect(refused.json().requestId).toBe(refused.headers['request-id']);
    expect(refused.headers['request-id']).not.toBe(ok.headers['request-id']);
  });

  it('keeps a caller’s safe X-Request-Id and replaces any other', async () => {
    for (const id of ['abc', 'edge-1.2:3_4', 'x'.repeat(128), crypto.randomUUID()]) {
      const response = await app.inject({
        url: '/api/v1/people/me',
        headers: { 'x-request-id': id },
      });
      expect(response.headers['request-id']).toBe(id);
      expect(response.json().requestId).toBe(id);
    }
    for (const id of ['', 'a b', 'x'.repeat(129), '<script>', 'id"quoted', 'line\tbreak', 'ü']) {
      const response = await app.inject({
        url: '/api/v1/people/me',
        headers: { 'x-request-id': id },
      });
      expect(response.headers['request-id'], id).toMatch(UUID);
      expect(response.json().requestId).toBe(response.headers['request-id']);
    }
  });

  it('writes the request id in every log line of a request', async () => {
    const before = log.lines.length;
    await app.inject({ url: '/api/health', headers: { 'x-request-id': 'log-trace-1' } });
    await app.inject({ url: '/api/nope', headers: { 'x-request-id': 'log-trace-2' } });
    const lines = log.lines.slice(before);
    expect(lines.length).toBeGreaterThanOrEqual(4);
    for (const line of lines) expect(['log-trace-1', 'log-trace-2']).toContain(line.reqId);
    expect(lines.filter((line) => line.reqId === 'log-trace-1').map((line) => line.msg)).toEqual([
      'incoming request',
      'request completed',
    ]);
  });
});

describe('problems the listener writes itself', () => {
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    await seedRoles(database.db);
  });
  afterAll(async () => database?.close());

  it('answers a request Node cannot parse with a problem and a Request-Id', async () => {
    const app = await buildApp({ db: database.db, auth: TEST_AUTH });
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as AddressInfo;
      const connection = await rawConnection(port);
      connection.send('NOT HTTP AT ALL\r\n\r\n');
      const [answer] = parseAnswers(await connection.received);
      expect(answer?.status).toBe(400);
      expect(answer?.headers['content-type']).toBe('application/problem+json; charset=utf-8');
      expect(answer?.headers['x-content-type-options']).toBe('nosniff');
      expect(answer?.headers['request-id']).toMatch(UUID);
      expect(JSON.parse(answer?.body ?? '')).toEqual({
        type: 'about:blank',
        title: 'Bad Request',
        status: 400,
        detail: 'Client Error',
        code: 'client_error',
        requestId: answer?.headers['request-id'],
      });
    } finally {
      await app.close();
    }
  });

  it('refuses a request that arrives while the listener closes with a 503 problem', async () => {
    const app = await buildApp({ db: database.db, auth: TEST_AUTH });
    let release = () => {};
    let started = () => {};
    const slowStarted = new Promise<void>((resolve) => {
      started = resolve;
    });
    app.get('/slow', async () => {
      started();
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return { ok: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    // A second request on a connection still busy with the first, sent once closing began.
    const connection = await rawConnection(port);
    connection.send('GET /slow HTTP/1.1\r\nHost: x\r\n\r\n');
    await slowStarted;
    const closed = app.close();
    await new Promise((resolve) => setTimeout(resolve, 20));
    connection.send('GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n');
    await new Promise((resolve) => setTimeout(resolve, 20));
    release();
    await closed;
    const [first, second] = parseAnswers(await connection.received);
    expect(first?.status).toBe(200);
    expect(second?.status).toBe(503);
    expect(second?.headers['content-type']).toBe('application/problem+json; charset=utf-8');
    expect(second?.headers.connection).toBe('close');
    expect(JSON.parse(second?.body ?? '')).toMatchObject({
      status: 503,
      title: 'Service Unavailable',
      detail: 'Service Unavailable',
      code: 'service_unavailable',
      requestId: second?.headers['request-id'],
    });
  });
});
