import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';
import { settlementRoutes } from '../settlements/settlement-routes.ts';
import { providerRoutes } from './provider-routes.ts';
import { terminalChangeRoutes } from './terminal-change-routes.ts';
import { terminalMonitoringRoutes } from './terminal-monitoring-routes.ts';
import { terminalReadRoutes } from './terminal-read-routes.ts';

/** Terminals, terminal pools, providers and settlements (SPEC §7). */
export const terminalRoutes = async (app: FastifyInstance, { db }: { db: Database }) => {
  terminalReadRoutes(app, db);
  terminalChangeRoutes(app, db);
  terminalMonitoringRoutes(app, db);
  providerRoutes(app, db);
  settlementRoutes(app, db);
};
