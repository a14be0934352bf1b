import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/database.ts';

/** The database figures the metrics show: SQL only (whole-table counts, read per scrape). */

export interface CallbackFigures {
  pending: number;
  due: number;
  inDelivery: number;
  sent: number;
  failed: number;
  failedAttempts: number;
}

/** Invoices by status. */
export const invoiceCountsByStatus = (db: Database) =>
  queryRows<{ status: string; count: number }>(
    db,
    sql`SELECT status, count(*)::int AS count FROM invoices GROUP BY status`,
  );

/** The callback outbox: waiting, due, claimed, and final outcomes. */
export const callbackFigures = async (db: Database): Promise<CallbackFigures | undefined> => {
  const [row] = await queryRows<CallbackFigures>(
    db,
    sql`SELECT
          count(*) FILTER (WHERE status = 'PENDING')::int AS "pending",
          count(*) FILTER (WHERE status = 'PENDING' AND next_attempt_at <= now())::int AS "due",
          count(*) FILTER (WHERE status = 'PENDING' AND claimed_until > now())::int AS "inDelivery",
          count(*) FILTER (WHERE status = 'SENT')::int AS "sent",
          count(*) FILTER (WHERE status = 'FAILED')::int AS "failed",
          -- Every attempt but the successful last one of a SENT callback failed.
          (coalesce(sum(attempts), 0) - count(*) FILTER (WHERE status = 'SENT'))::int
            AS "failedAttempts"
        FROM callbacks`,
  );
  return row;
};
