import { lt, sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/database.ts';
import { liveEventPruneMark, liveEvents } from '../../db/schema.ts';

/** Where a reader stands: the (transaction, row) order of live_events. */
export interface LiveEventCursor {
  txId: bigint;
  id: number;
}

export interface LiveEventRow extends LiveEventCursor {
  type: string;
  merchantId: number;
  invoiceId: string | null;
  terminalId: number | null;
  data: Record<string, unknown>;
  createdAt: Date;
}

export interface NewLiveEvent {
  type: string;
  merchantId: number;
  invoiceId?: string | null;
  terminalId?: number | null;
  data: Record<string, unknown>;
}

export const insertLiveEvent = async (tx: Database, event: NewLiveEvent): Promise<void> => {
  await tx.insert(liveEvents).values({
    type: event.type,
    merchantId: event.merchantId,
    invoiceId: event.invoiceId ?? null,
    terminalId: event.terminalId ?? null,
    data: event.data,
  });
};

interface RawRow {
  id: string | number;
  tx_id: string;
  type: string;
  merchant_id: number;
  invoice_id: string | null;
  terminal_id: number | null;
  data: Record<string, unknown>;
  created_at: Date | string;
}

const toRow = (raw: RawRow): LiveEventRow => ({
  id: Number(raw.id),
  txId: BigInt(raw.tx_id),
  type: raw.type,
  merchantId: raw.merchant_id,
  invoiceId: raw.invoice_id,
  terminalId: raw.terminal_id,
  data: raw.data,
  createdAt: new Date(raw.created_at),
});

/**
 * Every transaction older than the oldest one still running has finished: its rows are all
 * visible now or never will be. Reading only below that horizon, in (tx_id, id) order, means a
 * reader never steps past a row that commits later.
 */
const FINISHED = sql`${liveEvents.txId} < pg_snapshot_xmin(pg_current_snapshot())::text::bigint`;

/** Rows after `cursor` (all rows without one), oldest first, up to `limit`. */
export const readLiveEventsAfter = async (
  db: Database,
  cursor: LiveEventCursor | null,
  limit: number,
): Promise<LiveEventRow[]> => {
  const after = cursor
    ? sql`AND (${liveEvents.txId}, ${liveEvents.id}) > (${cursor.txId.toString()}::bigint, ${cursor.id})`
    : sql``;
  const rows = await queryRows<RawRow>(
    db,
    sql`SELECT id, tx_id::text AS tx_id, type, merchant_id, invoice_id, terminal_id, data, created_at
          FROM ${liveEvents} WHERE ${FINISHED} ${after}
         ORDER BY tx_id, id LIMIT ${limit}`,
  );
  return rows.map(toRow);
};

/**
 * Where a reader starts that wants only what is new: every row of a finished transaction is at or
 * before it, every row still to come after it (its transaction is running or yet to start, so
 * its id is at least the horizon).
 */
export const readLiveEventHead = async (db: Database): Promise<LiveEventCursor> => {
  const [row] = await queryRows<{ horizon: string }>(
    db,
    sql`SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS horizon`,
  );
  return { txId: BigInt(row?.horizon ?? '0'), id: 0 };
};

/**
 * Whether a reader at `cursor` can continue exactly: no row after it has been pruned (it is at or
 * after the newest pruned position).
 */
export const nothingPrunedAfter = async (
  db: Database,
  cursor: LiveEventCursor,
): Promise<boolean> => {
  const rows = await queryRows<{ tx_id: string; row_id: string | number }>(
    db,
    sql`SELECT tx_id::text AS tx_id, row_id FROM ${liveEventPruneMark} WHERE id = 1`,
  );
  const mark = rows[0];
  if (!mark) return true;
  const markTx = BigInt(mark.tx_id);
  return cursor.txId === markTx ? cursor.id >= Number(mark.row_id) : cursor.txId > markTx;
};

/**
 * Deletes rows older than `before` and moves the prune mark to the newest of them, in one
 * transaction: a reader never sees rows gone without the mark saying so.
 */
export const deleteLiveEventsBefore = (db: Database, before: Date): Promise<number> =>
  db.transaction(async (tx) => {
    const [pruned] = await queryRows<{
      count: number;
      tx_id: string | null;
      row_id: string | null;
    }>(
      tx,
      sql`WITH gone AS (
            DELETE FROM ${liveEvents} WHERE ${lt(liveEvents.createdAt, before)}
            RETURNING tx_id, id
          ), newest AS (
            SELECT tx_id, id FROM gone ORDER BY tx_id DESC, id DESC LIMIT 1
          )
          SELECT (SELECT count(*) FROM gone)::int AS count,
                 (SELECT tx_id::text FROM newest) AS tx_id,
                 (SELECT id::text FROM newest) AS row_id`,
    );
    if (pruned?.tx_id && pruned.row_id) {
      await tx.execute(sql`
        INSERT INTO ${liveEventPruneMark} (id, tx_id, row_id)
        VALUES (1, ${pruned.tx_id}::bigint, ${pruned.row_id}::bigint)
        ON CONFLICT (id) DO UPDATE SET tx_id = excluded.tx_id, row_id = excluded.row_id
         WHERE (${liveEventPruneMark.txId}, ${liveEventPruneMark.rowId})
             < (excluded.tx_id, excluded.row_id)`);
    }
    return pruned?.count ?? 0;
  });
