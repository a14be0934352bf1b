import { MERCHANT_LIST_PAGE_SIZE } from '@paygate/domain';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';
import { errorResponseSchema } from '../../http/error-handler.ts';
import { recordIdSchema } from '../../http/record-id.ts';
import { dataEnvelope, pageEnvelope } from '../../http/response-envelope.ts';
import { addSharedSchemas } from '../../http/shared-schemas.ts';
import {
  merchantIdQueryProperty,
  merchantScopeOf,
  requirePerson,
  singleMerchantOf,
} from '../auth/auth-entry.ts';
import { flowTotals, merchantBalance } from './merchant-figures-service.ts';
import { createdMerchantSchema, merchantComponent } from './merchant-presenter.ts';
import {
  createMerchant,
  listMerchants,
  merchantDetails,
  renameMerchant,
} from './merchant-service.ts';

const currencyRefSchema = {
  type: 'object',
  required: ['code', 'dimension'],
  properties: { code: { type: 'string' }, dimension: { type: 'integer' } },
} as const;

const totalsSchema = dataEnvelope({
  type: 'array',
  items: {
    type: 'object',
    required: ['sum', 'count', 'currency'],
    properties: {
      sum: { type: 'integer' },
      count: { type: 'integer' },
      currency: currencyRefSchema,
    },
  },
});

const balanceSchema = dataEnvelope({
  type: 'object',
  required: ['balance'],
  properties: {
    balance: {
      type: 'array',
      items: {
        type: 'object',
        required: ['sum', 'currency'],
        properties: { sum: { type: 'integer' }, currency: currencyRefSchema },
      },
    },
  },
});

const nameBody = {
  type: 'object',
  required: ['name'],
  additionalProperties: false,
  properties: { name: { type: 'string', maxLength: 200 } },
} as const;

const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: recordIdSchema },
} as const;

const figuresQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    ...merchantIdQueryProperty,
    terminalId: recordIdSchema,
  },
} as const;

type FiguresQuery = { merchantId?: number; terminalId?: number };

/** Merchants (SPEC §7): me, list, rename, create, and the dashboard's balance, deposit and withdrawal figures. */
export const merchantRoutes = async (app: FastifyInstance, { db }: { db: Database }) => {
  addSharedSchemas(app, [merchantComponent]);
  app.get<{ Querystring: { merchantId?: number } }>(
    '/api/v1/merchant/me',
    {
      config: { access: { permissions: ['merchant.read'] } },
      schema: {
        tags: ['merchants'],
        operationId: 'getCurrentMerchant',
        summary: 'The caller’s merchant (or the chosen one for merchant.rw.all)',
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: merchantIdQueryProperty,
        },
        response: { 200: dataEnvelope(merchantComponent.ref), 404: errorResponseSchema },
      },
    },
    async (request) => {
      const person = requirePerson(request.person);
      return {
        data: await merchantDetails(db, singleMerchantOf(person, request.query.merchantId)),
      };
    },
  );

  app.get<{ Querystring: { page: number; size: number } }>(
    '/api/v1/merchant',
    {
      config: { access: { permissions: ['merchant.rw.all'] } },
      schema: {
        tags: ['merchants'],
        operationId: 'listMerchants',
        summary: 'Every merchant, a page at a time',
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            // Bounded: a page past the end is empty, a huge one would be a database error.
            page: { type: 'integer', minimum: 0, maximum: 1_000_000, default: 0 },
            size: { type: 'integer', minimum: 1, maximum: 200, default: MERCHANT_LIST_PAGE_SIZE },
          },
        },
        response: {
          200: pageEnvelope(merchantComponent.ref),
        },
      },
    },
    async (request) => ({ data: await listMerchants(db, request.query) }),
  );

  app.put<{ Params: { id: number }; Body: { name: string } }>(
    '/api/v1/merchant/:id',
    {
      config: { access: { permissions: ['merchant.read'] } },
      schema: {
        tags: ['merchants'],
        operationId: 'renameMerchant',
        summary: 'Rename a merchant',
        params: idParams,
        body: nameBody,
        response: {
          200: dataEnvelope(merchantComponent.ref),
          400: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const person = requirePerson(request.person);
      const { id } = request.params;
      await renameMerchant(db, { person, sourceIp: request.ip }, id, request.body.name);
      return { data: await merchantDetails(db, id) };
    },
  );

  app.post<{ Body: { name: string } }>(
    '/api/v1/merchant',
    {
      // Its own permission, admins only (decision 0002): the answer carries the signing secret,
      // so merchant.rw.all (support, operators) is not enough; and it issues keys, so a recent
      // sign-in is asked (decision 0019).
      config: { access: { permissions: ['merchant.create'] }, recentAuthentication: true },
      schema: {
        tags: ['merchants'],
        operationId: 'createMerchant',
        summary: 'Create a merchant with a new key pair',
        description:
          'Answers the public key and the signing secret. The secret is shown once: store it ' +
          'now, no call returns it again.',
        body: nameBody,
        response: {
          201: dataEnvelope(createdMerchantSchema),
          400: errorResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const person = requirePerson(request.person);
      const changer = { person, sourceIp: request.ip };
      const { merchantId, signingSecret, webhookSecret } = await createMerchant(
        db,
        changer,
        request.body.name,
      );
      return reply.code(201).send({
        data: { ...(await merchantDetails(db, merchantId)), signingSecret, webhookSecret },
      });
    },
  );

  const figuresRoute = {
    config: { access: { permissions: [] } },
    schema: { tags: ['merchants'], querystring: figuresQuery },
  } as const;

  app.get<{ Querystring: FiguresQuery }>(
    '/api/v1/merchant/deposit',
    {
      ...figuresRoute,
      schema: {
        ...figuresRoute.schema,
        operationId: 'getDepositTotals',
        summary: 'Completed deposits',
        response: { 200: totalsSchema },
      },
    },
    async (request) => {
      const person = requirePerson(request.person);
      const scope = merchantScopeOf(person, request.query.merchantId);
      return { data: await flowTotals(db, 'DEPOSIT', person, scope, request.query.terminalId) };
    },
  );

  app.get<{ Querystring: FiguresQuery }>(
    '/api/v1/merchant/withdrawal',
    {
      ...figuresRoute,
      schema: {
        ...figuresRoute.schema,
        operationId: 'getWithdrawalTotals',
        summary: 'Completed withdrawals',
        response: { 200: totalsSchema },
      },
    },
    async (request) => {
      const person = requirePerson(request.person);
      const scope = merchantScopeOf(person, request.query.merchantId);
      return {
        data: await flowTotals(db, 'WITHDRAWAL', person, scope, request.query.terminalId),
      };
    },
  );

  app.get<{ Querystring: FiguresQuery }>(
    '/api/v1/merchant/balance',
    {
      ...figuresRoute,
      schema: {
        ...figuresRoute.schema,
        operationId: 'getMerchantBalance',
        summary: 'Balance: completed deposits less fees, withdrawals and settlements, per currency',
        response: { 200: balanceSchema },
      },
    },
    async (request) => {
      const person = requirePerson(request.person);
      const scope = merchantScopeOf(person, request.query.merchantId);
      return { data: await merchantBalance(db, person, scope, request.query.terminalId) };
    },
  );
};
