import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';
import { dataEnvelope } from '../../http/response-envelope.ts';
import { listProviders } from './terminal-read-service.ts';

const providerSchema = {
  type: 'object',
  required: ['id', 'name', 'code'],
  properties: { id: { type: 'integer' }, name: { type: 'string' }, code: { type: 'string' } },
} as const;

/** GET /api/v1/provider (SPEC §7): the providers for the provider report and account selects. */
export const providerRoutes = (app: FastifyInstance, db: Database) => {
  app.get(
    '/api/v1/provider',
    {
      // Providers are chosen on the Provider report card and when creating a people account;
      // nobody else needs the list of the platform's providers.
      config: { access: { anyOf: ['report.read.provider', 'people.account'] } },
      schema: {
        tags: ['providers'],
        operationId: 'listProviders',
        summary: 'Payment providers',
        response: { 200: dataEnvelope({ type: 'array', items: providerSchema }) },
      },
    },
    async () => ({ data: await listProviders(db) }),
  );
};
