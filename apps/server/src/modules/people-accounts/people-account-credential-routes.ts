import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';
import { errorResponseSchema } from '../../http/error-handler.ts';
import { dataEnvelope } from '../../http/response-envelope.ts';
import { addSharedSchemas } from '../../http/shared-schemas.ts';
import { requirePerson } from '../auth/auth-entry.ts';
import { accountErrorResponses, EDIT_ACCOUNTS } from './people-account-access.ts';
import {
  addCredential,
  changeCredential,
  removeCredential,
} from './people-account-credential-service.ts';
import {
  accountIdParams,
  type CredentialBody,
  credentialBody,
  credentialComponent,
  credentialIdParams,
} from './people-account-schemas.ts';

const CREDENTIALS_PATH = '/api/v1/people/account/:id/credential';
const CREDENTIAL_PATH = `${CREDENTIALS_PATH}/:credentialId`;

const responses = { ...accountErrorResponses, 409: errorResponseSchema } as const;

/**
 * Credential add, change and remove (SPEC §7: the calls exist, their paths are not shown; these
 * are decision 0005's): POST /api/v1/people/account/{id}/credential, PUT and DELETE
 * /api/v1/people/account/{id}/credential/{credentialId}.
 */
export const accountCredentialRoutes = async (app: FastifyInstance, { db }: { db: Database }) => {
  addSharedSchemas(app, [credentialComponent]);
  app.post<{ Params: { id: number }; Body: CredentialBody }>(
    CREDENTIALS_PATH,
    {
      config: EDIT_ACCOUNTS,
      schema: {
        tags: ['people accounts'],
        operationId: 'addPeopleAccountCredential',
        summary: 'Add a credential (requisite) to an account',
        params: accountIdParams,
        body: credentialBody,
        response: { 201: dataEnvelope(credentialComponent.ref), ...responses },
      },
    },
    async (request, reply) => {
      const person = requirePerson(request.person);
      const changer = { person, sourceIp: request.ip };
      const created = await addCredential(db, changer, request.params.id, request.body);
      return reply.code(201).send({ data: created });
    },
  );

  app.put<{ Params: { id: number; credentialId: number }; Body: CredentialBody }>(
    CREDENTIAL_PATH,
    {
      config: EDIT_ACCOUNTS,
      schema: {
        tags: ['people accounts'],
        operationId: 'updatePeopleAccountCredential',
        summary: 'Change a credential of an account (type, parameter type and value)',
        params: credentialIdParams,
        body: credentialBody,
        response: { 200: dataEnvelope(credentialComponent.ref), ...responses },
      },
    },
    async (request) => {
      const person = requirePerson(request.person);
      const { id, credentialId } = request.params;
      const changer = { person, sourceIp: request.ip };
      return { data: await changeCredential(db, changer, id, credentialId, request.body) };
    },
  );

  app.delete<{ Params: { id: number; credentialId: number } }>(
    CREDENTIAL_PATH,
    {
      config: EDIT_ACCOUNTS,
      schema: {
        tags: ['people accounts'],
        operationId: 'removePeopleAccountCredential',
        summary: 'Remove a credential from an account; answers it as it was',
        params: credentialIdParams,
        response: { 200: dataEnvelope(credentialComponent.ref), ...accountErrorResponses },
      },
    },
    async (request) => {
      const person = requirePerson(request.person);
      const { id, credentialId } = request.params;
      return {
        data: await removeCredential(db, { person, sourceIp: request.ip }, id, credentialId),
      };
    },
  );
};
