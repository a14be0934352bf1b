import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { describeError } from '../diagnostics/error-text.ts';
import { type EmbeddedDatabase, startEmbeddedDatabase } from './embedded-database.ts';
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
      /**
       * How long to keep retrying while the server is unreachable before giving up (default 0:
       * one attempt). The start uses DATABASE_CONNECT_TIMEOUT_SECONDS.
       */
      connectRetryMs?: number;
      /** Told before each retry while the server is unreachable; stderr by default. */
      onConnectRetry?: (retry: ConnectRetry) => void;
      /** Server-side limit of one statement (default POSTGRES_POOL_SETTINGS, 30 s). */
      statementTimeoutMs?: number;
    }
  /**
   * Embedded PGlite persisted in `dataDir`, or in memory without one (tests), running in its own
   * thread and reached over the wire protocol like PostgreSQL (embedded-database.ts).
   */
  | {
      kind: 'pglite';
      dataDir?: string;
      /**
       * A data folder to start from (PGlite's `dumpDataDir` tarball): tests start from one
       * migrated copy instead of running initdb and every migration again.
       */
      loadDataDir?: Uint8Array;
      /** Told when the database thread ended on its own and is being started again. */
      onRestart?: (problem: string, delayMs: number) => void;
    };

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseTarget['kind'];
  close: () => Promise<void>;
  /** The embedded database itself (PGlite only): its data folder as a tarball. */
  embedded?: Pick<EmbeddedDatabase, 'dump'>;
}

export interface ConnectRetry {
  attempt: number;
  error: unknown;
  delayMs: number;
}

/**
 * Pool limits chosen so a request never hangs on the database: waiting for a connection (a new
 * one or a free pool slot) gives up after 5 s, a statement after 30 s (server side, and 5 s
 * later on the client in case the network itself is gone). The error handler turns these
 * failures into 503.
 */
const POSTGRES_POOL_SETTINGS = {
  max: 10,
  connectionTimeoutMillis: 5_000,
  statement_timeout: 30_000,
  query_timeout: 35_000,
  idle_in_transaction_session_timeout: 60_000,
  keepAlive: true,
  application_name: 'paygate-server',
} as const;

/** Whether a connection whose statement failed with this error may serve the next statement. */
type ConnectionSurvives = (error: unknown) => boolean;

/**
 * PostgreSQL: the database answered the statement with an ordinary error (a unique violation, a
 * refused check, a statement timeout) and waits for the next one. Not a FATAL or PANIC answer
 * (the backend was terminated: the socket is closing, though the client does not know it yet),
 * not an outage, and not a failure on the client's side (a broken socket, the read timeout
 * while the statement may still run).
 */
const answeredWithError: ConnectionSurvives = (error) =>
  error instanceof pg.DatabaseError &&
  error.severity !== 'FATAL' &&
  error.severity !== 'PANIC' &&
  !isDatabaseUnavailableError(error);

/**
 * The embedded database: its socket server takes one connection, and a connection closed by the
 * pool made the next statement race its teardown (ECONNRESET). It is kept whatever failed; one
 * that really broke is not queryable any more, and the pool drops it when it comes back.
 */
const alwaysKept: ConnectionSurvives = () => true;

const survivalRules = new WeakMap<pg.Pool, ConnectionSurvives>();

/**
 * Gives a connection back to its pool after a statement: dropped when the statement failed in a
 * way that leaves the connection unfit (the pool's rule, keepConnectionOnQueryErrors), kept
 * otherwise. For code that holds a connection itself (the CSV export's pages).
 */
export const releaseAfterStatement = (
  pool: pg.Pool,
  client: pg.PoolClient,
  failure: unknown,
): void => {
  const survives = survivalRules.get(pool) ?? answeredWithError;
  if (failure === undefined || survives(failure)) client.release();
  else client.release(failure instanceof Error ? failure : new Error(String(failure)));
};

/**
 * pg-pool closes a connection whenever a query sent through `pool.query` fails, even when the
 * database answered with an error and the connection is fine. On PostgreSQL every refused
 * statement then cost a new connection (a backend started and authenticated), so input that
 * makes statements fail (a duplicate merchant invoice id, sent in a loop) churned connections;
 * on the embedded database the next statement raced the closed connection's teardown. Here a
 * failed statement's connection is dropped only when the pool's rule says it is unfit.
 */
const keepConnectionOnQueryErrors = (pool: pg.Pool, survives: ConnectionSurvives): void => {
  survivalRules.set(pool, survives);
  const queryAndClose = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  const queryOnOwnConnection = (...args: unknown[]) => {
    // Callback calls (none of ours; drizzle awaits) keep pg-pool's own way.
    if (typeof args.at(-1) === 'function') return queryAndClose(...args);
    return pool.connect().then(async (client) => {
      let failure: unknown;
      try {
        return await (client.query as (...queryArgs: unknown[]) => Promise<unknown>)(...args);
      } catch (error) {
        failure = error;
        throw error;
      } finally {
        releaseAfterStatement(pool, client, failure);
      }
    });
  };
  pool.query = queryOnOwnConnection as typeof pool.query;
};

/** SQLSTATEs meaning "the server is not there right now", not "the query is wrong". */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
const UNAVAILABLE_NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);
/** node-postgres and pg-pool report these without a code. */
const UNAVAILABLE_MESSAGES = [
  'timeout exceeded when trying to connect',
  'Connection terminated',
  'Query read timeout',
  'is not queryable',
  'Cannot use a pool after calling end',
];

/**
 * SQLSTATEs of a write that lost a race with another request: a unique key or a referenced row
 * taken or removed at the same moment (the check before it passed), a serialization failure or a
 * deadlock. The request was fine and would be answered otherwise a moment later: 409, not 500.
 */
const CONCURRENT_CHANGE_SQLSTATES = new Set(['23505', '23503', '40001', '40P01']);

/** Whether the error (or one of its causes, as the driver and Drizzle wrap it) is such a loss. */
export const isConcurrentChangeError = (error: unknown): boolean => {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    if (typeof current !== 'object') return false;
    const { code } = current as { code?: unknown };
    if (typeof code === 'string' && CONCURRENT_CHANGE_SQLSTATES.has(code)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
};

/**
 * Whether an error (or any error in its cause chain: Drizzle wraps driver errors) means the
 * database is unreachable or going away, so the request should get 503 and may be retried.
 */
export const isDatabaseUnavailableError = (error: unknown): boolean => {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    if (typeof current !== 'object') return false;
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string') {
      if (UNAVAILABLE_NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code)) return true;
      // Class 08: connection exception.
      if (/^08[0-9A-Z]{3}$/.test(code)) return true;
    }
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((m) => message.includes(m))) {
      return true;
    }
    if (current instanceof AggregateError && current.errors.some(isDatabaseUnavailableError)) {
      return true;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return false;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits until the server answers `select 1`, retrying with backoff (0.5 s doubling up to 5 s)
 * while it is unreachable, for at most `retryMs`. Errors that waiting cannot fix (wrong
 * password, no such database) fail at once.
 */
const waitForPostgres = async (
  pool: pg.Pool,
  retryMs: number,
  onRetry: (retry: ConnectRetry) => void,
): Promise<void> => {
  const deadline = Date.now() + retryMs;
  for (let attempt = 1; ; attempt += 1) {
    try {
      await pool.query('select 1');
      return;
    } catch (error) {
      if (!isDatabaseUnavailableError(error)) throw error;
      const delayMs = Math.min(500 * 2 ** (attempt - 1), 5_000);
      if (Date.now() + delayMs > deadline) {
        throw new Error(
          `PostgreSQL is unreachable (${describeError(error)}); gave up after ${attempt} attempt${attempt === 1 ? '' : 's'} in ${Math.round(retryMs / 1000)} s`,
          { cause: error },
        );
      }
      onRetry({ attempt, error, delayMs });
      await sleep(delayMs);
    }
  }
};

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

/** Key of the advisory lock that serialises migrations across instances (any fixed bigint). */
export const MIGRATION_LOCK_KEY = 7_245_108_331;

/**
 * Instances started together on one PostgreSQL would otherwise run the same pending migration
 * at once (drizzle's migrator takes no lock): one would fail its start, and a data migration
 * could run twice. A session advisory lock lets one migrate while the others wait, then find
 * nothing left to do.
 */
const migrateOnePostgresAtATime = async (url: string, migrationsFolder: string) => {
  // Its own connections without the request timeouts: waiting for another instance's migration
  // and building an index on a large table may both take longer than any request may.
  const pool = new pg.Pool({
    connectionString: url,
    ...POSTGRES_POOL_SETTINGS,
    max: 2,
    statement_timeout: undefined,
    query_timeout: undefined,
    // Explicit, so a statement_timeout set on the role or the database does not apply either.
    options: '-c statement_timeout=0',
    application_name: 'paygate-server-migrations',
  });
  pool.on('error', () => {});
  try {
    const lockSession = await pool.connect();
    try {
      await lockSession.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      try {
        await migrateNodePostgres(drizzleNodePostgres(pool, { schema }), { migrationsFolder });
      } finally {
        await lockSession.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
      }
    } finally {
      lockSession.release();
    }
  } finally {
    await pool.end();
  }
};

/** Opens the database and applies every pending migration before anything else uses it. */
export const openDatabase = async (
  target: DatabaseTarget,
  migrationsFolder = locateMigrationsFolder(),
): Promise<DatabaseHandle> => {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: target.url,
      ...POSTGRES_POOL_SETTINGS,
      ...(target.statementTimeoutMs === undefined
        ? {}
        : {
            statement_timeout: target.statementTimeoutMs,
            query_timeout: target.statementTimeoutMs + 5_000,
          }),
    });
    // An idle connection the server drops (restart, failover, admin kill) is an 'error' event on
    // the pool; unhandled it would crash the process. The pool replaces it on the next query.
    pool.on('error', (error) => {
      if (target.onIdleConnectionError) target.onIdleConnectionError(error);
      else process.stderr.write(`PostgreSQL dropped an idle connection: ${error.message}\n`);
    });
    // The pool listens for errors only while a connection is idle. One dropped while a request
    // holds it (between two statements of a transaction) would be an 'error' event nobody
    // handles, which ends the process; the request's next statement fails and answers 503.
    pool.on('connect', (client) => client.on('error', () => {}));
    keepConnectionOnQueryErrors(pool, answeredWithError);
    const db = drizzleNodePostgres(pool, { schema });
    const onConnectRetry =
      target.onConnectRetry ??
      (({ attempt, error, delayMs }: ConnectRetry) =>
        process.stderr.write(
          `PostgreSQL is unreachable (attempt ${attempt}: ${describeError(error)}); retrying in ${delayMs} ms\n`,
        ));
    try {
      await waitForPostgres(pool, target.connectRetryMs ?? 0, onConnectRetry);
      await migrateOnePostgresAtATime(target.url, migrationsFolder);
    } catch (error) {
      await pool.end();
      throw error;
    }
    return { db: db as unknown as Database, kind: 'postgres', close: () => pool.end() };
  }

  const embedded = await startEmbeddedDatabase({
    ...(target.dataDir ? { dataDir: target.dataDir } : {}),
    ...(target.loadDataDir ? { loadDataDir: target.loadDataDir } : {}),
    ...(target.onRestart ? { onRestart: target.onRestart } : {}),
  });
  // One connection, held for good: the embedded database is one PostgreSQL session, so the pool
  // is its queue (a transaction keeps it until commit, as PGlite's own lock did). Waiting for it
  // may take as long as a statement may run; there is no other instance to go to.
  const pool = new pg.Pool({
    ...embedded.connection,
    max: 1,
    idleTimeoutMillis: 0,
    connectionTimeoutMillis: POSTGRES_POOL_SETTINGS.statement_timeout,
    application_name: POSTGRES_POOL_SETTINGS.application_name,
  });
  // Ended while idle (the database thread restarting): the pool connects again on the next query.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  keepConnectionOnQueryErrors(pool, alwaysKept);
  const closeAll = async () => {
    await pool.end();
    await embedded.close();
  };
  const db = drizzleNodePostgres(pool, { schema });
  try {
    // No lock: the thread is the data folder's only user, and this pool its only connection.
    await migrateNodePostgres(db, { migrationsFolder });
  } catch (error) {
    await closeAll();
    throw error;
  }
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    close: closeAll,
    embedded: { dump: embedded.dump },
  };
};

/** Rows of a raw SQL query; both drivers return them in `rows`. */
export const queryRows = async <Row>(db: Database, query: SQL): Promise<Row[]> => {
  const result = (await db.execute(query)) as { rows: Row[] };
  return result.rows;
};

/**
 * The database's clock now (`clock_timestamp()`, not the transaction's start): the clock the
 * background jobs decide by, so a check against it agrees with them whatever the app's clock says.
 */
export const databaseNow = async (db: Database): Promise<Date> => {
  const [row] = await queryRows<{ ms: number | string }>(
    db,
    sql`SELECT extract(epoch FROM clock_timestamp()) * 1000 AS ms`,
  );
  return new Date(Number(row?.ms));
};
