import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../../db/database.ts';
import { badRequest } from '../../http/http-errors.ts';
import { dataEnvelope } from '../../http/response-envelope.ts';
import { addSharedSchemas } from '../../http/shared-schemas.ts';
import { requirePerson } from '../auth/auth-entry.ts';
import { accountErrorResponses, EDIT_ACCOUNTS, VIEW_ACCOUNTS } from './people-account-access.ts';
import { accountLimits, setAccountLimits } from './people-account-limit-service.ts';
import {
  accountIdParams,
  type LimitsBody,
  limitsBody,
  limitsComponent,
} from './people-account-schemas.ts';

const LIMITS_PATH = '/api/router/v1/people/account/limit/:id';

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
  addSharedSchemas(app, [limitsComponent]);
  app.get<{ Params: { id: number } }>(
    LIMITS_PATH,
    {
      config: VIEW_ACCOUNTS,
      schema: {
        tags: ['people accounts'],
        operationId: 'getPeopleAccountLimits',
        summary: 'An account’s limits (data is null until they are set)',
        params: accountIdParams,
        response: {
          200: dataEnvelope({ anyOf: [limitsComponent.ref, { type: 'null' }] }),
          ...accountErrorResponses,
        },
      },
    },
    async (request) => ({ data: await accountLimits(db, request.params.id) }),
  );

  app.put<{ Params: { id: number }; Body: LimitsBody }>(
    LIMITS_PATH,
    {
      config: EDIT_ACCOUNTS,
      preValidation: refuseBalance,
      schema: {
        tags: ['people accounts'],
        operationId: 'setPeopleAccountLimits',
        summary: 'Set an account’s limit, priority and unique-amount check',
        params: accountIdParams,
        body: limitsBody,
        response: { 200: dataEnvelope(limitsComponent.ref), ...accountErrorResponses },
      },
    },
    async (request) => {
      const person = requirePerson(request.person);
      const changer = { person, sourceIp: request.ip };
      return { data: await setAccountLimits(db, changer, request.params.id, request.body) };
    },
  );
};
