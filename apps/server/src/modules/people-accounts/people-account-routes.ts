import { MAX_LISTED_AMOUNT_HOLDS } from '@paygate/domain';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';
import { dataEnvelope, pageEnvelope } from '../../http/response-envelope.ts';
import { addSharedSchemas } from '../../http/shared-schemas.ts';
import { requirePerson } from '../auth/auth-entry.ts';
import { accountErrorResponses, EDIT_ACCOUNTS, VIEW_ACCOUNTS } from './people-account-access.ts';
import { accountCredentialRoutes } from './people-account-credential-routes.ts';
import { accountLimitRoutes } from './people-account-limit-routes.ts';
import {
  type AccountListQuery,
  accountDetailsComponent,
  accountIdParams,
  accountListItemSchema,
  accountListQuery,
  amountHoldSchema,
  type CreateBody,
  createBody,
  credentialComponent,
  limitsComponent,
  toggleBody,
} from './people-account-schemas.ts';
import {
  accountAmountHolds,
  accountDetails,
  createAccount,
  listAccounts,
  setAccountEnabled,
} from './people-account-service.ts';

/**
 * People accounts (SPEC §7 "Session and people"): the platform's provider-side accounts whose
 * requisites customers pay to. List, details, enable/disable and create here; limits and
 * credentials in their own route files. Rules and transactions: people-account-*-service.ts.
 */
export const accountRoutes = async (app: FastifyInstance, { db }: { db: Database }) => {
  // Details name the credential and limits schemas.
  addSharedSchemas(app, [credentialComponent, limitsComponent, accountDetailsComponent]);
  app.get<{ Querystring: AccountListQuery }>(
    '/api/v1/people/account',
    {
      config: VIEW_ACCOUNTS,
      schema: {
        tags: ['people accounts'],
        operationId: 'listPeopleAccounts',
        summary: 'Accounts, a page at a time, ordered by id',
        querystring: accountListQuery,
        response: {
          200: pageEnvelope(accountListItemSchema),
          ...accountErrorResponses,
        },
      },
    },
    async (request) => ({ data: await listAccounts(db, request.query) }),
  );

  app.get<{ Params: { id: number } }>(
    '/api/v1/people/account/:id',
    {
      config: VIEW_ACCOUNTS,
      schema: {
        tags: ['people accounts'],
        operationId: 'getPeopleAccount',
        summary: 'One account with its credentials and limits',
        params: accountIdParams,
        response: { 200: dataEnvelope(accountDetailsComponent.ref), ...accountErrorResponses },
      },
    },
    async (request) => ({ data: await accountDetails(db, request.params.id) }),
  );

  app.get<{ Params: { id: number } }>(
    '/api/v1/people/account/:id/amount-holds',
    {
      config: VIEW_ACCOUNTS,
      schema: {
        tags: ['people accounts'],
        operationId: 'listPeopleAccountAmountHolds',
        summary: 'Amounts the account holds from other payments (decision 0008)',
        description: `On an account that checks unique amounts, a real payment holds its amount while it waits for its money and, after it ends unpaid, until heldUntil, so a late transfer cannot be matched to another payment; an account that does not check unique amounts holds none. Waiting payments first, then unpaid ones, newest first; at most ${MAX_LISTED_AMOUNT_HOLDS}.`,
        params: accountIdParams,
        response: {
          200: dataEnvelope({ type: 'array', items: amountHoldSchema }),
          ...accountErrorResponses,
        },
      },
    },
    async (request) => ({ data: await accountAmountHolds(db, request.params.id) }),
  );

  app.patch<{ Params: { id: number }; Body: { enabled: boolean } }>(
    '/api/v1/people/account/:id',
    {
      config: EDIT_ACCOUNTS,
      schema: {
        tags: ['people accounts'],
        operationId: 'setPeopleAccountEnabled',
        summary: 'Enable or disable an account',
        params: accountIdParams,
        body: toggleBody,
        response: { 200: dataEnvelope(accountDetailsComponent.ref), ...accountErrorResponses },
      },
    },
    async (request) => {
      const person = requirePerson(request.person);
      const { id } = request.params;
      await setAccountEnabled(db, { person, sourceIp: request.ip }, id, request.body.enabled);
      return { data: await accountDetails(db, id) };
    },
  );

  app.post<{ Body: CreateBody }>(
    '/api/v1/people/create',
    {
      config: EDIT_ACCOUNTS,
      schema: {
        tags: ['people accounts'],
        operationId: 'createPeopleAccount',
        summary: 'Create an account (disabled unless enabled is true)',
        body: createBody,
        response: { 201: dataEnvelope(accountDetailsComponent.ref), ...accountErrorResponses },
      },
    },
    async (request, reply) => {
      const person = requirePerson(request.person);
      const accountId = await createAccount(db, { person, sourceIp: request.ip }, request.body);
      return reply.code(201).send({ data: await accountDetails(db, accountId) });
    },
  );

  await accountLimitRoutes(app, { db });
  await accountCredentialRoutes(app, { db });
};
