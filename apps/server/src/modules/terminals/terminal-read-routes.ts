import { REFERENCE_HEADER_IDS } from '@paygate/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';
import { currencies, referenceItems, terminalPools, terminals } from '../../db/schema.ts';
import { errorResponseSchema } from '../../http/error-handler.ts';
import { dataEnvelope } from '../../http/response-envelope.ts';
import { requirePerson } from '../auth/authenticated-person.ts';
import { merchantScopeOf } from '../auth/merchant-scope.ts';
import {
  merchantIdQuery,
  presentTerminal,
  presentVisibleTerminal,
  terminalDetailSchema,
  terminalIdParams,
  terminalPoolSchema,
  terminalSchema,
} from './terminal-presenter.ts';

const merchantQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: merchantIdQuery,
} as const;

type MerchantQuery = { merchantId?: number };

/** GET /api/v1/terminal, /api/v1/terminal/:id and /api/v1/terminal/pool (SPEC §7). */
export const terminalReadRoutes = (app: FastifyInstance, db: Database) => {
  app.get<{ Querystring: MerchantQuery }>(
    '/api/v1/terminal',
    {
      // The Terminals navigation item needs no permission (SPEC §2, §6); the scope still applies.
      config: { access: { permissions: [] } },
      schema: {
        tags: ['terminals'],
        summary: 'Terminals of the caller’s merchant (every merchant’s, or the chosen one’s)',
        querystring: merchantQuerySchema,
        response: {
          200: dataEnvelope({ type: 'array', items: terminalSchema }),
          400: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const scope = merchantScopeOf(requirePerson(request.person), request.query.merchantId);
      const rows = await db
        .select({
          terminal: terminals,
          currency: { id: currencies.id, code: currencies.code, dimension: currencies.dimension },
        })
        .from(terminals)
        .innerJoin(currencies, eq(currencies.id, terminals.currencyId))
        .where(
          scope.kind === 'all'
            ? undefined
            : inArray(terminals.merchantId, scope.ids.length > 0 ? scope.ids : [-1]),
        )
        .orderBy(asc(terminals.merchantId), asc(terminals.id));
      return { data: rows.map((row) => presentTerminal(row.terminal, row.currency)) };
    },
  );

  app.get(
    '/api/v1/terminal/pool',
    {
      // Pools are chosen only on the Terminal Pool Balance report card.
      config: { access: { permissions: ['report.read.pool.balance'] } },
      schema: {
        tags: ['terminals'],
        summary: 'Terminal pools with their status and type',
        response: { 200: dataEnvelope({ type: 'array', items: terminalPoolSchema }) },
      },
    },
    async () => {
      const status = alias(referenceItems, 'pool_status');
      const type = alias(referenceItems, 'pool_type');
      const rows = await db
        .select({
          id: terminalPools.id,
          name: terminalPools.name,
          statusId: status.id,
          statusValue: status.value,
          statusCode: status.code,
          typeId: type.id,
          typeValue: type.value,
          typeCode: type.code,
        })
        .from(terminalPools)
        .leftJoin(
          status,
          and(
            eq(status.id, terminalPools.statusId),
            eq(status.headerId, REFERENCE_HEADER_IDS.terminalPoolStatus),
          ),
        )
        .leftJoin(
          type,
          and(
            eq(type.id, terminalPools.typeId),
            eq(type.headerId, REFERENCE_HEADER_IDS.terminalPoolType),
          ),
        )
        .orderBy(asc(terminalPools.name), asc(terminalPools.id));
      return {
        data: rows.map((row) => ({
          id: row.id,
          name: row.name,
          status:
            row.statusId === null
              ? null
              : { id: row.statusId, value: row.statusValue ?? '', code: row.statusCode },
          type:
            row.typeId === null
              ? null
              : { id: row.typeId, value: row.typeValue ?? '', code: row.typeCode },
        })),
      };
    },
  );

  app.get<{ Params: { id: number }; Querystring: MerchantQuery }>(
    '/api/v1/terminal/:id',
    {
      config: { access: { permissions: [] } },
      schema: {
        tags: ['terminals'],
        summary: 'One terminal, with its attributes for holders of terminal.attr.read',
        params: terminalIdParams,
        querystring: merchantQuerySchema,
        response: {
          200: dataEnvelope(terminalDetailSchema),
          400: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const person = requirePerson(request.person);
      const scope = merchantScopeOf(person, request.query.merchantId);
      return { data: await presentVisibleTerminal(db, person, request.params.id, scope) };
    },
  );
};
