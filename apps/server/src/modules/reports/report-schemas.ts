import { errorResponseSchema } from '../../http/error-handler.ts';
import { recordIdSchema } from '../../http/record-id.ts';
import { merchantIdQueryProperty } from '../auth/auth-entry.ts';

/** What the report routes share: their download names, CSV answers and period parameters. */

/** The download names of SPEC §7 and §9. */
export const REPORT_FILE_NAMES = {
  invoices: 'Invoices.csv',
  balance: (period: string) => `Balance_${period}.csv`,
  transactions: (period: string) => `Transactions_${period}.csv`,
  provider: (period: string) => `Provider_${period}.csv`,
  poolBalance: (period: string) => `Terminal_Pool_Balance_${period}.csv`,
  /** Not in SPEC: the balance statement (decision 0029). */
  statement: (period: string) => `Statement_${period}.csv`,
} as const;

export const csvResponses = {
  200: { description: 'CSV file', content: { 'text/csv': { schema: { type: 'string' } } } },
  400: errorResponseSchema,
  404: errorResponseSchema,
} as const;

export const periodQueryProperties = {
  periodStart: {
    type: 'string',
    pattern: '^\\d{4}-\\d{2}-\\d{2}$',
    description: 'yyyy-MM-dd (UTC)',
  },
  periodEnd: {
    type: 'string',
    pattern: '^\\d{4}-\\d{2}-\\d{2}$',
    description: 'yyyy-MM-dd (UTC), inclusive',
  },
} as const;

/** The query of the reports over one currency: Balance and the balance statement behind it. */
export const currencyReportQuerySchema = {
  type: 'object',
  required: ['periodStart', 'periodEnd', 'currencyId'],
  additionalProperties: false,
  properties: {
    ...periodQueryProperties,
    ...merchantIdQueryProperty,
    currencyId: recordIdSchema,
    terminalId: recordIdSchema,
  },
} as const;
