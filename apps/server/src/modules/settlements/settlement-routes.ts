import { formatMinorUnits } from '@paygate/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';
import { currencies, settlements } from '../../db/schema.ts';
import { errorResponseSchema } from '../../http/error-handler.ts';
import { conflict } from '../../http/http-errors.ts';
import { minorUnitsJson } from '../../http/money-json.ts';
import { dataEnvelope } from '../../http/response-envelope.ts';
import { recordEvent } from '../audit/event-log.ts';
import { requirePerson } from '../auth/authenticated-person.ts';
import { merchantScopeOf } from '../auth/merchant-scope.ts';
import { changeMerchantBalance } from '../balances/merchant-balance-repository.ts';
import { idSchema, lockVisibleTerminal, merchantIdQuery } from '../terminals/terminal-presenter.ts';
import { terminalBalance } from './terminal-balance.ts';

/** Event codes of settlements. */
export const SETTLEMENT_EVENT_CODES = {
  created: 'SETTLEMENT_CREATED',
} as const;

/** Settlements are paid in USDT, counted in micro-USDT (6 decimals), SPEC §3. */
export const SETTLEMENT_CURRENCY = { code: 'USDT', dimension: 6 } as const;

/** Positive minor units a JavaScript client reads exactly (docs/decisions/0003 Money). */
const positiveMinorUnits = {
  type: 'integer',
  minimum: 1,
  maximum: Number.MAX_SAFE_INTEGER,
} as const;

const settlementBody = {
  type: 'object',
  required: ['baseAmount', 'settlementAmount', 'terminalId'],
  additionalProperties: false,
  properties: {
    baseAmount: {
      ...positiveMinorUnits,
      description: 'Taken from the terminal’s balance, in its currency’s minor units',
    },
    settlementAmount: {
      ...positiveMinorUnits,
      description: 'Paid to the merchant, in micro-USDT (6 decimals)',
    },
    terminalId: idSchema,
  },
} as const;

const settlementSchema = {
  type: 'object',
  required: ['id', 'terminalId', 'merchantId', 'baseAmount', 'settlementAmount', 'createdAt'],
  properties: {
    id: { type: 'integer' },
    terminalId: { type: 'integer' },
    merchantId: { type: 'integer' },
    baseAmount: { type: 'integer', description: 'Terminal currency minor units' },
    settlementAmount: { type: 'integer', description: 'Micro-USDT' },
    createdAt: { type: 'string', format: 'date-time' },
  },
} as const;

/** POST /api/v1/settlement (SPEC §7): pay part of a terminal's balance out in USDT. */
export const settlementRoutes = (app: FastifyInstance, db: Database) => {
  app.post<{
    Querystring: { merchantId?: number };
    Body: { baseAmount: number; settlementAmount: number; terminalId: number };
  }>(
    '/api/v1/settlement',
    {
      config: { access: { permissions: ['settlement.create'] } },
      schema: {
        tags: ['settlements'],
        summary: 'Settle part of a terminal’s available balance',
        description:
          'The available balance is completed deposits less fees, less completed withdrawals ' +
          'with fees, less withdrawals under way, less earlier settlements; test-processing ' +
          'invoices do not count. A base amount above it is refused with 409.',
        querystring: { type: 'object', additionalProperties: false, properties: merchantIdQuery },
        body: settlementBody,
        response: {
          201: dataEnvelope(settlementSchema),
          400: errorResponseSchema,
          403: errorResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const person = requirePerson(request.person);
      const scope = merchantScopeOf(person, request.query.merchantId);
      const baseAmount = BigInt(request.body.baseAmount);
      const settlementAmount = BigInt(request.body.settlementAmount);

      const settlement = await db.transaction(async (tx) => {
        // The row lock makes settlements of one terminal take turns: each sees the ones before.
        const terminal = await lockVisibleTerminal(tx, scope, request.body.terminalId);
        const [currency] = await tx
          .select({ code: currencies.code, dimension: currencies.dimension })
          .from(currencies)
          .where(eq(currencies.id, terminal.currencyId));
        const code = currency?.code.trim() ?? '';
        const amountText = (minor: bigint) =>
          `${formatMinorUnits(minor, currency?.dimension ?? 0)} ${code}`.trim();

        const { available } = await terminalBalance(tx, terminal);
        if (baseAmount > available) {
          throw conflict(
            `Settlement of ${amountText(baseAmount)} exceeds the terminal's available balance ` +
              `of ${amountText(available)}`,
          );
        }
        // The terminal's deposits also fund the merchant's payouts in this currency: queued
        // payouts hold their part of the merchant balance, which a settlement cannot take.
        await changeMerchantBalance(
          tx,
          { merchantId: terminal.merchantId, currencyId: terminal.currencyId },
          { available: -baseAmount, reserved: 0n },
          { requireCover: true, what: 'this settlement' },
        );
        const [created] = await tx
          .insert(settlements)
          .values({
            merchantId: terminal.merchantId,
            terminalId: terminal.id,
            baseAmount,
            settlementAmount,
            createdBy: person.id,
          })
          .returning();
        if (!created) throw new Error('settlement insert returned nothing');
        await recordEvent(tx, {
          eventCode: SETTLEMENT_EVENT_CODES.created,
          description:
            `Settlement ${created.id} of ${amountText(baseAmount)} for ` +
            `${formatMinorUnits(settlementAmount, SETTLEMENT_CURRENCY.dimension)} ` +
            `${SETTLEMENT_CURRENCY.code} on terminal "${terminal.name}"`,
          personId: person.id,
          merchantId: terminal.merchantId,
          entityType: 'settlement',
          entityId: created.id,
          sourceIp: request.ip,
        });
        return created;
      });

      return reply.code(201).send({
        data: {
          id: settlement.id,
          terminalId: settlement.terminalId,
          merchantId: settlement.merchantId,
          baseAmount: minorUnitsJson(settlement.baseAmount),
          settlementAmount: minorUnitsJson(settlement.settlementAmount),
          createdAt: settlement.createdAt.toISOString(),
        },
      });
    },
  );
};
