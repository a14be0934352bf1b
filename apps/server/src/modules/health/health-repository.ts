import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';

/** Whether the database answers `select 1`: false on any failure, never throws. */
export const databaseAnswers = (db: Database): Promise<boolean> =>
  db.execute(sql`select 1`).then(
    () => true,
    () => false,
  );
