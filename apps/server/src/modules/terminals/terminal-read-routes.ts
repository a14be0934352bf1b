import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';
import { errorResponseSchema } from '../../http/error-handler.ts';
import { dataEnvelope } from '../../http/response-envelope.ts';
import { addSharedSchemas } from '../../http/shared-schemas.ts';
import { merchantScopeOf, requirePerson } from '../auth/auth-entry.ts';
import {
  merchantIdQuery,
  terminalDetailsComponent,
  terminalIdParams,
  terminalPoolSchema,
  terminalSchema,
} from './terminal-presenter.ts';
import {
  listTerminalPools,
  listTerminals,
  presentVisibleTerminal,
} from './terminal-read-service.ts';

const merchantQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: merchantIdQuery,
} as const;

type MerchantQuery = { merchantId?: number };

/** GET /api/v1/terminal, /api/v1/terminal/:id and /api/v1/terminal/pool (SPEC §7). */
export const terminalReadRoutes = (app: FastifyInstance, db: Database) => {
  addSharedSchemas(app, [terminalDetailsComponent]);
  app.get<{ Querystring: MerchantQuery }>(
    '/api/v1/terminal',
    {
      // The Terminals navigation item needs no permission (SPEC §2, §6); the scope still applies.
      config: { access: { permissions: [] } },
      schema: {
        tags: ['terminals'],
        operationId: 'listTerminals',
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
      return { data: await listTerminals(db, scope) };
    },
  );

  app.get(
    '/api/v1/terminal/pool',
    {
      // Pools are chosen only on the Terminal Pool Balance report card.
      config: { access: { permissions: ['report.read.pool.balance'] } },
      schema: {
        tags: ['terminals'],
        operationId: 'listTerminalPools',
        summary: 'Terminal pools with their status and type',
        response: { 200: dataEnvelope({ type: 'array', items: terminalPoolSchema }) },
      },
    },
    async () => ({ data: await listTerminalPools(db) }),
  );

  app.get<{ Params: { id: number }; Querystring: MerchantQuery }>(
    '/api/v1/terminal/:id',
    {
      config: { access: { permissions: [] } },
      schema: {
        tags: ['terminals'],
        operationId: 'getTerminal',
        summary: 'One terminal, with its attributes for holders of terminal.attr.read',
        params: terminalIdParams,
        querystring: merchantQuerySchema,
        response: {
          200: dataEnvelope(terminalDetailsComponent.ref),
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
