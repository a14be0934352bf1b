import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';
import { errorResponseSchema } from '../../http/error-handler.ts';
import { minorUnitsJson } from '../../http/money-json.ts';
import { recordIdSchema } from '../../http/record-id.ts';
import { dataEnvelope } from '../../http/response-envelope.ts';
import { merchantIdQueryProperty, merchantScopeOf, requirePerson } from '../auth/auth-entry.ts';
import {
  IDEMPOTENT_REPLAYED_HEADER,
  idempotencyKeyHeaderProperty,
  replayedResponseHeaders,
} from '../idempotency/idempotency-entry.ts';
import { createSettlement } from './settlement-service.ts';

/**
 * Positive minor units a JavaScript client reads exactly ("Money" in
 * docs/decisions/0003-api-conventions.md).
 */
const positiveMinorUnits = {
  type: 'integer',
  minimum: 1,
  maximum: Number.MAX_SAFE_INTEGER,
} as const;

const settlementBody = {
  type: 'object',
  required: ['baseAmount', 'settlementAmount', 'terminalId'],
  additionalProperties: false,
  properties: {
    baseAmount: {
      ...positiveMinorUnits,
      description: 'Taken from the terminal’s balance, in its currency’s minor units',
    },
    settlementAmount: {
      ...positiveMinorUnits,
      description: 'Paid to the merchant, in micro-USDT (6 decimals)',
    },
    terminalId: recordIdSchema,
  },
} as const;

const settlementSchema = {
  type: 'object',
  required: ['id', 'terminalId', 'merchantId', 'baseAmount', 'settlementAmount', 'createdAt'],
  properties: {
    id: { type: 'integer' },
    terminalId: { type: 'integer' },
    merchantId: { type: 'integer' },
    baseAmount: { type: 'integer', description: 'Terminal currency minor units' },
    settlementAmount: { type: 'integer', description: 'Micro-USDT' },
    createdAt: { type: 'string', format: 'date-time' },
  },
} as const;

/** POST /api/v1/settlement (SPEC §7): pay part of a terminal's balance out in USDT. */
export const settlementRoutes = (app: FastifyInstance, db: Database) => {
  app.post<{
    Querystring: { merchantId?: number };
    Body: { baseAmount: number; settlementAmount: number; terminalId: number };
    Headers: { 'idempotency-key'?: string };
  }>(
    '/api/v1/settlement',
    {
      config: { access: { permissions: ['settlement.create'] } },
      schema: {
        tags: ['settlements'],
        operationId: 'createSettlement',
        summary: 'Settle part of a terminal’s available balance',
        description:
          'The available balance is completed deposits less fees, less completed withdrawals ' +
          'with fees, less withdrawals under way, less earlier settlements; test-processing ' +
          'invoices do not count. A base amount above it is refused with 409. With an ' +
          'Idempotency-Key, a retry of the same request by the same person returns the first ' +
          'settlement (header Idempotent-Replayed: true) and settles nothing more.',
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: merchantIdQueryProperty,
        },
        headers: { type: 'object', properties: idempotencyKeyHeaderProperty },
        body: settlementBody,
        response: {
          201: {
            ...dataEnvelope(settlementSchema),
            description: 'Created (or the replayed answer of an earlier request)',
            headers: replayedResponseHeaders,
          },
          400: errorResponseSchema,
          403: errorResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const person = requirePerson(request.person);
      const { settlement, replayed } = await createSettlement(db, {
        person,
        sourceIp: request.ip,
        scope: merchantScopeOf(person, request.query.merchantId),
        terminalId: request.body.terminalId,
        baseAmount: BigInt(request.body.baseAmount),
        settlementAmount: BigInt(request.body.settlementAmount),
        idempotencyKey: request.headers['idempotency-key'],
      });
      if (replayed) reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
      return reply.code(201).send({
        data: {
          id: settlement.id,
          terminalId: settlement.terminalId,
          merchantId: settlement.merchantId,
          baseAmount: minorUnitsJson(settlement.baseAmount),
          settlementAmount: minorUnitsJson(settlement.settlementAmount),
          createdAt: settlement.createdAt.toISOString(),
        },
      });
    },
  );
};
