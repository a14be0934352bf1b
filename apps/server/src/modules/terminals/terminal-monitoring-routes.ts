import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';
import { errorResponseSchema } from '../../http/error-handler.ts';
import { dataEnvelope } from '../../http/response-envelope.ts';
import { merchantScopeOf, requirePerson } from '../auth/auth-entry.ts';
import {
  MAX_STATISTIC_MINUTES,
  MONITORING_SETTINGS,
  terminalStatistics,
} from './terminal-monitoring-service.ts';
import { merchantIdQuery } from './terminal-presenter.ts';

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

/** GET /api/v1/terminal/statistic (settings) and GET /api/data/v1/terminal (figures), SPEC §7, §9. */
export const terminalMonitoringRoutes = (app: FastifyInstance, db: Database) => {
  app.get(
    '/api/v1/terminal/statistic',
    {
      config: { access: { permissions: ['terminal.statistic.settings'] } },
      schema: {
        tags: ['monitoring'],
        operationId: 'getMonitoringSettings',
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
        operationId: 'getTerminalStatistics',
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
      return { data: await terminalStatistics(db, scope, minutes) };
    },
  );
};
