import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../db/database.ts';

/**
 * How many sessions of this PostgreSQL database wait for a lock, only those running a statement
 * that mentions `queryMentions` when given: race tests poll it to know the request they started
 * is queued behind the transaction they hold, instead of sleeping.
 */
export const lockWaitCount = async (db: Database, queryMentions?: string): Promise<number> => {
  const [row] = await queryRows<{ waiting: number }>(
    db,
    sql`SELECT count(*)::int AS waiting FROM pg_stat_activity
         WHERE datname = current_database() AND wait_event_type = 'Lock'
           ${queryMentions === undefined ? sql`` : sql`AND query LIKE ${`%${queryMentions}%`}`}`,
  );
  return row?.waiting ?? 0;
};
