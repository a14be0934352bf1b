import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';
import { errorResponseSchema } from '../../http/error-handler.ts';
import { dataEnvelope, pageEnvelope } from '../../http/response-envelope.ts';
import { requirePerson } from '../auth/auth-entry.ts';
import { type CsvColumn, sendCsv } from '../reports/reports-entry.ts';
import type { AuditLogRow } from './audit-log-repository.ts';
import {
  type AuditLogQuery,
  auditEventCodes,
  auditLogRows,
  readAuditLog,
} from './audit-log-service.ts';

const filterProperties = {
  actor: { type: 'string', maxLength: 100, description: 'Part of the acting username' },
  eventCode: { type: 'string', pattern: '^[A-Z][A-Z0-9_]{0,63}$' },
  from: { type: 'string', format: 'date-time', description: 'From this instant (inclusive)' },
  to: { type: 'string', format: 'date-time', description: 'Until this instant (exclusive)' },
} as const;

const listQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    page: { type: 'integer', minimum: 0, maximum: 1_000_000, default: 0 },
    size: { type: 'integer', minimum: 1, maximum: 200, default: 50 },
    ...filterProperties,
  },
} as const;

const csvQuery = {
  type: 'object',
  additionalProperties: false,
  properties: filterProperties,
} as const;

const auditRowSchema = {
  type: 'object',
  required: [
    'id',
    'time',
    'eventCode',
    'description',
    'actor',
    'merchantId',
    'merchantName',
    'entityType',
    'entityId',
    'sourceIp',
    'details',
  ],
  additionalProperties: false,
  properties: {
    id: { type: 'integer' },
    time: { type: 'string', format: 'date-time' },
    eventCode: { type: 'string' },
    description: { type: 'string' },
    /** Who did it; null for what nobody signed in did (a failed sign-in, a job). */
    actor: {
      anyOf: [
        {
          type: 'object',
          required: ['id', 'username'],
          additionalProperties: false,
          properties: { id: { type: 'integer' }, username: { type: 'string' } },
        },
        { type: 'null' },
      ],
    },
    merchantId: { type: ['integer', 'null'] },
    merchantName: { type: ['string', 'null'] },
    entityType: { type: ['string', 'null'] },
    entityId: { type: ['string', 'null'] },
    sourceIp: { type: ['string', 'null'] },
    /** What changed, e.g. `{ "roles": { "from": [...], "to": [...] } }`. */
    details: { type: ['object', 'null'], additionalProperties: true },
  },
} as const;

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };
const READ_AUDIT = { access: { permissions: ['audit.read'] } } as const;

const AUDIT_COLUMNS: CsvColumn<AuditLogRow>[] = [
  { header: 'Time', kind: 'date', value: (row) => row.time.toISOString() },
  { header: 'Event', kind: 'code', value: (row) => row.eventCode },
  { header: 'Description', kind: 'text', value: (row) => row.description },
  { header: 'Actor', kind: 'text', value: (row) => row.actorUsername },
  { header: 'Merchant', kind: 'text', value: (row) => row.merchantName },
  { header: 'Entity', kind: 'code', value: (row) => row.entityType },
  { header: 'Entity id', kind: 'text', value: (row) => row.entityId },
  { header: 'IP', kind: 'text', value: (row) => row.sourceIp },
  {
    header: 'Details',
    kind: 'text',
    value: (row) => (row.details ? JSON.stringify(row.details) : null),
  },
];

/**
 * The audit log (issue 22 item 5, decision 0019): GET /api/v1/audit (paged, newest first),
 * GET /api/v1/audit/csv (the same filters, up to AUDIT_CSV_MAX_ROWS rows) and
 * GET /api/v1/audit/event-codes (the kinds to filter by).
 */
export const auditLogRoutes = async (app: FastifyInstance, { db }: { db: Database }) => {
  app.get<{ Querystring: AuditLogQuery }>(
    '/api/v1/audit',
    {
      config: READ_AUDIT,
      schema: {
        tags: ['staff'],
        operationId: 'listAuditLog',
        summary: 'Audit log: people’s actions outside invoices, the last first',
        querystring: listQuery,
        response: {
          200: pageEnvelope(auditRowSchema),
          ...errors,
        },
      },
    },
    async (request) => ({
      data: await readAuditLog(db, requirePerson(request.person), request.query),
    }),
  );

  app.get<{ Querystring: Omit<AuditLogQuery, 'page' | 'size'> }>(
    '/api/v1/audit/csv',
    {
      config: READ_AUDIT,
      schema: {
        tags: ['staff'],
        operationId: 'exportAuditLogCsv',
        summary: 'The audit log rows of the filters as CSV (Audit.csv)',
        querystring: csvQuery,
        response: {
          200: { description: 'CSV file', content: { 'text/csv': { schema: { type: 'string' } } } },
          ...errors,
        },
      },
    },
    async (request, reply) =>
      sendCsv(
        reply,
        'Audit.csv',
        AUDIT_COLUMNS,
        auditLogRows(db, requirePerson(request.person), request.query),
      ),
  );

  app.get(
    '/api/v1/audit/event-codes',
    {
      config: READ_AUDIT,
      schema: {
        tags: ['staff'],
        operationId: 'listAuditEventCodes',
        summary: 'The kinds of event the audit log holds, alphabetical',
        response: { 200: dataEnvelope({ type: 'array', items: { type: 'string' } }), ...errors },
      },
    },
    async (request) => ({ data: await auditEventCodes(db, requirePerson(request.person)) }),
  );
};
