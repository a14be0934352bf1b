import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type DatabaseHandle,
  locateMigrationsFolder,
  MIGRATION_LOCK_KEY,
  openDatabase,
  queryRows,
} from './database.ts';
import { currencies, invoices, merchants, terminals } from './schema.ts';
import { createEmptyTestDatabase, dropTestDatabase } from './testing/postgres-databases.ts';
import { openTestDatabase, TEST_DATABASE_KINDS } from './testing/test-databases.ts';

describe.each(TEST_DATABASE_KINDS)('database on %s', (kind) => {
  let handle: DatabaseHandle;

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
  });
  afterAll(async () => handle?.close());

  it('applies every migration to a new, empty database', async () => {
    // Not the suite's migrated template (openTestDatabase): a database nothing has touched.
    const adminUrl = process.env.TEST_DATABASE_URL ?? '';
    const empty = kind === 'postgres' ? await createEmptyTestDatabase(adminUrl) : undefined;
    const fresh = await openDatabase(
      empty ? { kind: 'postgres', url: empty.url.toString() } : { kind: 'pglite' },
    );
    try {
      const [tables] = await queryRows<{ count: number }>(
        fresh.db,
        sql`SELECT count(*)::int AS count FROM information_schema.tables WHERE table_schema = 'public'`,
      );
      expect(tables?.count).toBeGreaterThanOrEqual(20);
      const journal = JSON.parse(
        readFileSync(path.join(locateMigrationsFolder(), 'meta', '_journal.json'), 'utf8'),
      ) as { entries: unknown[] };
      const [applied] = await queryRows<{ count: number }>(
        fresh.db,
        sql`SELECT count(*)::int AS count FROM drizzle.__drizzle_migrations`,
      );
      expect(applied?.count).toBe(journal.entries.length);
    } finally {
      await fresh.close();
      if (empty) await dropTestDatabase(adminUrl, empty.name);
    }
  });

  it('keeps money exact beyond 2^53 as bigint', async () => {
    const huge = 2n ** 62n + 7n;
    await handle.db.insert(currencies).values({
      id: 901,
      code: 'UZS',
      name: 'Uzbek sum',
      dimension: 2,
      minValue: 100n,
      maxValue: huge,
    });
    const [row] = await handle.db.select().from(currencies).where(eq(currencies.id, 901));
    expect(row?.maxValue).toBe(huge);
  });

  it('enforces the invoice rules in the database itself', async () => {
    const [merchant] = await handle.db
      .insert(merchants)
      .values({ name: 'Shop', clientPublicKey: `pk_${kind}` })
      .returning();
    const [terminal] = await handle.db
      .insert(terminals)
      .values({ merchantId: merchant?.id ?? 0, name: 'Main', flowType: 'DEPOSIT', currencyId: 901 })
      .returning();
    const invoice = {
      merchantId: merchant?.id ?? 0,
      terminalId: terminal?.id ?? 0,
      merchantInvoiceId: 'order-1',
      flowType: 'DEPOSIT' as const,
      amount: 150_000n,
      currencyId: 901,
      customerExternalId: 'customer-1',
      formId: `form-${kind}-1`,
      expiresAt: new Date(Date.now() + 15 * 60_000),
    };
    await handle.db.insert(invoices).values(invoice);

    // The same merchant invoice id twice, and a non-positive amount, are refused by the database
    // (its own error codes, not a lost connection), and each refusal leaves the connection
    // working for the next statement: on the embedded database a refused statement used to
    // close its one connection, and the query after it failed with ECONNRESET; on PostgreSQL
    // each refusal cost a new connection. The pool hands back its most recent idle connection,
    // so statements in a row run on one backend unless a refusal closed it.
    const backendPid = async () =>
      (await queryRows<{ pid: number }>(handle.db, sql`SELECT pg_backend_pid() AS pid`))[0]?.pid;
    const pidBefore = await backendPid();
    await expect(
      handle.db.insert(invoices).values({ ...invoice, formId: `form-${kind}-2` }),
    ).rejects.toMatchObject({ cause: { code: '23505' } });
    await expect(
      handle.db
        .insert(invoices)
        .values({ ...invoice, merchantInvoiceId: 'order-2', formId: `form-${kind}-3`, amount: 0n }),
    ).rejects.toMatchObject({ cause: { code: '23514' } });
    const [count] = await handle.db
      .select({ count: sql<number>`count(*)::int` })
      .from(invoices)
      .where(eq(invoices.merchantId, merchant?.id ?? 0));
    expect(count?.count).toBe(1);
    // The embedded database's backend pid is the same whatever happens: PostgreSQL's tells.
    if (kind === 'postgres') expect(await backendPid()).toBe(pidBefore);
  });
});

describe('embedded PGlite persisted in a data folder', () => {
  it('keeps data across restarts and migrates only once', async () => {
    // A folder that does not exist yet: the first start creates it.
    const dataDir = path.join(
      mkdtempSync(path.join(tmpdir(), 'paygate-pglite-')),
      'nested',
      'data',
    );
    try {
      const first = await openDatabase({ kind: 'pglite', dataDir });
      await first.db
        .insert(merchants)
        .values({ name: 'Persisted', clientPublicKey: 'pk_persisted' });
      await first.close();

      const second = await openDatabase({ kind: 'pglite', dataDir });
      const rows = await second.db.select().from(merchants);
      expect(rows.map((row) => row.name)).toEqual(['Persisted']);
      await second.close();
    } finally {
      rmSync(path.dirname(path.dirname(dataDir)), { recursive: true, force: true });
    }
  });
});

describe('locateMigrationsFolder', () => {
  it('finds apps/server/drizzle from src and from dist', () => {
    const fromSrc = locateMigrationsFolder();
    expect(fromSrc.endsWith(path.join('server', 'drizzle'))).toBe(true);
    const fromDist = locateMigrationsFolder(path.join(path.dirname(fromSrc), 'dist', 'main.js'));
    expect(fromDist).toBe(fromSrc);
  });

  it('says where it looked when there is none', () => {
    expect(() => locateMigrationsFolder('/nonexistent/a/b/c.js')).toThrow('No migrations folder');
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('PostgreSQL connection loss', () => {
  /** A test database (admin) and a second pool of the product's own on it (handle). */
  const openSecondHandle = async (onIdleConnectionError: (error: Error) => void) => {
    const admin = await openTestDatabase('postgres');
    const name = (
      await queryRows<{ name: string }>(admin.db, sql`SELECT current_database() AS name`)
    )[0]?.name;
    const url = new URL(process.env.TEST_DATABASE_URL ?? '');
    url.pathname = `/${name}`;
    const handle = await openDatabase({
      kind: 'postgres',
      url: url.toString(),
      onIdleConnectionError,
    });
    return { admin, handle };
  };

  it('survives the server dropping an idle pooled connection', async () => {
    const dropped: Error[] = [];
    const { admin, handle } = await openSecondHandle((error) => dropped.push(error));
    try {
      await handle.db.execute(sql`SELECT 1`);
      await admin.db.execute(
        sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
            WHERE datname = current_database() AND pid <> pg_backend_pid()`,
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(dropped.length).toBeGreaterThan(0);
      const rows = await queryRows<{ one: number }>(handle.db, sql`SELECT 1 AS one`);
      expect(rows).toEqual([{ one: 1 }]);
    } finally {
      await handle.close();
      await admin.close();
    }
  });

  it('gives the next statement a new connection when the server ends a busy one', async () => {
    const { admin, handle } = await openSecondHandle(() => {});
    const backendPid = async () =>
      (await queryRows<{ pid: number }>(handle.db, sql`SELECT pg_backend_pid() AS pid`))[0]?.pid;
    try {
      const busyPid = await backendPid();
      const sleeping = handle.db.execute(sql`SELECT pg_sleep(30)`);
      const outcome = sleeping.then(
        () => null,
        (error: unknown) => error,
      );
      while (
        (
          await queryRows<{ count: number }>(
            admin.db,
            sql`SELECT count(*)::int AS count FROM pg_stat_activity
                WHERE pid = ${busyPid} AND query LIKE 'SELECT pg_sleep%'`,
          )
        )[0]?.count === 0
      ) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await admin.db.execute(sql`SELECT pg_terminate_backend(${busyPid})`);
      // The server's FATAL answer (57P01) is the database's, but the connection is gone: the
      // pool's most recent idle connection must not be it (the next statement would fail with
      // "Connection terminated" instead of running).
      expect(await outcome).toMatchObject({ cause: { code: '57P01' } });
      const pidAfter = await backendPid();
      expect(pidAfter).toEqual(expect.any(Number));
      expect(pidAfter).not.toBe(busyPid);
    } finally {
      await handle.close();
      await admin.close();
    }
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('several instances starting together', () => {
  it('migrates a fresh PostgreSQL once while the others wait', async () => {
    const adminUrl = process.env.TEST_DATABASE_URL ?? '';
    const { name, url } = await createEmptyTestDatabase(adminUrl);
    const handles: DatabaseHandle[] = [];
    try {
      const starts = await Promise.allSettled(
        Array.from({ length: 4 }, () =>
          openDatabase({ kind: 'postgres', url: url.toString(), onIdleConnectionError: () => {} }),
        ),
      );
      for (const start of starts) if (start.status === 'fulfilled') handles.push(start.value);
      expect(starts.filter((start) => start.status === 'rejected')).toEqual([]);
      const [first] = handles;
      if (!first) throw new Error('no instance started');
      const applied = await queryRows<{ count: number }>(
        first.db,
        sql`SELECT count(*)::int AS count FROM drizzle.__drizzle_migrations`,
      );
      const journal = JSON.parse(
        readFileSync(path.join(locateMigrationsFolder(), 'meta', '_journal.json'), 'utf8'),
      ) as { entries: unknown[] };
      // Each migration recorded once, not once per instance.
      expect(applied[0]?.count).toBe(journal.entries.length);
    } finally {
      await Promise.all(handles.map((handle) => handle.close()));
      await dropTestDatabase(adminUrl, name);
    }
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('migrations and the statement timeout', () => {
  it("waits for another instance's migration longer than a statement may take", async () => {
    const adminUrl = process.env.TEST_DATABASE_URL ?? '';
    const { name, url } = await createEmptyTestDatabase(adminUrl);
    const holder = new pg.Client({ connectionString: url.toString() });
    await holder.connect();
    let handle: DatabaseHandle | undefined;
    try {
      // Another instance migrating: it holds the lock for longer than the statement timeout.
      await holder.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      const release = setTimeout(() => {
        void holder.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
      }, 1_500);
      try {
        handle = await openDatabase({
          kind: 'postgres',
          url: url.toString(),
          statementTimeoutMs: 300,
          onIdleConnectionError: () => {},
        });
      } finally {
        clearTimeout(release);
      }
      // The limit itself is in force for the requests' connections.
      await expect(handle.db.execute(sql`SELECT pg_sleep(1)`)).rejects.toThrow();
    } finally {
      await handle?.close();
      await holder.end();
      await dropTestDatabase(adminUrl, name);
    }
  });
});
