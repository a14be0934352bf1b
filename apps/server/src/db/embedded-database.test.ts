import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { DATA_FOLDER_LOCK_FILE } from './data-folder-lock.ts';
import { type EmbeddedDatabase, startEmbeddedDatabase } from './embedded-database.ts';

const folders: string[] = [];
const opened: EmbeddedDatabase[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((database) => database.close()));
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

const newFolder = () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'paygate-embedded-test-'));
  folders.push(folder);
  return folder;
};

const start = async (dataDir?: string, onRestart?: () => void) => {
  const database = await startEmbeddedDatabase({
    ...(dataDir ? { dataDir } : {}),
    onRestart: onRestart ?? (() => {}),
  });
  opened.push(database);
  return database;
};

const query = async <Row>(database: EmbeddedDatabase, text: string): Promise<Row[]> => {
  const client = new pg.Client(database.connection);
  await client.connect();
  try {
    return (await client.query(text)).rows as Row[];
  } finally {
    await client.end();
  }
};

describe('embedded database thread', () => {
  it('answers over the PostgreSQL wire protocol while the event loop keeps running', async () => {
    const database = await start();
    const ticks: number[] = [];
    const timer = setInterval(() => ticks.push(performance.now()), 5);
    const started = performance.now();
    // A statement that keeps PGlite busy for a while: in the server's own thread it would block
    // every timer until it returned.
    const [row] = await query<{ total: string }>(
      database,
      'SELECT sum(n)::text AS total FROM generate_series(1, 3000000) AS n',
    );
    const ended = performance.now();
    clearInterval(timer);
    expect(row?.total).toBe('4500001500000');
    const during = ticks.filter((at) => at > started && at < ended);
    // The event loop ran all along: the gaps between ticks stay far below the statement's time.
    expect(during.length).toBeGreaterThan(1);
    const gaps = during.slice(1).map((at, index) => at - (during[index] ?? at));
    expect(Math.max(...gaps)).toBeLessThan((ended - started) / 2);
  });

  it('refuses a second server on the same data folder until the first one has closed', async () => {
    const dataDir = newFolder();
    const first = await start(dataDir);
    await query(first, 'CREATE TABLE kept (id int)');
    // Same process, so the lock names this pid: another process's lock is refused below.
    writeFileSync(path.join(dataDir, DATA_FOLDER_LOCK_FILE), '1\n');
    await expect(startEmbeddedDatabase({ dataDir })).rejects.toThrow(
      /data folder .* is in use by process 1; stop it first/,
    );
    writeFileSync(path.join(dataDir, DATA_FOLDER_LOCK_FILE), `${process.pid}\n`);
    await first.close();
    opened.splice(opened.indexOf(first), 1);
    expect(() => readFileSync(path.join(dataDir, DATA_FOLDER_LOCK_FILE))).toThrow(/ENOENT/);

    const second = await start(dataDir);
    expect(await query(second, "SELECT to_regclass('kept')::text AS name")).toEqual([
      { name: 'kept' },
    ]);
  });

  it('takes over a lock left by a process that no longer runs', async () => {
    const dataDir = newFolder();
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
    writeFileSync(path.join(dataDir, DATA_FOLDER_LOCK_FILE), `${gone.stdout.toString()}\n`);
    const database = await start(dataDir);
    expect(await query(database, 'SELECT 1 AS one')).toEqual([{ one: 1 }]);
    expect(readFileSync(path.join(dataDir, DATA_FOLDER_LOCK_FILE), 'utf8')).toBe(
      `${process.pid}\n`,
    );
  });

  it('starts its thread again on the same data folder when it ends on its own', async () => {
    const dataDir = newFolder();
    const restarts: string[] = [];
    const database = await start(dataDir, () => restarts.push('restart'));
    await query(database, 'CREATE TABLE survived (id int); INSERT INTO survived VALUES (7)');
    const first = database.thread();
    await first.terminate();
    await expect
      .poll(() => database.thread() !== first, { timeout: 30_000, interval: 100 })
      .toBe(true);
    expect(restarts).toEqual(['restart']);
    expect(await query(database, 'SELECT id FROM survived')).toEqual([{ id: 7 }]);
  });
});
