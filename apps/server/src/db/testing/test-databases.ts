import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../database.ts';

/**
 * The databases the integration suite runs on: always an in-memory PGlite, and a real
 * PostgreSQL when TEST_DATABASE_URL points at one (the test command sets it up).
 */
export const TEST_DATABASE_KINDS: Array<'pglite' | 'postgres'> = process.env.TEST_DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite'];

/**
 * Drops a test database. FORCE ends its connections, but an autovacuum worker that has just
 * entered it can still make the drop fail for a moment: retried a few times.
 */
export const dropTestDatabase = async (adminUrl: string, name: string) => {
  for (let attempt = 1; ; attempt += 1) {
    const cleanup = new pg.Client({ connectionString: adminUrl });
    try {
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      return;
    } catch (error) {
      if (attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
    } finally {
      await cleanup.end().catch(() => {});
    }
  }
};

/** A new, empty (unmigrated) PostgreSQL database next to `adminUrl`'s, and its URL. */
export const createEmptyTestDatabase = async (
  adminUrl: string,
  prefix = 'paygate_test',
): Promise<{ name: string; url: URL }> => {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { name, url };
};

/**
 * A fresh, migrated database of the given kind. On PostgreSQL each call creates its own
 * database (dropped on close) so test files never see each other's rows.
 */
export const openTestDatabase = async (kind: 'pglite' | 'postgres'): Promise<DatabaseHandle> => {
  if (kind === 'pglite') return openDatabase({ kind: 'pglite' });

  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const { name, url } = await createEmptyTestDatabase(adminUrl);
  // Dropping the database at close ends its connections on purpose: not worth a word.
  const handle = await openDatabase({
    kind: 'postgres',
    url: url.toString(),
    onIdleConnectionError: () => {},
  });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await dropTestDatabase(adminUrl, name);
    },
  };
};
