import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';
import { invoiceCallbackRoutes } from './invoice-callback-routes.ts';
import { invoiceChangeRoutes } from './invoice-change-routes.ts';
import { invoiceHistoryRoutes } from './invoice-history-routes.ts';
import { invoiceListRoutes } from './invoice-list-routes.ts';
import { supportTicketRoutes } from './support-ticket-routes.ts';

/**
 * The back office's invoice calls (SPEC §7 "Invoices"): list and details, history, manual
 * changes, callbacks and support tickets.
 */
export const invoiceRoutes = async (app: FastifyInstance, { db }: { db: Database }) => {
  invoiceListRoutes(app, db);
  invoiceHistoryRoutes(app, db);
  invoiceChangeRoutes(app, db);
  invoiceCallbackRoutes(app, db);
  supportTicketRoutes(app, db);
};
