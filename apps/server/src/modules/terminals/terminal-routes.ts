import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';
import { providerRoutes } from './provider-routes.ts';
import { terminalChangeRoutes } from './terminal-change-routes.ts';
import { terminalMonitoringRoutes } from './terminal-monitoring-routes.ts';
import { terminalReadRoutes } from './terminal-read-routes.ts';

/** Terminals, terminal pools and providers (SPEC §7). */
export const terminalRoutes = async (app: FastifyInstance, { db }: { db: Database }) => {
  terminalReadRoutes(app, db);
  terminalChangeRoutes(app, db);
  terminalMonitoringRoutes(app, db);
  providerRoutes(app, db);
};
