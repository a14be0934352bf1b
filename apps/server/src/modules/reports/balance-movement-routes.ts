import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';
import { errorResponseSchema } from '../../http/error-handler.ts';
import { minorUnitsJson } from '../../http/money-json.ts';
import { recordIdSchema } from '../../http/record-id.ts';
import { dataEnvelope } from '../../http/response-envelope.ts';
import { merchantIdQueryProperty, requirePerson } from '../auth/auth-entry.ts';
import type { BalanceMovementPageRow } from '../balances/balances-entry.ts';
import { type BalanceMovementQuery, balanceMovementPage } from './balance-movement-service.ts';

/** Movements per page unless `limit` says otherwise, and the most one page may hold. */
const DEFAULT_BALANCE_MOVEMENT_LIMIT = 50;
export const MAX_BALANCE_MOVEMENT_LIMIT = 100;

const balanceMovementQuerySchema = {
  type: 'object',
  required: ['currencyId'],
  additionalProperties: false,
  properties: {
    ...merchantIdQueryProperty,
    currencyId: { ...recordIdSchema, description: 'The balance: its currency (required).' },
    invoiceId: {
      type: 'string',
      format: 'uuid',
      description: 'Only the movements this invoice caused.',
    },
    beforeId: {
      type: 'integer',
      minimum: 1,
      maximum: Number.MAX_SAFE_INTEGER,
      description: 'For the next page: the id of the last movement of the previous page.',
    },
    limit: {
      type: 'integer',
      minimum: 1,
      maximum: MAX_BALANCE_MOVEMENT_LIMIT,
      default: DEFAULT_BALANCE_MOVEMENT_LIMIT,
      description: `Movements per page, 1 to ${MAX_BALANCE_MOVEMENT_LIMIT}.`,
    },
  },
} as const;

const minorUnits = (description: string) =>
  ({ type: 'integer', description: `${description} Minor units.` }) as const;
const nullableMinorUnits = (description: string) =>
  ({ type: ['integer', 'null'], description: `${description} Minor units.` }) as const;
const nullableString = { type: ['string', 'null'] } as const;

const balanceMovementSchema = {
  type: 'object',
  required: [
    'id',
    'createdAt',
    'cause',
    'terminalId',
    'invoiceId',
    'merchantInvoiceId',
    'settlementId',
    'flowType',
    'statusBefore',
    'statusAfter',
    'amountBefore',
    'amountAfter',
    'feeBefore',
    'feeAfter',
    'availableChange',
    'reservedChange',
    'availableAfter',
    'reservedAfter',
    'changedBy',
  ],
  additionalProperties: false,
  properties: {
    id: { type: 'integer', description: 'The ledger row: rising in each balance’s order.' },
    createdAt: { type: 'string', format: 'date-time' },
    cause: {
      type: 'string',
      enum: ['invoice', 'settlement', 'recount'],
      description:
        'What moved the balance: an invoice changed status or amount, a settlement, or a recount (decision 0028).',
    },
    terminalId: { type: ['integer', 'null'] },
    invoiceId: { type: ['string', 'null'], format: 'uuid' },
    merchantInvoiceId: nullableString,
    settlementId: { type: ['integer', 'null'] },
    flowType: { type: ['string', 'null'], enum: ['DEPOSIT', 'WITHDRAWAL', null] },
    statusBefore: {
      type: ['string', 'null'],
      description: 'Null when the invoice entered the ledger in its status.',
    },
    statusAfter: nullableString,
    amountBefore: nullableMinorUnits('The invoice amount before the change.'),
    amountAfter: nullableMinorUnits('The invoice amount after the change.'),
    feeBefore: nullableMinorUnits('The invoice fee before the change.'),
    feeAfter: nullableMinorUnits('The invoice fee after the change.'),
    availableChange: minorUnits('What the change added to available (negative: took off).'),
    reservedChange: minorUnits('What the change added to reserved (negative: released).'),
    availableAfter: minorUnits('Available right after this change.'),
    reservedAfter: minorUnits('Reserved right after this change.'),
    changedBy: {
      type: ['string', 'null'],
      description:
        'The back-office person who made the change; null for the platform, the customer and providers.',
    },
  },
} as const;

const optionalMinorUnits = (minor: bigint | null) =>
  minor === null ? null : minorUnitsJson(minor);

const presentBalanceMovement = (row: BalanceMovementPageRow) => ({
  id: row.id,
  createdAt: row.createdAt.toISOString(),
  cause: row.kind,
  terminalId: row.terminalId,
  invoiceId: row.invoiceId,
  merchantInvoiceId: row.merchantInvoiceId,
  settlementId: row.settlementId,
  flowType: row.flowType,
  statusBefore: row.fromStatus,
  statusAfter: row.toStatus,
  amountBefore: optionalMinorUnits(row.amountBefore),
  amountAfter: optionalMinorUnits(row.amountAfter),
  feeBefore: optionalMinorUnits(row.feeBefore),
  feeAfter: optionalMinorUnits(row.feeAfter),
  availableChange: minorUnitsJson(row.availableChange),
  reservedChange: minorUnitsJson(row.reservedChange),
  availableAfter: minorUnitsJson(row.availableAfter),
  reservedAfter: minorUnitsJson(row.reservedAfter),
  changedBy: row.changedBy,
});

/**
 * GET /api/v1/balance/movements (decision 0029): one balance's ledger rows newest first, a page
 * at a time, for the back office's Balance movements screen; the balance statement CSV's rows on
 * screen, under the statement's permission and merchant scope.
 */
export const balanceMovementRoutes = (app: FastifyInstance, db: Database) => {
  app.get<{ Querystring: BalanceMovementQuery }>(
    '/api/v1/balance/movements',
    {
      config: { access: { permissions: ['report.read.balance'] } },
      schema: {
        tags: ['reports'],
        operationId: 'listBalanceMovements',
        summary:
          'Movements of one balance (a merchant’s money in one currency), newest first: each change with its cause and the balance after it (the balance ledger), paged by beforeId',
        querystring: balanceMovementQuerySchema,
        response: {
          200: dataEnvelope({
            type: 'object',
            required: ['currency', 'items', 'hasMore'],
            additionalProperties: false,
            properties: {
              currency: {
                type: 'object',
                required: ['code', 'dimension'],
                additionalProperties: false,
                properties: { code: { type: 'string' }, dimension: { type: 'integer' } },
              },
              items: { type: 'array', items: balanceMovementSchema },
              hasMore: {
                type: 'boolean',
                description: 'Whether older movements follow: ask again with beforeId.',
              },
            },
          }),
          400: errorResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const page = await balanceMovementPage(db, requirePerson(request.person), request.query);
      return {
        data: {
          currency: page.currency,
          items: page.rows.map(presentBalanceMovement),
          hasMore: page.hasMore,
        },
      };
    },
  );
};
