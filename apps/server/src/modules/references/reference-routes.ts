import { REFERENCE_HEADER_IDS } from '@paygate/domain';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';
import { currencies, referenceItems } from '../../db/schema.ts';
import { errorResponseSchema } from '../../http/error-handler.ts';
import { minorUnitsJson } from '../../http/money-json.ts';
import { dataEnvelope } from '../../http/response-envelope.ts';

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

/** GET /api/v1/reference?refHeaderId= and GET /api/v1/reference/currency (SPEC §7). */
export const referenceRoutes = async (app: FastifyInstance, { db }: { db: Database }) => {
  app.get<{ Querystring: { refHeaderId: number } }>(
    '/api/v1/reference',
    {
      config: { access: { permissions: [] } },
      schema: {
        tags: ['references'],
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
      const items = await db
        .select({
          id: referenceItems.id,
          value: referenceItems.value,
          code: referenceItems.code,
          paramType: referenceItems.paramType,
          codeInteger: referenceItems.codeInteger,
        })
        .from(referenceItems)
        .where(eq(referenceItems.headerId, request.query.refHeaderId))
        .orderBy(asc(referenceItems.sortOrder), asc(referenceItems.id));
      return { data: items };
    },
  );

  app.get(
    '/api/v1/reference/currency',
    {
      config: { access: { permissions: [] } },
      schema: {
        tags: ['references'],
        summary: 'Currencies with their dimension and limits',
        response: { 200: dataEnvelope({ type: 'array', items: currencySchema }) },
      },
    },
    async () => {
      const rows = await db.select().from(currencies).orderBy(asc(currencies.id));
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
};
