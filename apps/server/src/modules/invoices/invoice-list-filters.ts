import { ITEMS_PER_PAGE_OPTIONS, parseFilterDate } from '@paygate/domain';
import { and, eq, gte, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { currencies, invoices, referenceItems } from '../../db/schema.ts';
import { badRequest } from '../../http/http-errors.ts';
import { recordIdSchema } from '../../http/record-id.ts';
import { type MerchantScope, merchantIdQueryProperty } from '../merchants/merchant-scope.ts';

/** Query of GET /api/v1/invoice and /api/v1/invoice/csv (SPEC §3 Invoice filters). */
export interface InvoiceListQuery {
  merchantId?: number;
  dateFrom?: string;
  dateTo?: string;
  lastStatusDate?: string;
  sumFrom?: number;
  sumTo?: number;
  terminalId?: number;
  statusIds?: number[];
  flowType?: 'DEPOSIT' | 'WITHDRAWAL';
  search?: string;
  page: number;
  size: number;
}

const FILTER_DATE = {
  type: 'string',
  pattern: '^\\d{2}/\\d{2}/\\d{4}$',
  description: 'dd/MM/yyyy (UTC)',
};

/** JSON schema of the filters; arrays arrive as repeated parameters (statusIds=1&statusIds=2). */
export const invoiceFilterProperties = {
  ...merchantIdQueryProperty,
  dateFrom: FILTER_DATE,
  dateTo: FILTER_DATE,
  lastStatusDate: FILTER_DATE,
  sumFrom: { type: 'number', minimum: 0, description: 'In currency units, e.g. 150.50' },
  sumTo: { type: 'number', minimum: 0, description: 'In currency units' },
  terminalId: recordIdSchema,
  statusIds: {
    type: 'array',
    items: { type: 'integer' },
    maxItems: 20,
    description: 'Ids of payment status reference items (list 201)',
  },
  flowType: { type: 'string', enum: ['DEPOSIT', 'WITHDRAWAL'] },
  search: { type: 'string', maxLength: 200 },
} as const;

export const invoiceListQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    ...invoiceFilterProperties,
    page: { type: 'integer', minimum: 0, default: 0, description: 'Zero-based' },
    size: { type: 'integer', minimum: 1, maximum: 100, default: ITEMS_PER_PAGE_OPTIONS[1] },
  },
} as const;

const DAY_MS = 86_400_000;

const filterDay = (value: string, name: string) => {
  const day = parseFilterDate(value);
  if (!day) throw badRequest(`${name} must be a valid date in dd/MM/yyyy`);
  return day;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The WHERE conditions of an invoice list, the CSV export and the counts: the caller's merchant
 * scope first, then every filter given. Amount bounds are in currency units and compared exactly
 * against minor units with the row currency's dimension.
 */
export const invoiceListConditions = async (
  db: Database,
  scope: MerchantScope,
  query: Omit<InvoiceListQuery, 'page' | 'size'>,
): Promise<SQL[]> => {
  const conditions: SQL[] = [];
  if (scope.kind === 'merchants') {
    conditions.push(inArray(invoices.merchantId, scope.ids.length > 0 ? scope.ids : [-1]));
  }
  if (query.dateFrom)
    conditions.push(gte(invoices.createdAt, filterDay(query.dateFrom, 'dateFrom')));
  if (query.dateTo) {
    const end = new Date(filterDay(query.dateTo, 'dateTo').getTime() + DAY_MS);
    conditions.push(lt(invoices.createdAt, end));
  }
  if (query.dateFrom && query.dateTo) {
    if (filterDay(query.dateFrom, 'dateFrom') > filterDay(query.dateTo, 'dateTo')) {
      throw badRequest('dateFrom cannot be after dateTo');
    }
  }
  if (query.lastStatusDate) {
    const day = filterDay(query.lastStatusDate, 'lastStatusDate');
    conditions.push(
      gte(invoices.statusDate, day),
      lt(invoices.statusDate, new Date(day.getTime() + DAY_MS)),
    );
  }
  if (query.sumFrom !== undefined && query.sumTo !== undefined && query.sumFrom > query.sumTo) {
    throw badRequest('sumFrom cannot be greater than sumTo');
  }
  const dimension = sql`(SELECT ${currencies.dimension} FROM ${currencies} WHERE ${currencies.id} = ${invoices.currencyId})`;
  if (query.sumFrom !== undefined) {
    conditions.push(
      sql`${invoices.amount} >= ${String(query.sumFrom)}::numeric * power(10, ${dimension})`,
    );
  }
  if (query.sumTo !== undefined) {
    conditions.push(
      sql`${invoices.amount} <= ${String(query.sumTo)}::numeric * power(10, ${dimension})`,
    );
  }
  if (query.terminalId !== undefined) conditions.push(eq(invoices.terminalId, query.terminalId));
  if (query.flowType) conditions.push(eq(invoices.flowType, query.flowType));
  if (query.statusIds && query.statusIds.length > 0) {
    const statuses = await db
      .select({ code: referenceItems.code })
      .from(referenceItems)
      .where(and(eq(referenceItems.headerId, 201), inArray(referenceItems.id, query.statusIds)));
    const codes = statuses.flatMap(({ code }) => (code ? [code] : []));
    conditions.push(
      inArray(invoices.status, codes.length > 0 ? (codes as never[]) : ['-' as never]),
    );
  }
  const search = query.search?.trim();
  if (search) {
    const matches: SQL[] = [
      eq(invoices.merchantInvoiceId, search),
      eq(invoices.providerInvoiceId, search),
      eq(invoices.customerExternalId, search),
    ];
    if (UUID.test(search)) matches.push(eq(invoices.id, search.toLowerCase()));
    const anyMatch = or(...matches);
    if (anyMatch) conditions.push(anyMatch);
  }
  return conditions;
};
