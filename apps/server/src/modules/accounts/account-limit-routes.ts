import { validateAccountLimits } from '@paygate/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../../db/database.ts';
import { peopleAccountLimits } from '../../db/schema.ts';
import { badRequest } from '../../http/http-errors.ts';
import { dataEnvelope } from '../../http/response-envelope.ts';
import { recordEvent } from '../audit/event-log.ts';
import { requirePerson } from '../auth/authenticated-person.ts';
import { accountErrorResponses, EDIT_ACCOUNTS, VIEW_ACCOUNTS } from './account-access.ts';
import {
  ACCOUNT_ENTITY_TYPE,
  ACCOUNT_EVENT_CODES,
  describeChanges,
  describeValues,
} from './account-events.ts';
import {
  type LimitsRow,
  loadAccount,
  lockAccount,
  presentLimits,
  selectLimits,
} from './account-queries.ts';
import { accountIdParams, type LimitsBody, limitsBody, limitsSchema } from './account-schemas.ts';

const LIMITS_PATH = '/api/router/v1/people/account/limit/:id';

/** The client-settable part of a limits row, as the event log compares it. */
const settable = (row: Pick<LimitsRow, 'limit' | 'priority' | 'checkUniqueAmount'>) => ({
  limit: row.limit.toString(),
  priority: row.priority,
  checkUniqueAmount: row.checkUniqueAmount,
});

/** The balance is in the limits row but never the client's to set: said in words, not as "unknown". */
const refuseBalance = async (request: FastifyRequest) => {
  const body = request.body;
  if (body && typeof body === 'object' && Object.hasOwn(body, 'balance')) {
    throw badRequest('balance is kept by the payment engine and cannot be set');
  }
};

/**
 * GET and PUT /api/router/v1/people/account/limit/{id} (SPEC §7), addressed by peopleAccountId
 * (SPEC §3). PUT sets limit, priority and checkUniqueAmount; the balance is the payment engine's.
 */
export const accountLimitRoutes = async (app: FastifyInstance, { db }: { db: Database }) => {
  app.get<{ Params: { id: number } }>(
    LIMITS_PATH,
    {
      config: VIEW_ACCOUNTS,
      schema: {
        tags: ['people accounts'],
        summary: 'An account’s limits (data is null until they are set)',
        params: accountIdParams,
        response: {
          200: dataEnvelope({ anyOf: [limitsSchema, { type: 'null' }] }),
          ...accountErrorResponses,
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      await loadAccount(db, id);
      const limits = await selectLimits(db, id);
      return { data: limits ? presentLimits(limits) : null };
    },
  );

  app.put<{ Params: { id: number }; Body: LimitsBody }>(
    LIMITS_PATH,
    {
      config: EDIT_ACCOUNTS,
      preValidation: refuseBalance,
      schema: {
        tags: ['people accounts'],
        summary: 'Set an account’s limit, priority and unique-amount check',
        params: accountIdParams,
        body: limitsBody,
        response: { 200: dataEnvelope(limitsSchema), ...accountErrorResponses },
      },
    },
    async (request) => {
      const person = requirePerson(request.person);
      const { id } = request.params;
      const checked = validateAccountLimits(request.body);
      if (!checked.ok) throw badRequest(checked.errors[0]?.message ?? 'Invalid limits');
      const { limit, priority, checkUniqueAmount } = checked.value;

      const saved = await db.transaction(async (tx) => {
        // The account lock makes "before" below the row this upsert replaces.
        await lockAccount(tx, id);
        const before = await selectLimits(tx, id);
        const values = { limit: BigInt(limit), priority, checkUniqueAmount };
        // Upsert on the primary key: safe against a concurrent first write, and the balance,
        // which the payment engine keeps, is never part of the update.
        const [row] = await tx
          .insert(peopleAccountLimits)
          .values({ peopleAccountId: id, ...values })
          .onConflictDoUpdate({ target: peopleAccountLimits.peopleAccountId, set: values })
          .returning();
        if (!row) throw new Error('people account limits upsert returned nothing');
        const after = settable(row);
        const description = before
          ? describeChanges(settable(before), after)
          : describeValues(after);
        if (description !== '') {
          await recordEvent(tx, {
            eventCode: ACCOUNT_EVENT_CODES.limitsChanged,
            description: `Limits of account #${id} ${before ? 'changed' : 'set'}: ${description}`,
            personId: person.id,
            entityType: ACCOUNT_ENTITY_TYPE,
            entityId: id,
            sourceIp: request.ip,
          });
        }
        return row;
      });
      return { data: presentLimits(saved) };
    },
  );
};
