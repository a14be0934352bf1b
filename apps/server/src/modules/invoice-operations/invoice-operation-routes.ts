import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';

/** Invoice history, callbacks, tickets and changes (SPEC §7). */
export const invoiceOperationRoutes = async (
  _app: FastifyInstance,
  _options: { db: Database },
) => {};
