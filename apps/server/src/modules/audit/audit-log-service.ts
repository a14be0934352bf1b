import type { Database } from '../../db/database.ts';
import type { AuthenticatedPerson } from '../auth/auth-entry.ts';
import {
  type AuditLogFilters,
  type AuditLogRow,
  countAuditLog,
  selectAuditEventCodes,
  selectAuditLogPage,
} from './audit-log-repository.ts';

/**
 * Who reads which audit rows (decision 0019): platform staff with audit.read read every row; a
 * merchant's user with audit.read reads their merchant's rows only.
 */

/** The most rows one CSV export holds; narrow the filters for more. */
export const AUDIT_CSV_MAX_ROWS = 100_000;

export interface AuditLogQuery {
  page: number;
  size: number;
  actor?: string;
  eventCode?: string;
  from?: string;
  to?: string;
}

const scopedFilters = (
  reader: AuthenticatedPerson,
  query: Omit<AuditLogQuery, 'page' | 'size'>,
) => {
  const filters: AuditLogFilters = {};
  if (reader.merchantId !== null) filters.merchantId = reader.merchantId;
  const actor = query.actor?.trim();
  if (actor) filters.actor = actor;
  if (query.eventCode) filters.eventCode = query.eventCode;
  if (query.from) filters.from = new Date(query.from);
  if (query.to) filters.to = new Date(query.to);
  return filters;
};

export const presentAuditRow = (row: AuditLogRow) => ({
  id: row.id,
  time: row.time.toISOString(),
  eventCode: row.eventCode,
  description: row.description,
  actor: row.actorId === null ? null : { id: row.actorId, username: row.actorUsername ?? '' },
  merchantId: row.merchantId,
  merchantName: row.merchantName,
  entityType: row.entityType,
  entityId: row.entityId,
  sourceIp: row.sourceIp,
  details: row.details ?? null,
});

export const readAuditLog = async (
  db: Database,
  reader: AuthenticatedPerson,
  query: AuditLogQuery,
) => {
  const filters = scopedFilters(reader, query);
  const rows = await selectAuditLogPage(db, filters, {
    limit: query.size,
    offset: query.page * query.size,
  });
  return {
    items: rows.map(presentAuditRow),
    page: query.page,
    size: query.size,
    total: await countAuditLog(db, filters),
  };
};

/** Every row the filters select, newest first, a page at a time (for the CSV export). */
export async function* auditLogRows(
  db: Database,
  reader: AuthenticatedPerson,
  query: Omit<AuditLogQuery, 'page' | 'size'>,
): AsyncGenerator<AuditLogRow> {
  const filters = scopedFilters(reader, query);
  const pageSize = 2_000;
  let sent = 0;
  while (sent < AUDIT_CSV_MAX_ROWS) {
    const rows = await selectAuditLogPage(db, filters, {
      limit: Math.min(pageSize, AUDIT_CSV_MAX_ROWS - sent),
      offset: 0,
    });
    yield* rows;
    sent += rows.length;
    const last = rows.at(-1);
    if (!last || rows.length < pageSize) return;
    filters.beforeId = last.id;
  }
}

export const auditEventCodes = (db: Database, reader: AuthenticatedPerson) =>
  selectAuditEventCodes(db, reader.merchantId ?? undefined);
