import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { Database } from '../database.ts';

/**
 * Statements that make the schema (they already ran when the test database was migrated) and
 * table locks (which hold only inside the migration's transaction).
 */
const SCHEMA_STATEMENT = /^(ALTER TABLE|CREATE |LOCK TABLE)/m;

/** The data statements of a migration file under drizzle/ (its schema statements left out). */
const dataStatementsOf = (file: string) =>
  readFileSync(new URL(`../../../drizzle/${file}`, import.meta.url), 'utf8')
    .split('--> statement-breakpoint')
    .map((statement) => statement.trim())
    .filter((statement) => statement !== '' && !SCHEMA_STATEMENT.test(statement));

/**
 * Runs a migration's data statements again on a migrated test database, over data a test wrote
 * the way the code before that migration could leave it.
 */
export const runMigrationDataStatements = async (db: Database, file: string): Promise<void> => {
  for (const statement of dataStatementsOf(file)) await db.execute(sql.raw(statement));
};
