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

/**
 * Sends `request` while another transaction has written (`write`) and not committed yet: the
 * request's own checks cannot see that row. The other transaction commits once the request waits
 * for a lock in a statement mentioning `waitsOn` (its write queued on the same unique index), or
 * has answered. Gives the request's answer and what `write` returned.
 */
export const whileUncommitted = async <Written, Answer>(
  db: Database,
  write: (tx: Database) => Promise<Written>,
  request: () => Promise<Answer>,
  waitsOn: string,
): Promise<{ answer: Answer; written: Written }> => {
  let commit: () => void = () => {};
  const committing = new Promise<void>((resolve) => {
    commit = resolve;
  });
  let wrote: () => void = () => {};
  const isWritten = new Promise<void>((resolve) => {
    wrote = resolve;
  });
  const other = db.transaction(async (tx) => {
    const written = await write(tx);
    wrote();
    await committing;
    return written;
  });
  await Promise.race([isWritten, other]);
  let answered = false;
  const answering = request().finally(() => {
    answered = true;
  });
  while (!answered && (await lockWaitCount(db, waitsOn)) === 0) {
    await new Promise((resolve) => setImmediate(resolve));
  }
  commit();
  const written = await other;
  return { answer: await answering, written };
};
