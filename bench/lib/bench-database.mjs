/**
 * The two databases every figure is measured on: a PostgreSQL database `paygate_bench` (dropped
 * and created afresh) and an embedded PGlite folder under bench/.data. One small SQL interface
 * over both, so the generator and the checks are written once.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import copyStreams from 'pg-copy-streams';
import { DATA_DIR } from './bench-paths.mjs';

const ADMIN_URL =
  process.env.BENCH_POSTGRES_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://paygate_test:paygate_test@127.0.0.1:5432/postgres';

export const BENCH_DATABASE_NAME = 'paygate_bench';

const benchUrl = () => {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${BENCH_DATABASE_NAME}`;
  return url.toString();
};

/** @typedef {{ kind: 'postgres', url: string } | { kind: 'pglite', dataDir: string }} BenchTarget */

/** @param {'postgres' | 'pglite'} kind @returns {BenchTarget} */
export const benchTarget = (kind) =>
  kind === 'postgres'
    ? { kind, url: benchUrl() }
    : { kind, dataDir: path.join(DATA_DIR, 'pglite') };

/** Environment that points the built server at the target. */
export const serverDatabaseEnv = (target) =>
  target.kind === 'postgres' ? { DATABASE_URL: target.url } : { DATA_DIR: target.dataDir };

/** Drops and recreates the bench database (or deletes the PGlite folder). */
export const resetDatabase = async (target) => {
  if (target.kind === 'pglite') {
    rmSync(target.dataDir, { recursive: true, force: true });
    return;
  }
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${BENCH_DATABASE_NAME} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${BENCH_DATABASE_NAME}`);
  } finally {
    await admin.end();
  }
};

/** Server version string of the PostgreSQL the bench uses (for the record). */
export const postgresVersion = async () => {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    const { rows } = await admin.query('SHOW server_version');
    return rows[0].server_version;
  } finally {
    await admin.end();
  }
};

/**
 * @typedef {object} BenchSql
 * @property {(text: string, params?: unknown[]) => Promise<any[]>} query rows of one statement
 * @property {(copySql: string, chunks: AsyncIterable<string> | Iterable<string>) => Promise<void>} copyFrom
 *   COPY ... FROM STDIN (PostgreSQL) / FROM '/dev/blob' (PGlite) of CSV text chunks
 * @property {() => Promise<void>} close
 */

/** @returns {Promise<BenchSql>} Only one process may open a PGlite folder: not while the server runs. */
export const openSql = async (target) => {
  if (target.kind === 'postgres') {
    const client = new pg.Client({ connectionString: target.url });
    await client.connect();
    return {
      query: async (text, params) => (await client.query(text, params)).rows,
      copyFrom: async (copySql, chunks) => {
        const sink = client.query(copyStreams.from(`${copySql} FROM STDIN WITH (FORMAT csv)`));
        await pipeline(Readable.from(chunks), sink);
      },
      close: () => client.end(),
    };
  }
  const db = await PGlite.create(target.dataDir);
  return {
    query: async (text, params) => (await db.query(text, params)).rows,
    copyFrom: async (copySql, chunks) => {
      // PGlite reads COPY input from a Blob; one Blob per chunk keeps memory bounded.
      for await (const chunk of chunks) {
        await db.query(`${copySql} FROM '/dev/blob' WITH (FORMAT csv)`, [], {
          blob: new Blob([chunk]),
        });
      }
    },
    close: () => db.close(),
  };
};
