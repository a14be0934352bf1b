import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';
import { balanceMovementRoutes } from './balance-movement-routes.ts';
import { balanceReportRoutes } from './balance-report-routes.ts';
import { balanceStatementRoutes } from './balance-statement-routes.ts';
import { invoiceCsvRoutes } from './invoice-csv-routes.ts';
import { poolBalanceReportRoutes } from './pool-balance-report-routes.ts';
import { providerReportRoutes } from './provider-report-routes.ts';
import { transactionsReportRoutes } from './transactions-report-routes.ts';

/**
 * GET /api/v1/invoice/csv, the four CSV reports of SPEC §7 and the balance statement, one file
 * each; and the statement's rows on screen, GET /api/v1/balance/movements (decision 0029).
 */
export const reportRoutes = async (app: FastifyInstance, { db }: { db: Database }) => {
  invoiceCsvRoutes(app, db);
  transactionsReportRoutes(app, db);
  balanceReportRoutes(app, db);
  balanceStatementRoutes(app, db);
  balanceMovementRoutes(app, db);
  providerReportRoutes(app, db);
  poolBalanceReportRoutes(app, db);
};
