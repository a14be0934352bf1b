import { lt, sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/database.ts';
import { liveEvents } from '../../db/schema.ts';

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

/** The position after the last finished row: where a reader starts that wants only what is new. */
export const readLiveEventHead = async (db: Database): Promise<LiveEventCursor> => {
  const [row] = await queryRows<{ tx_id: string | null; id: string | number | null }>(
    db,
    sql`SELECT tx_id::text AS tx_id, id FROM ${liveEvents} WHERE ${FINISHED}
         ORDER BY tx_id DESC, id DESC LIMIT 1`,
  );
  return row?.tx_id ? { txId: BigInt(row.tx_id), id: Number(row.id) } : { txId: 0n, id: 0 };
};

/** Whether the row a cursor names is still kept: a reader can continue exactly after it. */
export const liveEventIsKept = async (db: Database, cursor: LiveEventCursor): Promise<boolean> => {
  const rows = await queryRows<{ found: number }>(
    db,
    sql`SELECT 1 AS found FROM ${liveEvents}
         WHERE ${liveEvents.txId} = ${cursor.txId.toString()}::bigint AND ${liveEvents.id} = ${cursor.id}`,
  );
  return rows.length > 0;
};

export const deleteLiveEventsBefore = async (db: Database, before: Date): Promise<number> => {
  const deleted = await db
    .delete(liveEvents)
    .where(lt(liveEvents.createdAt, before))
    .returning({ id: liveEvents.id });
  return deleted.length;
};
