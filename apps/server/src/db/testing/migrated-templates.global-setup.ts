import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../database.ts';
import { createEmptyTestDatabase, dropTestDatabase } from './postgres-databases.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite data folder (dumpDataDir tarball) every in-memory test database loads. */
    pgliteTemplateFile: string;
    /** A migrated PostgreSQL database every PostgreSQL test database is created from, or ''. */
    postgresTemplateDatabase: string;
  }
}

/**
 * Vitest global setup of the server suite: migrates one PGlite and one PostgreSQL database
 * before any test file runs. Each file's database is then a copy (PGlite `loadDataDir`,
 * PostgreSQL `CREATE DATABASE … TEMPLATE`) instead of initdb plus every migration, which took
 * seconds per file and minutes on a busy machine. The migrations themselves stay tested by
 * database.test.ts, which opens fresh databases.
 */
export default async function setup(project: TestProject) {
  const folder = mkdtempSync(path.join(tmpdir(), 'paygate-test-template-'));
  const pgliteTemplateFile = path.join(folder, 'pglite-migrated.tar');
  const pglite = await openDatabase({ kind: 'pglite' });
  try {
    if (!pglite.embedded) throw new Error('an embedded database has a dump');
    writeFileSync(pgliteTemplateFile, await pglite.embedded.dump());
  } finally {
    await pglite.close();
  }
  project.provide('pgliteTemplateFile', pgliteTemplateFile);

  const adminUrl = process.env.TEST_DATABASE_URL;
  let postgresTemplate = '';
  if (adminUrl) {
    const { name, url } = await createEmptyTestDatabase(adminUrl, 'paygate_template');
    postgresTemplate = name;
    const migrated = await openDatabase({ kind: 'postgres', url: url.toString() });
    // A template must have no connections when it is copied.
    await migrated.close();
  }
  project.provide('postgresTemplateDatabase', postgresTemplate);

  return async () => {
    rmSync(folder, { recursive: true, force: true });
    if (adminUrl && postgresTemplate) await dropTestDatabase(adminUrl, postgresTemplate);
  };
}
