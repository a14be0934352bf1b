import { randomBytes } from 'node:crypto';
import pg from 'pg';

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

/**
 * A new PostgreSQL database next to `adminUrl`'s, and its URL: empty, or a copy of `template`
 * (a database nobody is connected to).
 */
export const createEmptyTestDatabase = async (
  adminUrl: string,
  prefix = 'paygate_test',
  template?: string,
): Promise<{ name: string; url: URL }> => {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { name, url };
};
