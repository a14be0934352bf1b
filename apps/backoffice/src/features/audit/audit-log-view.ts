import type { AuditLogCsvQuery, AuditLogQuery } from '@paygate/api';
import { parseReportPeriodDate } from '@paygate/domain';
import { type ListViewChange, readPaging } from '../layout/list-view.ts';

/**
 * The audit log's view as the URL holds it (so Back and a shared link return to it):
 * `page` (1-based), `size`, `actor` (part of a username), `kind` (an event code) and `from` / `to`
 * (yyyy-MM-dd, UTC days, both inclusive as the screen shows them).
 */
export interface AuditLogView {
  page: number;
  size: number;
  actor: string;
  kind: string;
  from: string;
  to: string;
}

export type AuditViewKey = keyof AuditLogView;
export type AuditViewChange = ListViewChange<AuditViewKey>;

/** The filters of the view, the keys a filter change resets the page for. */
export const AUDIT_FILTER_KEYS = ['actor', 'kind', 'from', 'to'] as const;

/** The server's limits on the filters (GET /api/v1/audit): longer or other values are refused. */
export const ACTOR_MAX_LENGTH = 100;
const EVENT_CODE_SHAPE = /^[A-Z][A-Z0-9_]{0,63}$/;

const DAY_MS = 24 * 60 * 60 * 1000;

/** A yyyy-MM-dd date of the URL, or '' when it is missing or not a real date. */
const dateParam = (value: string | null): string => {
  const text = value?.trim() ?? '';
  return parseReportPeriodDate(text) ? text : '';
};

export const readAuditLogView = (params: URLSearchParams): AuditLogView => {
  const kind = params.get('kind')?.trim() ?? '';
  return {
    ...readPaging(params),
    actor: (params.get('actor')?.trim() ?? '').slice(0, ACTOR_MAX_LENGTH),
    kind: EVENT_CODE_SHAPE.test(kind) ? kind : '',
    from: dateParam(params.get('from')),
    to: dateParam(params.get('to')),
  };
};

/** Start of the UTC day of a yyyy-MM-dd date as an ISO instant; undefined when not a date. */
export const startOfUtcDay = (date: string): string | undefined =>
  parseReportPeriodDate(date)?.toISOString();

/** Start of the UTC day after a yyyy-MM-dd date: the exclusive end of an inclusive "to" date. */
export const startOfNextUtcDay = (date: string): string | undefined => {
  const day = parseReportPeriodDate(date);
  return day ? new Date(day.getTime() + DAY_MS).toISOString() : undefined;
};

/** Whether the "from" date comes after the "to" date (then nothing can match). */
export const isReversedRange = ({ from, to }: Pick<AuditLogView, 'from' | 'to'>): boolean =>
  from !== '' && to !== '' && from > to;

/**
 * The filters as the API takes them (GET /api/v1/audit and /csv): the actor and the event code
 * as they are, `from` the start of the from date and `to` the start of the day after the to date
 * (the server's `to` is exclusive). Only the filters in force are present.
 */
export const auditFiltersOf = (view: AuditLogView): AuditLogCsvQuery => {
  const from = startOfUtcDay(view.from);
  const to = startOfNextUtcDay(view.to);
  return {
    ...(view.actor ? { actor: view.actor } : {}),
    ...(view.kind ? { eventCode: view.kind } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
  };
};

/** The list query of the view: the API's page is 0-based. */
export const auditQueryOf = (view: AuditLogView): AuditLogQuery => ({
  page: view.page - 1,
  size: view.size,
  ...auditFiltersOf(view),
});

export const hasAuditFilters = (view: AuditLogView): boolean =>
  AUDIT_FILTER_KEYS.some((key) => view[key] !== '');
