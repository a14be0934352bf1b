import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';
import { errorResponseSchema } from '../../http/error-handler.ts';
import { recordIdSchema } from '../../http/record-id.ts';
import { dataEnvelope } from '../../http/response-envelope.ts';
import { merchantIdQueryProperty, requirePerson } from '../auth/auth-entry.ts';
import {
  type BalanceMovementPageRow,
  LEDGER_CHANGE_REQUIRED,
  ledgerChangeProperties,
  presentLedgerChange,
} from '../balances/balances-entry.ts';
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

const balanceMovementSchema = {
  type: 'object',
  required: ['id', 'createdAt', 'cause', ...LEDGER_CHANGE_REQUIRED, 'changedBy'],
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
    ...ledgerChangeProperties,
    changedBy: {
      type: ['string', 'null'],
      description:
        'The back-office person who made the change; null for the platform, the customer and providers.',
    },
  },
} as const;

const presentBalanceMovement = (row: BalanceMovementPageRow) => ({
  id: row.id,
  createdAt: row.createdAt.toISOString(),
  cause: row.kind,
  ...presentLedgerChange(row),
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
