import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { SERVICE_UNAVAILABLE_MESSAGE } from '../http/error-handler.ts';
import { seedRoles } from '../seed/roles-seed.ts';
import { createTestPerson, signIn, TEST_AUTH } from '../testing/test-app.ts';
import {
  type ConnectRetry,
  type DatabaseHandle,
  isDatabaseUnavailableError,
  openDatabase,
} from './database.ts';

const ADMIN_URL = process.env.TEST_DATABASE_URL;

/**
 * A TCP proxy in front of the test PostgreSQL: cut() drops every connection and refuses new
 * ones (the database "goes away"), restore() listens again on the same port, and
 * dropConnectionsSending(text) drops a connection the moment its client sends a statement
 * containing `text` (the network failing in the middle of a conversation).
 */
const startTcpProxy = async (target: { host: string; port: number }) => {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  let port = 0;
  let dropOn: string | null = null;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const next = net.createServer((client) => {
        const upstream = net.connect(target.port, target.host);
        const drop = () => {
          client.destroy();
          upstream.destroy();
          sockets.delete(client);
          sockets.delete(upstream);
        };
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('error', drop);
          socket.on('close', drop);
        }
        client.on('data', (chunk: Buffer) => {
          if (dropOn !== null && chunk.toString('latin1').includes(dropOn)) drop();
        });
        client.pipe(upstream).pipe(client);
      });
      next.once('error', reject);
      next.listen(port, '127.0.0.1', () => {
        port = (next.address() as net.AddressInfo).port;
        server = next;
        resolve();
      });
    });
  const cut = async () => {
    const closing = server;
    server = undefined;
    if (!closing) return;
    const closed = new Promise<void>((resolve) => closing.close(() => resolve()));
    for (const socket of sockets) socket.destroy();
    sockets.clear();
    await closed;
  };
  await listen();
  return {
    urlFor: (database: string) => {
      const url = new URL(ADMIN_URL ?? '');
      url.host = `127.0.0.1:${port}`;
      url.pathname = `/${database}`;
      return url.toString();
    },
    cut,
    restore: listen,
    dropConnectionsSending: (text: string | null) => {
      dropOn = text;
    },
  };
};

const adminQuery = async (text: string) => {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
};

describe.skipIf(!ADMIN_URL)('PostgreSQL outages', () => {
  const name = `paygate_outage_${randomBytes(6).toString('hex')}`;
  let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
  let handle: DatabaseHandle;
  let app: FastifyInstance;

  beforeAll(async () => {
    const admin = new URL(ADMIN_URL ?? '');
    proxy = await startTcpProxy({ host: admin.hostname, port: Number(admin.port || 5432) });
    await adminQuery(`CREATE DATABASE ${name}`);
    handle = await openDatabase({
      kind: 'postgres',
      url: proxy.urlFor(name),
      onIdleConnectionError: () => {},
    });
    await seedRoles(handle.db);
    await createTestPerson(handle.db, { username: 'olga', role: 'support' });
    app = await buildApp({ db: handle.db, auth: TEST_AUTH });
  });

  afterAll(async () => {
    await proxy?.restore().catch(() => {});
    await app?.close();
    await handle?.close();
    await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });

  const wrongSignIn = () =>
    app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { username: 'nobody', password: 'wrong-password' },
    });

  it('answers 503 fast while the database is gone, and recovers without a restart', async () => {
    const cookie = await signIn(app, 'olga', 'olga-password');
    expect((await wrongSignIn()).statusCode).toBe(401);
    expect((await app.inject({ url: '/api/ready' })).statusCode).toBe(200);

    await proxy.cut();
    const startedAt = Date.now();
    const refused = await wrongSignIn();
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toMatchObject({
      detail: SERVICE_UNAVAILABLE_MESSAGE,
      code: 'service_unavailable',
    });
    expect(refused.headers['retry-after']).toBe('5');
    const sessionCall = await app.inject({ url: '/api/v1/people/me', headers: { cookie } });
    expect(sessionCall.statusCode).toBe(503);
    expect(Date.now() - startedAt).toBeLessThan(6_000);
    expect((await app.inject({ url: '/api/ready' })).statusCode).toBe(503);
    // Liveness does not depend on the database: nothing should restart the process.
    expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);

    await proxy.restore();
    expect((await wrongSignIn()).statusCode).toBe(401);
    expect((await app.inject({ url: '/api/v1/people/me', headers: { cookie } })).statusCode).toBe(
      200,
    );
    expect((await app.inject({ url: '/api/ready' })).statusCode).toBe(200);
  });

  it('recognises a connection dropped in the middle of a query as an outage', async () => {
    const query = handle.db.execute(sql`select pg_sleep(5)`);
    const failure = query.then(
      () => null,
      (error: unknown) => error,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    await proxy.cut();
    const error = await failure;
    expect(error).not.toBeNull();
    expect(isDatabaseUnavailableError(error)).toBe(true);
    await proxy.restore();
    await expect(handle.db.execute(sql`select 1`)).resolves.toBeDefined();
  });

  it('gives a connection back to the pool when a transaction’s BEGIN fails', async () => {
    // Ten failed BEGINs would each keep one of the pool's ten connections for good (an upstream
    // drizzle-orm bug, patched in apps/server/patches); the transaction after them would then
    // wait for a free connection and fail after 5 s.
    proxy.dropConnectionsSending('begin');
    try {
      for (let attempt = 0; attempt < 10; attempt += 1) {
        const failure = await handle.db
          .transaction(async () => 'never')
          .then(
            () => null,
            (error: unknown) => error,
          );
        expect(isDatabaseUnavailableError(failure)).toBe(true);
      }
    } finally {
      proxy.dropConnectionsSending(null);
    }
    await expect(
      handle.db.transaction(async (tx) => tx.execute(sql`select 1`)),
    ).resolves.toBeDefined();
  });

  it('survives a connection dropped between two statements of a transaction', async () => {
    // Dropped while the request holds the connection and sends nothing: an 'error' event on a
    // checked-out client, which nobody handled and which ended the process.
    const failure = await handle.db
      .transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        await proxy.cut();
        await new Promise((resolve) => setTimeout(resolve, 100));
        await tx.execute(sql`select 2`);
      })
      .then(
        () => null,
        (error: unknown) => error,
      );
    await proxy.restore();
    expect(isDatabaseUnavailableError(failure)).toBe(true);
    await expect(handle.db.execute(sql`select 1`)).resolves.toBeDefined();
  });

  it('does not take a wrong query for an outage', async () => {
    const error = await handle.db.execute(sql`select * from no_such_table`).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).not.toBeNull();
    expect(isDatabaseUnavailableError(error)).toBe(false);
  });

  it('keeps retrying at start for a bounded time, then fails with a clear message', async () => {
    await proxy.cut();
    const retries: ConnectRetry[] = [];
    const startedAt = Date.now();
    try {
      await expect(
        openDatabase({
          kind: 'postgres',
          url: proxy.urlFor(name),
          connectRetryMs: 2_500,
          onConnectRetry: (retry) => retries.push(retry),
        }),
      ).rejects.toThrow(
        /^PostgreSQL is unreachable \(.*ECONNREFUSED.*\); gave up after 3 attempts/,
      );
    } finally {
      await proxy.restore();
    }
    // Backoff 0.5 s, 1 s; the next wait (2 s) would pass the limit.
    expect(retries.map(({ attempt, delayMs }) => [attempt, delayMs])).toEqual([
      [1, 500],
      [2, 1_000],
    ]);
    expect(Date.now() - startedAt).toBeLessThan(6_000);
  });

  it('starts once the database comes up within the limit', async () => {
    await proxy.cut();
    const retries: ConnectRetry[] = [];
    setTimeout(() => void proxy.restore(), 700);
    const late = await openDatabase({
      kind: 'postgres',
      url: proxy.urlFor(name),
      connectRetryMs: 15_000,
      onConnectRetry: (retry) => retries.push(retry),
      onIdleConnectionError: () => {},
    });
    try {
      expect(retries.length).toBeGreaterThanOrEqual(1);
      await expect(late.db.execute(sql`select 1`)).resolves.toBeDefined();
    } finally {
      await late.close();
    }
  });

  it('does not wait for what waiting cannot fix', async () => {
    const retries: ConnectRetry[] = [];
    await expect(
      openDatabase({
        kind: 'postgres',
        url: proxy.urlFor(`${name}_missing`),
        connectRetryMs: 10_000,
        onConnectRetry: (retry) => retries.push(retry),
      }),
    ).rejects.toThrow(/does not exist/);
    expect(retries).toEqual([]);
  });
});
