import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/database.ts';
import {
  alerts,
  referenceItems,
  terminalAttributes,
  terminals,
  webhookEndpoints,
} from '../../db/schema.ts';

export type AlertKind = (typeof alerts.kind.enumValues)[number];

export interface AlertRecord {
  id: number;
  kind: AlertKind;
  merchantId: number;
  subjectId: number;
  details: Record<string, unknown>;
  openedAt: Date;
  closedAt: Date | null;
}

/** Enabled terminals with their alert attributes (code → value). */
export const readTerminalsWithAlertAttributes = async (db: Database, codes: readonly string[]) => {
  const rows = await db
    .select({
      id: terminals.id,
      merchantId: terminals.merchantId,
      name: terminals.name,
      code: referenceItems.code,
      value: terminalAttributes.value,
    })
    .from(terminals)
    .leftJoin(terminalAttributes, eq(terminalAttributes.terminalId, terminals.id))
    .leftJoin(
      referenceItems,
      and(
        eq(referenceItems.id, terminalAttributes.attributeTypeId),
        inArray(referenceItems.code, [...codes]),
      ),
    )
    .where(eq(terminals.enabled, true));
  const byTerminal = new Map<
    number,
    { id: number; merchantId: number; name: string; attributes: Map<string, string> }
  >();
  for (const row of rows) {
    const terminal = byTerminal.get(row.id) ?? {
      id: row.id,
      merchantId: row.merchantId,
      name: row.name,
      attributes: new Map<string, string>(),
    };
    if (row.code && row.value !== null) terminal.attributes.set(row.code, row.value);
    byTerminal.set(row.id, terminal);
  }
  return [...byTerminal.values()];
};

/**
 * DONE and DECLINED payments that ended within each terminal's window. The status-date index
 * bounds the scan to the longest window.
 */
export const countRecentOutcomes = async (
  db: Database,
  windows: ReadonlyArray<{ terminalId: number; windowMinutes: number }>,
): Promise<Map<number, { done: number; attempts: number }>> => {
  if (windows.length === 0) return new Map();
  const longest = Math.max(...windows.map((window) => window.windowMinutes));
  const rows = await queryRows<{ terminal_id: number; done: number; attempts: number }>(
    db,
    sql`SELECT w.terminal_id, count(*) FILTER (WHERE i.status = 'DONE')::int AS done, count(*)::int AS attempts
          FROM unnest(${`{${windows.map((w) => w.terminalId).join(',')}}`}::int[],
                      ${`{${windows.map((w) => w.windowMinutes).join(',')}}`}::int[])
               AS w(terminal_id, window_minutes)
          JOIN invoices i ON i.terminal_id = w.terminal_id
         WHERE i.status IN ('DONE', 'DECLINED')
           AND i.status_date > now() - make_interval(mins => ${longest}::int)
           AND i.status_date > now() - make_interval(mins => w.window_minutes)
         GROUP BY w.terminal_id`,
  );
  return new Map(rows.map((row) => [row.terminal_id, { done: row.done, attempts: row.attempts }]));
};

export const readOpenAlerts = async (db: Database, kind: AlertKind): Promise<AlertRecord[]> =>
  (await db
    .select()
    .from(alerts)
    .where(and(eq(alerts.kind, kind), isNull(alerts.closedAt)))) as AlertRecord[];

/** Opens an alert unless one is open for the subject; answers it only when this call opened it. */
export const openAlert = async (
  tx: Database,
  alert: {
    kind: AlertKind;
    merchantId: number;
    subjectId: number;
    details: Record<string, unknown>;
  },
): Promise<AlertRecord | null> => {
  const [opened] = await tx
    .insert(alerts)
    .values(alert)
    .onConflictDoNothing({
      target: [alerts.kind, alerts.subjectId],
      where: isNull(alerts.closedAt),
    })
    .returning();
  return (opened as AlertRecord | undefined) ?? null;
};

/** Closes an open alert; answers it only when this call closed it. */
export const closeAlert = async (
  tx: Database,
  alertId: number,
  closing: Record<string, unknown>,
): Promise<AlertRecord | null> => {
  const [closed] = await tx
    .update(alerts)
    .set({
      closedAt: sql`now()`,
      details: sql`${alerts.details} || ${JSON.stringify({ closing })}::jsonb`,
    })
    .where(and(eq(alerts.id, alertId), isNull(alerts.closedAt)))
    .returning();
  return (closed as AlertRecord | undefined) ?? null;
};

/**
 * Endpoints, when their current run of failures began (null: not failing) and for how long it
 * has run by the database's clock, the one that wrote its start: instances whose own clocks
 * differ would otherwise open and close the same alert in turn.
 */
export const readEndpointHealth = (db: Database) =>
  db
    .select({
      id: webhookEndpoints.id,
      merchantId: webhookEndpoints.merchantId,
      url: webhookEndpoints.url,
      enabled: webhookEndpoints.enabled,
      failingSince: webhookEndpoints.failingSince,
      failingMs: sql<
        number | null
      >`(extract(epoch from now() - ${webhookEndpoints.failingSince}) * 1000)::double precision`,
    })
    .from(webhookEndpoints);
