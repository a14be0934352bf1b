import {
  DEFAULT_MONITORING_PERIOD,
  MONITORING_PERIODS,
  MONITORING_REFRESH_FALLBACK_SECONDS,
  MONITORING_REFRESH_SECONDS,
} from '@paygate/domain';
import { and, asc, eq, gte, inArray, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';
import { invoices, terminals } from '../../db/schema.ts';
import { errorResponseSchema } from '../../http/error-handler.ts';
import { dataEnvelope } from '../../http/response-envelope.ts';
import { requirePerson } from '../auth/authenticated-person.ts';
import { merchantScopeOf } from '../auth/merchant-scope.ts';
import { merchantIdQuery } from './terminal-presenter.ts';

/** The longest statistics window: a week, enough for any monitoring period with room to spare. */
export const MAX_STATISTIC_MINUTES = 7 * 24 * 60;

/**
 * Colours of a terminal's success percent on the Monitoring screen (SPEC §9 leaves them open):
 * at or above `good` green, at or above `warning` amber, below red.
 */
export const SUCCESS_PERCENT_THRESHOLDS = { good: 80, warning: 50 } as const;

/** The monitoring settings of GET /api/v1/terminal/statistic. */
export const MONITORING_SETTINGS = {
  refreshIntervalSeconds: MONITORING_REFRESH_SECONDS,
  fallbackRefreshIntervalSeconds: MONITORING_REFRESH_FALLBACK_SECONDS,
  periods: MONITORING_PERIODS.map(({ id, label, minutes }) => ({ id, label, minutes })),
  defaultPeriod: DEFAULT_MONITORING_PERIOD,
  maxMinutes: MAX_STATISTIC_MINUTES,
  successPercentThresholds: SUCCESS_PERCENT_THRESHOLDS,
};

const settingsSchema = {
  type: 'object',
  required: [
    'refreshIntervalSeconds',
    'fallbackRefreshIntervalSeconds',
    'periods',
    'defaultPeriod',
    'maxMinutes',
    'successPercentThresholds',
  ],
  properties: {
    refreshIntervalSeconds: { type: 'integer' },
    fallbackRefreshIntervalSeconds: {
      type: 'integer',
      description: 'For a client that cannot use refreshIntervalSeconds',
    },
    periods: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'label', 'minutes'],
        properties: {
          id: { type: 'string' },
          label: { type: 'string' },
          minutes: {
            type: ['integer', 'null'],
            description: 'Null for "from day start": minutes since UTC midnight at request time',
          },
        },
      },
    },
    defaultPeriod: { type: 'string' },
    maxMinutes: { type: 'integer' },
    successPercentThresholds: {
      type: 'object',
      required: ['good', 'warning'],
      properties: { good: { type: 'number' }, warning: { type: 'number' } },
    },
  },
} as const;

const statisticSchema = {
  type: 'object',
  required: [
    'terminalId',
    'terminalName',
    'merchantId',
    'isTest',
    'enable',
    'totalCount',
    'newCount',
    'successCount',
    'successPercent',
    'cancelCount',
    'cancelPercent',
    'declinedCount',
    'declinedPercent',
  ],
  properties: {
    terminalId: { type: 'integer' },
    terminalName: { type: 'string' },
    merchantId: { type: 'integer' },
    isTest: { type: 'boolean' },
    enable: { type: 'boolean' },
    totalCount: { type: 'integer' },
    newCount: { type: 'integer', description: 'NEW and IN_PROGRESS' },
    successCount: { type: 'integer', description: 'DONE and PAYED' },
    successPercent: { type: 'number' },
    cancelCount: { type: 'integer', description: 'CANCELED' },
    cancelPercent: { type: 'number' },
    declinedCount: { type: 'integer', description: 'DECLINED' },
    declinedPercent: { type: 'number' },
  },
} as const;

/** Share of the total in percent, to two decimals; 0 of nothing is 0. */
export const percentOf = (count: number, total: number): number =>
  total === 0 ? 0 : Math.round((count * 10_000) / total) / 100;

const countWhere = (condition: SQL) =>
  sql<number>`count(${invoices.id}) filter (where ${condition})`.mapWith(Number);

/** GET /api/v1/terminal/statistic (settings) and GET /api/data/v1/terminal (figures), SPEC §7, §9. */
export const terminalMonitoringRoutes = (app: FastifyInstance, db: Database) => {
  app.get(
    '/api/v1/terminal/statistic',
    {
      config: { access: { permissions: ['terminal.statistic.settings'] } },
      schema: {
        tags: ['monitoring'],
        summary: 'Monitoring settings: refresh interval, periods, success colour thresholds',
        response: { 200: dataEnvelope(settingsSchema) },
      },
    },
    async () => ({ data: MONITORING_SETTINGS }),
  );

  app.get<{ Querystring: { minutes: number; merchantId?: number } }>(
    '/api/data/v1/terminal',
    {
      config: { access: { permissions: ['data.terminal.statistic'] } },
      schema: {
        tags: ['monitoring'],
        summary: 'Per terminal: invoices created in the last `minutes`, by outcome',
        description:
          'Every terminal of the merchant(s) in scope, also those without invoices. Percents ' +
          'are of totalCount, rounded to two decimals. minutes may be 0 ("from day start" at ' +
          'midnight UTC), which counts nothing.',
        querystring: {
          type: 'object',
          required: ['minutes'],
          additionalProperties: false,
          properties: {
            minutes: { type: 'integer', minimum: 0, maximum: MAX_STATISTIC_MINUTES },
            ...merchantIdQuery,
          },
        },
        response: {
          200: dataEnvelope({ type: 'array', items: statisticSchema }),
          400: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const { minutes, merchantId } = request.query;
      const scope = merchantScopeOf(requirePerson(request.person), merchantId);
      // The database clock decides the window, as it stamped the invoices' creation.
      const since = sql`now() - make_interval(mins => ${minutes}::int)`;
      const rows = await db
        .select({
          terminalId: terminals.id,
          terminalName: terminals.name,
          merchantId: terminals.merchantId,
          isTest: terminals.isTest,
          enable: terminals.enabled,
          totalCount: sql<number>`count(${invoices.id})`.mapWith(Number),
          newCount: countWhere(inArray(invoices.status, ['NEW', 'IN_PROGRESS'])),
          successCount: countWhere(inArray(invoices.status, ['DONE', 'PAYED'])),
          cancelCount: countWhere(eq(invoices.status, 'CANCELED')),
          declinedCount: countWhere(eq(invoices.status, 'DECLINED')),
        })
        .from(terminals)
        .leftJoin(
          invoices,
          and(eq(invoices.terminalId, terminals.id), gte(invoices.createdAt, since)),
        )
        .where(
          scope.kind === 'all'
            ? undefined
            : inArray(terminals.merchantId, scope.ids.length > 0 ? scope.ids : [-1]),
        )
        .groupBy(terminals.id)
        .orderBy(asc(terminals.merchantId), asc(terminals.id));
      return {
        data: rows.map((row) => ({
          ...row,
          successPercent: percentOf(row.successCount, row.totalCount),
          cancelPercent: percentOf(row.cancelCount, row.totalCount),
          declinedPercent: percentOf(row.declinedCount, row.totalCount),
        })),
      };
    },
  );
};
