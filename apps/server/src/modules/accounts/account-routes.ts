import { validateAccountCreate } from '@paygate/domain';
import { and, asc, count, eq, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';
import { paymentMethods, peopleAccounts, providers } from '../../db/schema.ts';
import { badRequest, notFound } from '../../http/http-errors.ts';
import { dataEnvelope } from '../../http/response-envelope.ts';
import { recordEvent } from '../audit/event-log.ts';
import { requirePerson } from '../auth/authenticated-person.ts';
import { accountErrorResponses, EDIT_ACCOUNTS, VIEW_ACCOUNTS } from './account-access.ts';
import { accountCredentialRoutes } from './account-credential-routes.ts';
import { ACCOUNT_ENTITY_TYPE, ACCOUNT_EVENT_CODES } from './account-events.ts';
import { accountLimitRoutes } from './account-limit-routes.ts';
import {
  ACCOUNT_NOT_FOUND,
  presentAccount,
  presentAccountDetails,
  selectAccountRows,
} from './account-queries.ts';
import {
  type AccountListQuery,
  accountDetailsSchema,
  accountIdParams,
  accountListItemSchema,
  accountListQuery,
  type CreateBody,
  createBody,
  toggleBody,
} from './account-schemas.ts';

/**
 * People accounts (SPEC §7 "Session and people"): the platform's provider-side accounts whose
 * requisites customers pay to. List, details, enable/disable and create here; limits and
 * credentials in their own modules.
 */
export const accountRoutes = async (app: FastifyInstance, { db }: { db: Database }) => {
  app.get<{ Querystring: AccountListQuery }>(
    '/api/v1/people/account',
    {
      config: VIEW_ACCOUNTS,
      schema: {
        tags: ['people accounts'],
        summary: 'Accounts, a page at a time, ordered by id',
        querystring: accountListQuery,
        response: {
          200: dataEnvelope({
            type: 'object',
            required: ['items', 'page', 'size', 'total'],
            properties: {
              items: { type: 'array', items: accountListItemSchema },
              page: { type: 'integer' },
              size: { type: 'integer' },
              total: { type: 'integer' },
            },
          }),
          ...accountErrorResponses,
        },
      },
    },
    async (request) => {
      const { page, size, enabled, providerId, paymentMethodId } = request.query;
      const where = and(
        enabled === undefined ? undefined : eq(peopleAccounts.enabled, enabled),
        providerId === undefined ? undefined : eq(peopleAccounts.providerId, providerId),
        paymentMethodId === undefined
          ? undefined
          : eq(peopleAccounts.paymentMethodId, paymentMethodId),
      );
      const rows = await selectAccountRows(db, where)
        .orderBy(asc(peopleAccounts.id))
        .limit(size)
        .offset(page * size);
      const [total] = await db.select({ count: count() }).from(peopleAccounts).where(where);
      return {
        data: { items: rows.map(presentAccount), page, size, total: total?.count ?? 0 },
      };
    },
  );

  app.get<{ Params: { id: number } }>(
    '/api/v1/people/account/:id',
    {
      config: VIEW_ACCOUNTS,
      schema: {
        tags: ['people accounts'],
        summary: 'One account with its credentials and limits',
        params: accountIdParams,
        response: { 200: dataEnvelope(accountDetailsSchema), ...accountErrorResponses },
      },
    },
    async (request) => ({ data: await presentAccountDetails(db, request.params.id) }),
  );

  app.patch<{ Params: { id: number }; Body: { enabled: boolean } }>(
    '/api/v1/people/account/:id',
    {
      config: EDIT_ACCOUNTS,
      schema: {
        tags: ['people accounts'],
        summary: 'Enable or disable an account',
        params: accountIdParams,
        body: toggleBody,
        response: { 200: dataEnvelope(accountDetailsSchema), ...accountErrorResponses },
      },
    },
    async (request) => {
      const person = requirePerson(request.person);
      const { id } = request.params;
      const { enabled } = request.body;
      await db.transaction(async (tx) => {
        // One conditional update: of two identical toggles racing, one changes and logs.
        const changed = await tx
          .update(peopleAccounts)
          .set({ enabled })
          .where(and(eq(peopleAccounts.id, id), ne(peopleAccounts.enabled, enabled)))
          .returning({ id: peopleAccounts.id });
        if (changed.length === 0) {
          const [exists] = await tx
            .select({ id: peopleAccounts.id })
            .from(peopleAccounts)
            .where(eq(peopleAccounts.id, id));
          if (!exists) throw notFound(ACCOUNT_NOT_FOUND);
          return; // Already so: nothing changed, nothing to log.
        }
        await recordEvent(tx, {
          eventCode: enabled
            ? ACCOUNT_EVENT_CODES.accountEnabled
            : ACCOUNT_EVENT_CODES.accountDisabled,
          description: `Account #${id} ${enabled ? 'enabled' : 'disabled'}`,
          personId: person.id,
          entityType: ACCOUNT_ENTITY_TYPE,
          entityId: id,
          sourceIp: request.ip,
        });
      });
      return { data: await presentAccountDetails(db, id) };
    },
  );

  app.post<{ Body: CreateBody }>(
    '/api/v1/people/create',
    {
      config: EDIT_ACCOUNTS,
      schema: {
        tags: ['people accounts'],
        summary: 'Create an account (disabled unless enabled is true)',
        body: createBody,
        response: { 201: dataEnvelope(accountDetailsSchema), ...accountErrorResponses },
      },
    },
    async (request, reply) => {
      const person = requirePerson(request.person);
      const checked = validateAccountCreate(request.body);
      if (!checked.ok) throw badRequest(checked.errors[0]?.message ?? 'Invalid account');
      const input = checked.value;
      const [provider] = await db
        .select({ name: providers.name })
        .from(providers)
        .where(eq(providers.id, input.providerId));
      if (!provider) throw badRequest('Unknown provider');
      const [method] = await db
        .select({ name: paymentMethods.name })
        .from(paymentMethods)
        .where(eq(paymentMethods.id, input.paymentMethodId));
      if (!method) throw badRequest('Unknown payment method');

      const { enabled } = request.body;
      const accountId = await db.transaction(async (tx) => {
        const [account] = await tx
          .insert(peopleAccounts)
          .values({ ...input, enabled })
          .returning({ id: peopleAccounts.id });
        if (!account) throw new Error('people account insert returned nothing');
        await recordEvent(tx, {
          eventCode: ACCOUNT_EVENT_CODES.accountCreated,
          description:
            `Account #${account.id} created: ${provider.name}, ${method.name}, ` +
            `${input.bankName}, ${enabled ? 'enabled' : 'disabled'}`,
          personId: person.id,
          entityType: ACCOUNT_ENTITY_TYPE,
          entityId: account.id,
          sourceIp: request.ip,
        });
        return account.id;
      });
      return reply.code(201).send({ data: await presentAccountDetails(db, accountId) });
    },
  );

  await accountLimitRoutes(app, { db });
  await accountCredentialRoutes(app, { db });
};
