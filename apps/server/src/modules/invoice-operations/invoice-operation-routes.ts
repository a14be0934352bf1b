import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';
import { callbackRoutes } from './callback-routes.ts';
import { invoiceChangeRoutes } from './invoice-change-routes.ts';
import { invoiceHistoryRoutes } from './invoice-history-routes.ts';
import { supportTicketRoutes } from './support-ticket-routes.ts';

/** Invoice history, callbacks, support tickets and manual changes (SPEC §7 "Invoices"). */
export const invoiceOperationRoutes = async (app: FastifyInstance, { db }: { db: Database }) => {
  invoiceHistoryRoutes(app, db);
  invoiceChangeRoutes(app, db);
  callbackRoutes(app, db);
  supportTicketRoutes(app, db);
};
