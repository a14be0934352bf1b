import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../database.ts';
import { createEmptyTestDatabase, dropTestDatabase } from './postgres-databases.ts';

/**
 * The databases the integration suite runs on: always an in-memory PGlite, and a real
 * PostgreSQL when TEST_DATABASE_URL points at one (the test command sets it up).
 */
export const TEST_DATABASE_KINDS: Array<'pglite' | 'postgres'> = process.env.TEST_DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite'];

let pgliteTemplate: Uint8Array | undefined;
/** The migrated PGlite data folder of the global setup, read once per worker. */
const migratedPgliteTemplate = (): Uint8Array => {
  if (!pgliteTemplate) {
    const file = inject('pgliteTemplateFile');
    if (!file) throw new Error('no PGlite template: is the global setup in vitest.config.ts?');
    pgliteTemplate = new Uint8Array(readFileSync(file));
  }
  return pgliteTemplate;
};

/**
 * A fresh, migrated database of the given kind, copied from the global setup's migrated
 * template (migrated-templates.global-setup.ts). On PostgreSQL each call creates its own
 * database (dropped on close) so test files never see each other's rows.
 */
export const openTestDatabase = async (kind: 'pglite' | 'postgres'): Promise<DatabaseHandle> => {
  if (kind === 'pglite') {
    return openDatabase({ kind: 'pglite', loadDataDir: migratedPgliteTemplate() });
  }

  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const template = inject('postgresTemplateDatabase');
  if (!template)
    throw new Error('no PostgreSQL template: is the global setup in vitest.config.ts?');
  const { name, url } = await createEmptyTestDatabase(adminUrl, 'paygate_test', template);
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
