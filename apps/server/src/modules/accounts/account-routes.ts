import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';

/** People accounts with credentials and limits (SPEC §7). */
export const accountRoutes = async (_app: FastifyInstance, _options: { db: Database }) => {};
