import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';

/** Terminals, terminal pools, providers and settlements (SPEC §7). */
export const terminalRoutes = async (_app: FastifyInstance, _options: { db: Database }) => {};
