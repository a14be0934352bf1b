import { balanceTransactionPublicId } from '@paygate/domain';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';
import { errorResponseSchema } from '../../http/error-handler.ts';
import { minorUnitsJson } from '../../http/money-json.ts';
import { refuseUnknownQueryParameters } from '../../http/unknown-query-parameters.ts';
import {
  type BalanceMovementPageRow,
  LEDGER_CHANGE_REQUIRED,
  ledgerChangeProperties,
  presentLedgerChange,
} from '../balances/balances-entry.ts';
import { findMerchantBalances, type MerchantBalanceRow } from './balance-transaction-repository.ts';
import {
  type BalanceTransactionListQuery,
  listBalanceTransactions,
} from './balance-transaction-service.ts';
import { MERCHANT_API_SECURITY, requireApiMerchant } from './merchant-auth.ts';

/** Transactions per page of GET /balance-transactions unless `limit` says otherwise. */
const DEFAULT_BALANCE_TRANSACTION_LIMIT = 10;
const MAX_BALANCE_TRANSACTION_LIMIT = 100;

const TAGS = ['merchant API'];
const SIGNATURE_NOTE =
  'Signed like every merchant API call (docs/merchant-api.md); needs the balance:read scope.';

const minorUnits = (description: string) => ({ type: 'integer', description }) as const;

const balanceSchema = {
  type: 'object',
  required: ['currency', 'available', 'reserved', 'updatedAt'],
  additionalProperties: false,
  properties: {
    currency: { type: 'string', description: 'ISO 4217 code, e.g. UZS.' },
    available: minorUnits(
      'What you may settle or pay out now, in minor units: confirmed deposits less their fees, less payouts (paid or in progress) with their fees and settlements.',
    ),
    reserved: minorUnits(
      'Held for payouts in progress, in minor units (already out of available).',
    ),
    updatedAt: { type: 'string', format: 'date-time', description: 'The last change.' },
  },
} as const;

const balanceTransactionSchema = {
  type: 'object',
  required: ['id', 'createdAt', 'currency', 'type', ...LEDGER_CHANGE_REQUIRED],
  additionalProperties: false,
  properties: {
    id: { type: 'string', description: 'btx_ and a number; rising in the order they happened.' },
    createdAt: { type: 'string', format: 'date-time' },
    currency: { type: 'string', description: 'The balance: ISO 4217 code.' },
    type: {
      type: 'string',
      enum: ['invoice', 'settlement', 'recount'],
      description:
        'What moved the balance: an invoice changed status or amount; a settlement; or a recount (a correction the platform recorded when the ledger was opened).',
    },
    ...ledgerChangeProperties,
  },
} as const;

const balanceTransactionListQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    currency: {
      type: 'string',
      pattern: '^[A-Z]{3}$',
      description: 'Only the transactions of this balance (ISO 4217 code).',
    },
    invoiceId: {
      type: 'string',
      format: 'uuid',
      description: 'Only the transactions one invoice caused.',
    },
    limit: {
      type: 'integer',
      minimum: 1,
      maximum: MAX_BALANCE_TRANSACTION_LIMIT,
      default: DEFAULT_BALANCE_TRANSACTION_LIMIT,
      description: `Transactions per page, 1 to ${MAX_BALANCE_TRANSACTION_LIMIT}.`,
    },
    starting_after: {
      type: 'string',
      maxLength: 40,
      description:
        'For the next page: the id of the last transaction of the previous page (one of yours).',
    },
  },
} as const;

const presentBalance = (row: MerchantBalanceRow) => ({
  currency: row.currencyCode.trim(),
  available: minorUnitsJson(row.available),
  reserved: minorUnitsJson(row.reserved),
  updatedAt: row.updatedAt.toISOString(),
});

/** Not who made a change (`changedBy`): staff names stay in the back office (decision 0029). */
const presentBalanceTransaction = (row: BalanceMovementPageRow) => ({
  id: balanceTransactionPublicId(row.id),
  createdAt: row.createdAt.toISOString(),
  currency: row.currencyCode.trim(),
  type: row.kind,
  ...presentLedgerChange(row),
});

const listResponses = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  429: errorResponseSchema,
} as const;

/**
 * GET /api/merchant/v1/balances and /balance-transactions (decision 0029): the merchant's balances
 * and their ledger, what Stripe calls balance transactions, for reconciliation by machine.
 * Registered inside the merchant API's scope, so they are signed like the rest.
 */
export const balanceTransactionRoutes = (scope: FastifyInstance, { db }: { db: Database }) => {
  scope.get(
    '/balances',
    {
      config: { merchantScope: 'balance:read' },
      schema: {
        tags: TAGS,
        operationId: 'listMerchantBalances',
        summary: 'Your balances, one per currency',
        description: `${SIGNATURE_NOTE} Amounts in minor units.`,
        security: MERCHANT_API_SECURITY,
        response: {
          200: {
            type: 'object',
            required: ['data'],
            additionalProperties: false,
            properties: { data: { type: 'array', items: balanceSchema } },
          },
          ...listResponses,
        },
      },
    },
    async (request) => ({
      data: (await findMerchantBalances(db, requireApiMerchant(request).id)).map(presentBalance),
    }),
  );

  scope.get<{ Querystring: BalanceTransactionListQuery }>(
    '/balance-transactions',
    {
      config: { merchantScope: 'balance:read' },
      // After the signature check (the scope's own preValidation runs first).
      preValidation: refuseUnknownQueryParameters(balanceTransactionListQuerySchema),
      schema: {
        tags: TAGS,
        operationId: 'listMerchantBalanceTransactions',
        summary: 'List your balance transactions, newest first',
        description:
          `${SIGNATURE_NOTE} Every change of your balances, newest first: what caused it, the ` +
          'change and the balance right after it, so each is the one before it (of the same ' +
          'currency) plus its change. Page with limit and starting_after (the id of the last ' +
          'transaction of the previous page) while has_more is true. Unknown parameters are refused.',
        security: MERCHANT_API_SECURITY,
        querystring: balanceTransactionListQuerySchema,
        response: {
          200: {
            type: 'object',
            required: ['data', 'has_more'],
            additionalProperties: false,
            properties: {
              data: { type: 'array', items: balanceTransactionSchema },
              has_more: { type: 'boolean' },
            },
          },
          ...listResponses,
        },
      },
    },
    async (request) => {
      const page = await listBalanceTransactions(db, requireApiMerchant(request), request.query);
      return { data: page.rows.map(presentBalanceTransaction), has_more: page.hasMore };
    },
  );
};
