import { and, count, desc, eq, gte, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { eventLog, merchants, people } from '../../db/schema.ts';

/**
 * The audit log (issue 22 item 5): event-log rows of people's actions outside invoices (sign-ins,
 * users, roles, sessions, merchants, terminals, accounts). Invoice events have their own place,
 * the invoice's event log. SQL only.
 */

export interface AuditLogFilters {
  /** Rows of this merchant only (a merchant's own staff). */
  merchantId?: number;
  /** Part of the acting person's username, any letter case. */
  actor?: string;
  eventCode?: string;
  /** From this instant (inclusive) to that one (exclusive). */
  from?: Date;
  to?: Date;
  /** Rows written before this one (keyset paging of the export: new rows do not shift it). */
  beforeId?: number;
}

export interface AuditLogRow {
  id: number;
  time: Date;
  eventCode: string;
  description: string;
  actorId: number | null;
  actorUsername: string | null;
  merchantId: number | null;
  merchantName: string | null;
  entityType: string | null;
  entityId: string | null;
  sourceIp: string | null;
  details: unknown;
}

const whereOf = (filters: AuditLogFilters): SQL | undefined => {
  const pattern = filters.actor
    ? `%${filters.actor.replace(/[\\%_]/g, (char) => `\\${char}`)}%`
    : undefined;
  return and(
    isNull(eventLog.invoiceId),
    filters.merchantId === undefined ? undefined : eq(eventLog.merchantId, filters.merchantId),
    filters.eventCode === undefined ? undefined : eq(eventLog.eventCode, filters.eventCode),
    filters.from === undefined ? undefined : gte(eventLog.eventTime, filters.from),
    filters.to === undefined ? undefined : lt(eventLog.eventTime, filters.to),
    pattern === undefined ? undefined : sql`${people.username} ilike ${pattern}`,
    filters.beforeId === undefined ? undefined : lt(eventLog.id, filters.beforeId),
  );
};

const columns = {
  id: eventLog.id,
  time: eventLog.eventTime,
  eventCode: eventLog.eventCode,
  description: eventLog.description,
  actorId: eventLog.personId,
  actorUsername: people.username,
  merchantId: eventLog.merchantId,
  merchantName: merchants.name,
  entityType: eventLog.entityType,
  entityId: eventLog.entityId,
  sourceIp: eventLog.sourceIp,
  details: eventLog.details,
};

/** A page of rows, the last written first (ids follow the order rows were written in). */
export const selectAuditLogPage = (
  db: Database,
  filters: AuditLogFilters,
  { limit, offset }: { limit: number; offset: number },
): Promise<AuditLogRow[]> =>
  db
    .select(columns)
    .from(eventLog)
    .leftJoin(people, eq(people.id, eventLog.personId))
    .leftJoin(merchants, eq(merchants.id, eventLog.merchantId))
    .where(whereOf(filters))
    .orderBy(desc(eventLog.id))
    .limit(limit)
    .offset(offset);

export const countAuditLog = async (db: Database, filters: AuditLogFilters): Promise<number> => {
  const [row] = await db
    .select({ total: count() })
    .from(eventLog)
    .leftJoin(people, eq(people.id, eventLog.personId))
    .where(whereOf(filters));
  return row?.total ?? 0;
};

/** The kinds of event the log holds (for the filter), alphabetical. */
export const selectAuditEventCodes = async (
  db: Database,
  merchantId: number | undefined,
): Promise<string[]> => {
  const rows = await db
    .selectDistinct({ eventCode: eventLog.eventCode })
    .from(eventLog)
    .where(
      and(
        isNull(eventLog.invoiceId),
        merchantId === undefined ? undefined : eq(eventLog.merchantId, merchantId),
      ),
    )
    .orderBy(eventLog.eventCode);
  return rows.map(({ eventCode }) => eventCode);
};
