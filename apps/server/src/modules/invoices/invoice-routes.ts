import { and, count, eq, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type Database, queryRows } from '../../db/database.ts';
import { invoices } from '../../db/schema.ts';
import { errorResponseSchema } from '../../http/error-handler.ts';
import { notFound } from '../../http/http-errors.ts';
import { dataEnvelope } from '../../http/response-envelope.ts';
import { requirePerson } from '../auth/authenticated-person.ts';
import { merchantScopeOf, scopeAllows } from '../merchants/merchant-scope.ts';
import {
  type InvoiceListQuery,
  invoiceListConditions,
  invoiceListQuerySchema,
} from './invoice-list-filters.ts';
import {
  invoiceSchema,
  presentInvoice,
  selectInvoicePage,
  selectInvoiceRows,
} from './invoice-presenter.ts';

/** Up to this many matching invoices the total is exact (docs/performance.md, count strategy). */
const EXACT_TOTAL_LIMIT = 10_000;

/**
 * The total of a list. Counting every match of a broad filter over a million invoices costs a
 * scan of all of them on every page view, so the count stops after EXACT_TOTAL_LIMIT + 1
 * matches: below that the total is exact, above it the planner's row estimate for the same
 * WHERE (at least EXACT_TOTAL_LIMIT + 1) is returned with totalExact false.
 */
const countInvoices = async (
  db: Database,
  where: SQL | undefined,
): Promise<{ total: number; totalExact: boolean }> => {
  const matches = db
    .select({ one: sql`1` })
    .from(invoices)
    .where(where)
    .limit(EXACT_TOTAL_LIMIT + 1)
    .as('matches');
  const [capped] = await db.select({ count: count() }).from(matches);
  const total = capped?.count ?? 0;
  if (total <= EXACT_TOTAL_LIMIT) return { total, totalExact: true };
  const whereClause = where ? sql` WHERE ${where}` : sql``;
  const [plan] = await queryRows<{ 'QUERY PLAN': unknown }>(
    db,
    sql`EXPLAIN (FORMAT JSON) SELECT 1 FROM ${invoices}${whereClause}`,
  );
  return {
    total: Math.max(EXACT_TOTAL_LIMIT + 1, plannedRows(plan?.['QUERY PLAN'])),
    totalExact: false,
  };
};

/** "Plan Rows" of EXPLAIN (FORMAT JSON) output, which drivers hand over parsed or as text. */
const plannedRows = (explained: unknown): number => {
  const parsed = typeof explained === 'string' ? (JSON.parse(explained) as unknown) : explained;
  const rows = (parsed as Array<{ Plan?: { 'Plan Rows'?: unknown } }> | undefined)?.[0]?.Plan?.[
    'Plan Rows'
  ];
  return typeof rows === 'number' && Number.isFinite(rows) ? Math.round(rows) : 0;
};

const invoiceIdParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', format: 'uuid' } },
} as const;

/** GET /api/v1/invoice (list with every filter of SPEC §3) and GET /api/v1/invoice/{id}. */
export const invoiceRoutes = async (app: FastifyInstance, { db }: { db: Database }) => {
  app.get<{ Querystring: InvoiceListQuery }>(
    '/api/v1/invoice',
    {
      config: { access: { permissions: [] } },
      schema: {
        tags: ['invoices'],
        summary: 'Invoices of the caller’s merchant(s), newest first, with filters and total count',
        querystring: invoiceListQuerySchema,
        response: {
          200: dataEnvelope({
            type: 'object',
            required: ['items', 'page', 'size', 'total', 'totalExact'],
            properties: {
              items: { type: 'array', items: invoiceSchema },
              page: { type: 'integer' },
              size: { type: 'integer' },
              total: {
                type: 'integer',
                description: `Exact up to ${EXACT_TOTAL_LIMIT}; above, an estimate (totalExact false)`,
              },
              totalExact: { type: 'boolean' },
            },
          }),
          400: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const person = requirePerson(request.person);
      const { page, size, ...filters } = request.query;
      const scope = merchantScopeOf(person, filters.merchantId);
      const where = and(...(await invoiceListConditions(db, scope, filters)));
      const [rows, { total, totalExact }] = await Promise.all([
        selectInvoicePage(db, where, { limit: size, offset: page * size }),
        countInvoices(db, where),
      ]);
      return {
        data: {
          items: rows.map((row) => presentInvoice(row, person)),
          page,
          size,
          total,
          totalExact,
        },
      };
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/v1/invoice/:id',
    {
      config: { access: { permissions: [] } },
      schema: {
        tags: ['invoices'],
        summary: 'One invoice',
        params: invoiceIdParams,
        response: {
          200: dataEnvelope(invoiceSchema),
          400: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const person = requirePerson(request.person);
      const [row] = await selectInvoiceRows(db, eq(invoices.id, request.params.id));
      if (!row || !scopeAllows(merchantScopeOf(person), row.merchantId)) {
        throw notFound('Invoice not found');
      }
      return { data: presentInvoice(row, person) };
    },
  );
};
