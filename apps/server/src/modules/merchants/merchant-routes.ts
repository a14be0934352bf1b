import { MERCHANT_LIST_PAGE_SIZE, validateEntityName } from '@paygate/domain';
import { and, asc, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';
import { currencies, invoices, merchants, settlements, terminals } from '../../db/schema.ts';
import { errorResponseSchema } from '../../http/error-handler.ts';
import { badRequest, notFound } from '../../http/http-errors.ts';
import { minorUnitsJson } from '../../http/money-json.ts';
import { recordIdSchema } from '../../http/record-id.ts';
import { dataEnvelope } from '../../http/response-envelope.ts';
import { EVENT_CODES, recordEvent } from '../audit/event-log.ts';
import { requirePerson } from '../auth/authenticated-person.ts';
import {
  type MerchantScope,
  merchantIdQueryProperty,
  merchantScopeOf,
  scopeAllows,
  singleMerchantOf,
} from '../auth/merchant-scope.ts';
import { movedMoney } from '../invoices/money-movement.ts';
import { newMerchantKeys } from '../merchant-api/merchant-keys.ts';

const merchantSchema = {
  type: 'object',
  required: ['id', 'name', 'clientPublicKey', 'terminals'],
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    clientPublicKey: { type: 'string' },
    terminals: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'name'],
        properties: { id: { type: 'integer' }, name: { type: 'string' } },
      },
    },
  },
} as const;

/** The create answer: the only time the signing secret ever leaves the server. */
const createdMerchantSchema = {
  ...merchantSchema,
  required: [...merchantSchema.required, 'signingSecret'],
  properties: {
    ...merchantSchema.properties,
    signingSecret: {
      type: 'string',
      description:
        'Shown once, in this response only: the merchant signs API requests and verifies ' +
        'callbacks with it (docs/merchant-api.md). It cannot be read again.',
    },
  },
} as const;

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

const scopeCondition = (
  scope: MerchantScope,
  column: typeof invoices.merchantId,
): SQL | undefined =>
  scope.kind === 'all' ? undefined : inArray(column, scope.ids.length > 0 ? scope.ids : [-1]);

/** Merchants (SPEC §7): me, list, rename, create, and the dashboard's balance, deposit and withdrawal figures. */
export const merchantRoutes = async (app: FastifyInstance, { db }: { db: Database }) => {
  const presentMerchant = async (merchantId: number) => {
    const [merchant] = await db.select().from(merchants).where(eq(merchants.id, merchantId));
    if (!merchant) throw notFound('Merchant not found');
    const merchantTerminals = await db
      .select({ id: terminals.id, name: terminals.name })
      .from(terminals)
      .where(eq(terminals.merchantId, merchantId))
      .orderBy(asc(terminals.id));
    return {
      id: merchant.id,
      name: merchant.name,
      clientPublicKey: merchant.clientPublicKey,
      terminals: merchantTerminals,
    };
  };

  /** The terminal filter of a figures call, checked against the caller's merchants. */
  const figuresFilter = async (scope: MerchantScope, terminalId?: number) => {
    if (terminalId === undefined) return scopeCondition(scope, invoices.merchantId);
    const [terminal] = await db.select().from(terminals).where(eq(terminals.id, terminalId));
    if (!terminal || !scopeAllows(scope, terminal.merchantId)) throw notFound('Terminal not found');
    return eq(invoices.terminalId, terminalId);
  };

  const flowTotals = async (
    flowType: 'DEPOSIT' | 'WITHDRAWAL',
    scope: MerchantScope,
    testMode: boolean,
    terminalId?: number,
  ) => {
    const filter = await figuresFilter(scope, terminalId);
    const rows = await db
      .select({
        sum: sql<string>`coalesce(sum(${invoices.amount}), 0)`,
        count: count(),
        code: currencies.code,
        dimension: currencies.dimension,
      })
      .from(invoices)
      .innerJoin(currencies, eq(currencies.id, invoices.currencyId))
      .where(
        and(
          filter,
          eq(invoices.flowType, flowType),
          movedMoney,
          eq(invoices.isTestProcessing, testMode),
        ),
      )
      .groupBy(currencies.code, currencies.dimension)
      .orderBy(asc(currencies.code));
    return rows.map((row) => ({
      sum: minorUnitsJson(BigInt(row.sum)),
      count: row.count,
      currency: { code: row.code.trim(), dimension: row.dimension },
    }));
  };

  app.get<{ Querystring: { merchantId?: number } }>(
    '/api/v1/merchant/me',
    {
      config: { access: { permissions: ['merchant.read'] } },
      schema: {
        tags: ['merchants'],
        summary: 'The caller’s merchant (or the chosen one for merchant.rw.all)',
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: merchantIdQueryProperty,
        },
        response: { 200: dataEnvelope(merchantSchema), 404: errorResponseSchema },
      },
    },
    async (request) => {
      const person = requirePerson(request.person);
      return { data: await presentMerchant(singleMerchantOf(person, request.query.merchantId)) };
    },
  );

  app.get<{ Querystring: { page: number; size: number } }>(
    '/api/v1/merchant',
    {
      config: { access: { permissions: ['merchant.rw.all'] } },
      schema: {
        tags: ['merchants'],
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
          200: dataEnvelope({
            type: 'object',
            required: ['items', 'page', 'size', 'total'],
            properties: {
              items: { type: 'array', items: merchantSchema },
              page: { type: 'integer' },
              size: { type: 'integer' },
              total: { type: 'integer' },
            },
          }),
        },
      },
    },
    async (request) => {
      const { page, size } = request.query;
      const rows = await db
        .select({ id: merchants.id })
        .from(merchants)
        .orderBy(asc(merchants.id))
        .limit(size)
        .offset(page * size);
      const [total] = await db.select({ count: count() }).from(merchants);
      const items = await Promise.all(rows.map(({ id }) => presentMerchant(id)));
      return { data: { items, page, size, total: total?.count ?? 0 } };
    },
  );

  app.put<{ Params: { id: number }; Body: { name: string } }>(
    '/api/v1/merchant/:id',
    {
      config: { access: { permissions: ['merchant.read'] } },
      schema: {
        tags: ['merchants'],
        summary: 'Rename a merchant',
        params: idParams,
        body: nameBody,
        response: {
          200: dataEnvelope(merchantSchema),
          400: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const person = requirePerson(request.person);
      const { id } = request.params;
      if (!scopeAllows(merchantScopeOf(person), id)) throw notFound('Merchant not found');
      const message = validateEntityName(request.body.name);
      if (message) throw badRequest(message);
      const name = request.body.name.trim();
      const updated = await db
        .update(merchants)
        .set({ name })
        .where(eq(merchants.id, id))
        .returning();
      if (updated.length === 0) throw notFound('Merchant not found');
      await recordEvent(db, {
        eventCode: EVENT_CODES.merchantRenamed,
        description: `Merchant renamed to "${name}"`,
        personId: person.id,
        merchantId: id,
        entityType: 'merchant',
        entityId: id,
        sourceIp: request.ip,
      });
      return { data: await presentMerchant(id) };
    },
  );

  app.post<{ Body: { name: string } }>(
    '/api/v1/merchant',
    {
      // Its own permission, admins only (decision 0002): the answer carries the signing secret,
      // so merchant.rw.all (support, operators) is not enough.
      config: { access: { permissions: ['merchant.create'] } },
      schema: {
        tags: ['merchants'],
        summary: 'Create a merchant with a new key pair',
        description:
          'Answers the public key and the signing secret. The secret is shown once: store it ' +
          'now, no call returns it again.',
        body: nameBody,
        response: { 201: dataEnvelope(createdMerchantSchema), 400: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const person = requirePerson(request.person);
      const message = validateEntityName(request.body.name);
      if (message) throw badRequest(message);
      const keys = newMerchantKeys();
      const [merchant] = await db
        .insert(merchants)
        .values({ name: request.body.name.trim(), ...keys })
        .returning();
      if (!merchant) throw new Error('merchant insert returned nothing');
      await recordEvent(db, {
        eventCode: EVENT_CODES.merchantCreated,
        description: `Merchant "${merchant.name}" created`,
        personId: person.id,
        merchantId: merchant.id,
        entityType: 'merchant',
        entityId: merchant.id,
        sourceIp: request.ip,
      });
      return reply.code(201).send({
        data: { ...(await presentMerchant(merchant.id)), signingSecret: keys.signingSecret },
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
        summary: 'Completed deposits',
        response: { 200: totalsSchema },
      },
    },
    async (request) => {
      const person = requirePerson(request.person);
      const scope = merchantScopeOf(person, request.query.merchantId);
      return {
        data: await flowTotals('DEPOSIT', scope, person.testDashboard, request.query.terminalId),
      };
    },
  );

  app.get<{ Querystring: FiguresQuery }>(
    '/api/v1/merchant/withdrawal',
    {
      ...figuresRoute,
      schema: {
        ...figuresRoute.schema,
        summary: 'Completed withdrawals',
        response: { 200: totalsSchema },
      },
    },
    async (request) => {
      const person = requirePerson(request.person);
      const scope = merchantScopeOf(person, request.query.merchantId);
      return {
        data: await flowTotals('WITHDRAWAL', scope, person.testDashboard, request.query.terminalId),
      };
    },
  );

  app.get<{ Querystring: FiguresQuery }>(
    '/api/v1/merchant/balance',
    {
      ...figuresRoute,
      schema: {
        ...figuresRoute.schema,
        summary: 'Balance: completed deposits less fees, withdrawals and settlements, per currency',
        response: { 200: balanceSchema },
      },
    },
    async (request) => {
      const person = requirePerson(request.person);
      const scope = merchantScopeOf(person, request.query.merchantId);
      const { terminalId } = request.query;
      const filter = await figuresFilter(scope, terminalId);
      // Deposits add their amount less the fee; withdrawals take their amount plus the fee.
      const movements = await db
        .select({
          sum: sql<string>`coalesce(sum(CASE WHEN ${invoices.flowType} = 'DEPOSIT'
            THEN ${invoices.amount} - ${invoices.fee} ELSE -(${invoices.amount} + ${invoices.fee}) END), 0)`,
          code: currencies.code,
          dimension: currencies.dimension,
        })
        .from(invoices)
        .innerJoin(currencies, eq(currencies.id, invoices.currencyId))
        .where(and(filter, movedMoney, eq(invoices.isTestProcessing, person.testDashboard)))
        .groupBy(currencies.code, currencies.dimension)
        .orderBy(asc(currencies.code));
      const settled = await db
        .select({
          sum: sql<string>`coalesce(sum(${settlements.baseAmount}), 0)`,
          code: currencies.code,
        })
        .from(settlements)
        .innerJoin(terminals, eq(terminals.id, settlements.terminalId))
        .innerJoin(currencies, eq(currencies.id, terminals.currencyId))
        .where(
          terminalId !== undefined
            ? eq(settlements.terminalId, terminalId)
            : scope.kind === 'all'
              ? undefined
              : inArray(settlements.merchantId, scope.ids.length > 0 ? scope.ids : [-1]),
        )
        .groupBy(currencies.code);
      const settledByCode = new Map(settled.map((row) => [row.code.trim(), BigInt(row.sum)]));
      const byCurrency = new Map(
        movements.map((row) => [
          row.code.trim(),
          {
            sum: BigInt(row.sum) - (settledByCode.get(row.code.trim()) ?? 0n),
            dimension: row.dimension,
          },
        ]),
      );
      return {
        data: {
          balance: [...byCurrency.entries()].map(([code, { sum, dimension }]) => ({
            sum: minorUnitsJson(sum),
            currency: { code, dimension },
          })),
        },
      };
    },
  );
};
