import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/database.ts';
import { metricCountDeltas, metricCounts } from '../../db/schema.ts';

/**
 * The database figures the metrics show: SQL only. Whole-table figures come from the counts the
 * triggers of migration 0009_metric_counts keep, so a scrape reads a few dozen rows whatever the
 * size of the tables; the waiting callbacks are counted through their partial index.
 */

/** The `metric` names the triggers count under, each by status. */
export type CountedMetric = 'invoices' | 'callbacks' | 'callback_attempts';

export interface CallbackQueue {
  pending: number;
  due: number;
  inDelivery: number;
}

/** Exact counts: the folded totals plus the deltas not folded yet, read in one snapshot. */
export const readMetricCounts = async (
  db: Database,
): Promise<Map<CountedMetric, Map<string, number>>> => {
  const rows = await queryRows<{ metric: CountedMetric; label: string; value: number }>(
    db,
    sql`SELECT metric, label, sum(value)::float8 AS value FROM (
          SELECT ${metricCounts.metric} AS metric, ${metricCounts.label} AS label,
                 ${metricCounts.value} AS value FROM ${metricCounts}
          UNION ALL
          SELECT ${metricCountDeltas.metric}, ${metricCountDeltas.label}, ${metricCountDeltas.delta}
            FROM ${metricCountDeltas}
        ) AS counts
        GROUP BY metric, label`,
  );
  const counts = new Map<CountedMetric, Map<string, number>>();
  for (const { metric, label, value } of rows) {
    let byLabel = counts.get(metric);
    if (!byLabel) {
      byLabel = new Map();
      counts.set(metric, byLabel);
    }
    byLabel.set(label, Number(value));
  }
  return counts;
};

/** Deltas folded per run at most; a full run is followed by another at once. */
export const FOLD_BATCH = 10_000;

/**
 * Moves up to FOLD_BATCH deltas into the totals in one statement (so a reader sees them in one
 * place or the other, never both or neither). Rows another instance is folding are skipped.
 * Answers how many were folded.
 */
export const foldMetricCountDeltas = async (db: Database): Promise<number> => {
  const [row] = await queryRows<{ folded: number }>(
    db,
    sql`WITH folded AS (
          DELETE FROM ${metricCountDeltas}
           WHERE ${metricCountDeltas.id} IN (
             SELECT ${metricCountDeltas.id} FROM ${metricCountDeltas}
              ORDER BY ${metricCountDeltas.id} LIMIT ${FOLD_BATCH} FOR UPDATE SKIP LOCKED)
          RETURNING metric, label, delta
        ), sums AS (
          SELECT metric, label, sum(delta) AS delta FROM folded GROUP BY metric, label
        ), upserted AS (
          INSERT INTO ${metricCounts} (metric, label, value)
          SELECT metric, label, delta FROM sums
          ON CONFLICT (metric, label) DO UPDATE SET value = ${metricCounts.value} + excluded.value
        )
        SELECT count(*)::int AS folded FROM folded`,
  );
  return row?.folded ?? 0;
};

/** The callbacks still to deliver: all, due now, and claimed by a delivery in progress. */
export const readCallbackQueue = async (db: Database): Promise<CallbackQueue | undefined> => {
  const [row] = await queryRows<CallbackQueue>(
    db,
    // The status condition matches callbacks_due_idx, so only waiting rows are visited.
    sql`SELECT
          count(*)::int AS "pending",
          count(*) FILTER (WHERE next_attempt_at <= now())::int AS "due",
          count(*) FILTER (WHERE claimed_until > now())::int AS "inDelivery"
        FROM callbacks WHERE status = 'PENDING'`,
  );
  return row;
};
