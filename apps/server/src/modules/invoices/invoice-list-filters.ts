import {
  INVOICE_SEARCH_MAX_LENGTH,
  ITEMS_PER_PAGE_OPTIONS,
  isUuidText,
  parseFilterDate,
} from '@paygate/domain';
import { and, eq, gte, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { currencies, invoices, referenceItems } from '../../db/schema.ts';
import { recordIdSchema } from '../../http/record-id.ts';
import { invalid } from '../../service-errors.ts';
import { type MerchantScope, merchantIdQueryProperty } from '../auth/auth-entry.ts';

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
    items: recordIdSchema,
    maxItems: 20,
    description: 'Ids of payment status reference items (list 201)',
  },
  flowType: { type: 'string', enum: ['DEPOSIT', 'WITHDRAWAL'] },
  search: { type: 'string', maxLength: INVOICE_SEARCH_MAX_LENGTH },
} as const;

export const invoiceListQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    ...invoiceFilterProperties,
    // Bounded: a page past the end is empty, a huge one would be a database error.
    page: {
      type: 'integer',
      minimum: 0,
      maximum: 1_000_000,
      default: 0,
      description: 'Zero-based',
    },
    size: { type: 'integer', minimum: 1, maximum: 100, default: ITEMS_PER_PAGE_OPTIONS[1] },
  },
} as const;

const DAY_MS = 86_400_000;

const filterDay = (value: string, name: string) => {
  const day = parseFilterDate(value);
  if (!day) throw invalid(`${name} must be a valid date in dd/MM/yyyy`);
  return day;
};

/** Minor units are bigint: bounds beyond it (absurd sums) are clamped rather than overflow. */
const BIGINT_MAX = '9223372036854775807';

/**
 * Amount bounds in currency units, compared exactly with the minor units of each row's currency:
 * one range per currency, `amount >= ceil(sumFrom * 10^dimension)` and
 * `amount <= floor(sumTo * 10^dimension)`, with the bounds computed as constants so the
 * (currency_id, amount) index serves them (a per-row currency lookup could not use an index).
 */
const amountCondition = async (
  db: Database,
  sumFrom: number | undefined,
  sumTo: number | undefined,
): Promise<SQL> => {
  const rows = await db
    .select({ id: currencies.id, dimension: currencies.dimension })
    .from(currencies);
  const perCurrency = rows.map(({ id, dimension }) => {
    const scale = sql.raw(`1${'0'.repeat(dimension)}`);
    const bounds: SQL[] = [eq(invoices.currencyId, id)];
    if (sumFrom !== undefined) {
      bounds.push(
        sql`${invoices.amount} >= least(ceil(${String(sumFrom)}::numeric * ${scale}), ${sql.raw(BIGINT_MAX)})::bigint`,
      );
    }
    if (sumTo !== undefined) {
      bounds.push(
        sql`${invoices.amount} <= least(floor(${String(sumTo)}::numeric * ${scale}), ${sql.raw(BIGINT_MAX)})::bigint`,
      );
    }
    return and(...bounds) as SQL;
  });
  return or(...perCurrency) ?? sql`false`;
};

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
      throw invalid('dateFrom cannot be after dateTo');
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
    throw invalid('sumFrom cannot be greater than sumTo');
  }
  if (query.sumFrom !== undefined || query.sumTo !== undefined) {
    conditions.push(await amountCondition(db, query.sumFrom, query.sumTo));
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
    if (isUuidText(search)) matches.push(eq(invoices.id, search.toLowerCase()));
    const anyMatch = or(...matches);
    if (anyMatch) conditions.push(anyMatch);
  }
  return conditions;
};
