import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema.ts';

/** One type for both drivers: the code above this module never knows which one runs. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseTarget =
  /** A PostgreSQL server. */
  | {
      kind: 'postgres';
      url: string;
      /** Told when the server drops an idle pooled connection; stderr by default. */
      onIdleConnectionError?: (error: Error) => void;
    }
  /** Embedded PGlite persisted in `dataDir`, or in memory without one (tests). */
  | { kind: 'pglite'; dataDir?: string };

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseTarget['kind'];
  close: () => Promise<void>;
}

const MIGRATIONS_JOURNAL = path.join('meta', '_journal.json');

/**
 * The versioned SQL migrations folder (apps/server/drizzle). Found by walking up from this
 * module, so it works from src/ in development and tests and from dist/ after the build.
 */
export const locateMigrationsFolder = (from = fileURLToPath(import.meta.url)): string => {
  let dir = path.dirname(from);
  for (let depth = 0; depth < 5; depth += 1) {
    const candidate = path.join(dir, 'drizzle');
    if (existsSync(path.join(candidate, MIGRATIONS_JOURNAL))) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error(`No migrations folder (drizzle/${MIGRATIONS_JOURNAL}) above ${from}`);
};

/** Opens the database and applies every pending migration before anything else uses it. */
export const openDatabase = async (
  target: DatabaseTarget,
  migrationsFolder = locateMigrationsFolder(),
): Promise<DatabaseHandle> => {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: 10 });
    // An idle connection the server drops (restart, failover, admin kill) is an 'error' event on
    // the pool; unhandled it would crash the process. The pool replaces it on the next query.
    pool.on('error', (error) => {
      if (target.onIdleConnectionError) target.onIdleConnectionError(error);
      else process.stderr.write(`PostgreSQL dropped an idle connection: ${error.message}\n`);
    });
    const db = drizzleNodePostgres(pool, { schema });
    try {
      await migrateNodePostgres(db, { migrationsFolder });
    } catch (error) {
      await pool.end();
      throw error;
    }
    return { db: db as unknown as Database, kind: 'postgres', close: () => pool.end() };
  }

  if (target.dataDir) mkdirSync(target.dataDir, { recursive: true });
  const client = target.dataDir ? new PGlite(target.dataDir) : new PGlite();
  const db = drizzlePglite(client, { schema });
  try {
    await migratePglite(db, { migrationsFolder });
  } catch (error) {
    await client.close();
    throw error;
  }
  return { db: db as unknown as Database, kind: 'pglite', close: () => client.close() };
};

/** Rows of a raw SQL query; both drivers return them in `rows`. */
export const queryRows = async <Row>(db: Database, query: SQL): Promise<Row[]> => {
  const result = (await db.execute(query)) as { rows: Row[] };
  return result.rows;
};
