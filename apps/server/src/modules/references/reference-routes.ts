import { REFERENCE_HEADER_IDS } from '@paygate/domain';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';
import { errorResponseSchema } from '../../http/error-handler.ts';
import { minorUnitsJson } from '../../http/money-json.ts';
import { dataEnvelope } from '../../http/response-envelope.ts';
import { allCurrencies, allPaymentMethods, referenceItemsOf } from './reference-repository.ts';

const referenceItemSchema = {
  type: 'object',
  required: ['id', 'value'],
  properties: {
    id: { type: 'integer' },
    value: { type: 'string' },
    code: { type: ['string', 'null'] },
    paramType: { type: ['string', 'null'], enum: ['I', 'S', 'C', 'B', 'N', null] },
    codeInteger: { type: ['integer', 'null'] },
  },
} as const;

const currencySchema = {
  type: 'object',
  required: ['id', 'name', 'code', 'dimension', 'minValue', 'maxValue'],
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    code: { type: 'string' },
    dimension: { type: 'integer' },
    minValue: { type: 'integer', description: 'Minor units' },
    maxValue: { type: 'integer', description: 'Minor units' },
  },
} as const;

const paymentMethodSchema = {
  type: 'object',
  required: [
    'id',
    'code',
    'name',
    'currency',
    'minAmount',
    'maxAmount',
    'requisiteKind',
    'enabled',
  ],
  properties: {
    id: { type: 'integer' },
    code: { type: 'string' },
    name: { type: 'string' },
    currency: {
      type: 'object',
      required: ['id', 'code', 'dimension'],
      properties: {
        id: { type: 'integer' },
        code: { type: 'string' },
        dimension: { type: 'integer' },
      },
    },
    minAmount: { type: 'integer', description: 'Minor units' },
    maxAmount: { type: 'integer', description: 'Minor units' },
    requisiteKind: {
      type: 'string',
      enum: ['card', 'by_mobile', 'sbp'],
      description: 'What customers are given: a card number, a phone number or a fast payment',
    },
    enabled: { type: 'boolean' },
  },
} as const;

/**
 * GET /api/v1/reference?refHeaderId= and GET /api/v1/reference/currency (SPEC §7), and
 * GET /api/v1/payment-method (the back office's list of payment methods). Plain lists with no
 * rule of their own: the routes read them through reference-repository.ts.
 */
export const referenceRoutes = async (app: FastifyInstance, { db }: { db: Database }) => {
  app.get<{ Querystring: { refHeaderId: number } }>(
    '/api/v1/reference',
    {
      config: { access: { permissions: [] } },
      schema: {
        tags: ['references'],
        operationId: 'listReferenceItems',
        summary: 'Items of one reference list',
        querystring: {
          type: 'object',
          required: ['refHeaderId'],
          additionalProperties: false,
          properties: {
            refHeaderId: { type: 'integer', enum: Object.values(REFERENCE_HEADER_IDS) },
          },
        },
        response: {
          200: dataEnvelope({ type: 'array', items: referenceItemSchema }),
          400: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const items = await referenceItemsOf(db, request.query.refHeaderId);
      return { data: items };
    },
  );

  app.get(
    '/api/v1/reference/currency',
    {
      config: { access: { permissions: [] } },
      schema: {
        tags: ['references'],
        operationId: 'listCurrencies',
        summary: 'Currencies with their dimension and limits',
        response: { 200: dataEnvelope({ type: 'array', items: currencySchema }) },
      },
    },
    async () => {
      const rows = await allCurrencies(db);
      return {
        data: rows.map((currency) => ({
          ...currency,
          code: currency.code.trim(),
          minValue: minorUnitsJson(currency.minValue),
          maxValue: minorUnitsJson(currency.maxValue),
        })),
      };
    },
  );

  app.get(
    '/api/v1/payment-method',
    {
      // Payment methods are chosen when creating a people account: only people.account holders
      // (who see and manage accounts) need the platform's list of them.
      config: { access: { permissions: ['people.account'] } },
      schema: {
        tags: ['references'],
        operationId: 'listPaymentMethods',
        summary: 'Payment methods with their currency and limits, disabled ones included',
        response: {
          200: dataEnvelope({ type: 'array', items: paymentMethodSchema }),
          401: errorResponseSchema,
          403: errorResponseSchema,
        },
      },
    },
    async () => {
      const rows = await allPaymentMethods(db);
      return {
        data: rows.map((row) => ({
          id: row.id,
          code: row.code,
          name: row.name,
          currency: {
            id: row.currencyId,
            code: row.currencyCode.trim(),
            dimension: row.currencyDimension,
          },
          minAmount: minorUnitsJson(row.minAmount),
          maxAmount: minorUnitsJson(row.maxAmount),
          requisiteKind: row.requisiteKind,
          enabled: row.enabled,
        })),
      };
    },
  );
};
