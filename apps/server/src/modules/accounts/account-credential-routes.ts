import {
  isCredentialParamType,
  normaliseCredentialValue,
  REFERENCE_HEADER_IDS,
  validateCredentialDraft,
} from '@paygate/domain';
import { and, eq, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';
import { peopleAccountCredentials, referenceItems } from '../../db/schema.ts';
import { errorResponseSchema } from '../../http/error-handler.ts';
import { badRequest, conflict, notFound } from '../../http/http-errors.ts';
import { dataEnvelope } from '../../http/response-envelope.ts';
import { recordEvent } from '../audit/event-log.ts';
import { requirePerson } from '../auth/authenticated-person.ts';
import { accountErrorResponses, EDIT_ACCOUNTS } from './account-access.ts';
import { ACCOUNT_ENTITY_TYPE, ACCOUNT_EVENT_CODES, describeCredential } from './account-events.ts';
import {
  type AccountRow,
  CREDENTIAL_NOT_FOUND,
  type CredentialRow,
  type Executor,
  loadAccount,
  lockAccount,
  presentCredential,
  selectCredentialRows,
} from './account-queries.ts';
import {
  accountIdParams,
  type CredentialBody,
  credentialBody,
  credentialIdParams,
  credentialSchema,
} from './account-schemas.ts';

const CREDENTIALS_PATH = '/api/v1/people/account/:id/credential';
const CREDENTIAL_PATH = `${CREDENTIALS_PATH}/:credentialId`;

const responses = { ...accountErrorResponses, 409: errorResponseSchema } as const;

const loadReferenceItem = async (db: Executor, headerId: number, itemId: number) => {
  const [item] = await db
    .select({
      id: referenceItems.id,
      code: referenceItems.code,
      value: referenceItems.value,
      paramType: referenceItems.paramType,
    })
    .from(referenceItems)
    .where(and(eq(referenceItems.id, itemId), eq(referenceItems.headerId, headerId)));
  return item ?? null;
};

interface CheckedCredential {
  credentialTypeId: number;
  credentialTypeCode: string | null;
  credentialTypeValue: string;
  paramTypeId: number;
  value: string;
}

/**
 * A credential body checked the way SPEC §5 and decision 0005 say: type, parameter type and
 * value required; the types must be items of lists 103 and 102; the value must fit its parameter
 * type and, for a card or phone, be a plausible one for the account's currency. 400 otherwise.
 */
const checkCredential = async (
  db: Executor,
  account: AccountRow,
  body: CredentialBody,
): Promise<CheckedCredential> => {
  const draft = validateCredentialDraft(body);
  if (!draft.ok) throw badRequest(draft.errors[0]?.message ?? 'Invalid credential');
  const { credentialTypeId, paramTypeId, value } = draft.value;
  const credentialType = await loadReferenceItem(
    db,
    REFERENCE_HEADER_IDS.requisiteType,
    credentialTypeId,
  );
  if (!credentialType) throw badRequest('Unknown credential type');
  const paramType = await loadReferenceItem(db, REFERENCE_HEADER_IDS.parameterType, paramTypeId);
  const paramTypeCode = paramType?.paramType ?? paramType?.code;
  if (!isCredentialParamType(paramTypeCode)) throw badRequest('Unknown parameter type');
  const normalised = normaliseCredentialValue(value, {
    paramType: paramTypeCode,
    credentialTypeCode: credentialType.code,
    currencyCode: account.currencyCode.trim(),
  });
  if (!normalised.ok) throw badRequest(normalised.message);
  return {
    credentialTypeId,
    credentialTypeCode: credentialType.code,
    credentialTypeValue: credentialType.value,
    paramTypeId,
    value: normalised.value,
  };
};

/**
 * One credential per requisite type and account (decision 0005): the payment form shows one
 * requisite, so a second card would leave the choice to chance. Runs under the account lock.
 */
const assertTypeFree = async (
  tx: Executor,
  accountId: number,
  credential: CheckedCredential,
  exceptCredentialId?: number,
) => {
  const [clash] = await tx
    .select({ id: peopleAccountCredentials.id })
    .from(peopleAccountCredentials)
    .where(
      and(
        eq(peopleAccountCredentials.peopleAccountId, accountId),
        eq(peopleAccountCredentials.credentialTypeId, credential.credentialTypeId),
        exceptCredentialId === undefined
          ? undefined
          : ne(peopleAccountCredentials.id, exceptCredentialId),
      ),
    );
  if (clash) {
    throw conflict(
      `The account already has a ${credential.credentialTypeValue} credential (#${clash.id}); ` +
        'change or remove that one',
    );
  }
};

/** A credential of the given account, or 404 (another account's credential included). */
const loadCredential = async (
  db: Executor,
  accountId: number,
  credentialId: number,
): Promise<CredentialRow> => {
  const [row] = await selectCredentialRows(
    db,
    and(
      eq(peopleAccountCredentials.id, credentialId),
      eq(peopleAccountCredentials.peopleAccountId, accountId),
    ),
  );
  if (!row) throw notFound(CREDENTIAL_NOT_FOUND);
  return row;
};

/**
 * Credential add, change and remove (SPEC §7: the calls exist, their paths are not shown; these
 * are decision 0005's): POST /api/v1/people/account/{id}/credential, PUT and DELETE
 * /api/v1/people/account/{id}/credential/{credentialId}.
 */
export const accountCredentialRoutes = async (app: FastifyInstance, { db }: { db: Database }) => {
  app.post<{ Params: { id: number }; Body: CredentialBody }>(
    CREDENTIALS_PATH,
    {
      config: EDIT_ACCOUNTS,
      schema: {
        tags: ['people accounts'],
        summary: 'Add a credential (requisite) to an account',
        params: accountIdParams,
        body: credentialBody,
        response: { 201: dataEnvelope(credentialSchema), ...responses },
      },
    },
    async (request, reply) => {
      const person = requirePerson(request.person);
      const { id } = request.params;
      const account = await loadAccount(db, id);
      const credential = await checkCredential(db, account, request.body);
      const credentialId = await db.transaction(async (tx) => {
        await lockAccount(tx, id);
        await assertTypeFree(tx, id, credential);
        const [row] = await tx
          .insert(peopleAccountCredentials)
          .values({
            peopleAccountId: id,
            credentialTypeId: credential.credentialTypeId,
            paramTypeId: credential.paramTypeId,
            value: credential.value,
          })
          .returning({ id: peopleAccountCredentials.id });
        if (!row) throw new Error('credential insert returned nothing');
        await recordEvent(tx, {
          eventCode: ACCOUNT_EVENT_CODES.credentialAdded,
          description: `Credential #${row.id} added to account #${id}: ${describeCredential(credential)}`,
          personId: person.id,
          entityType: ACCOUNT_ENTITY_TYPE,
          entityId: id,
          sourceIp: request.ip,
        });
        return row.id;
      });
      const created = await loadCredential(db, id, credentialId);
      return reply.code(201).send({ data: presentCredential(created) });
    },
  );

  app.put<{ Params: { id: number; credentialId: number }; Body: CredentialBody }>(
    CREDENTIAL_PATH,
    {
      config: EDIT_ACCOUNTS,
      schema: {
        tags: ['people accounts'],
        summary: 'Change a credential of an account (type, parameter type and value)',
        params: credentialIdParams,
        body: credentialBody,
        response: { 200: dataEnvelope(credentialSchema), ...responses },
      },
    },
    async (request) => {
      const person = requirePerson(request.person);
      const { id, credentialId } = request.params;
      const account = await loadAccount(db, id);
      await loadCredential(db, id, credentialId);
      const credential = await checkCredential(db, account, request.body);
      await db.transaction(async (tx) => {
        await lockAccount(tx, id);
        // Read again under the lock: it may have been removed or changed meanwhile.
        const before = await loadCredential(tx, id, credentialId);
        const unchanged =
          before.credentialTypeId === credential.credentialTypeId &&
          before.paramTypeId === credential.paramTypeId &&
          before.value === credential.value;
        if (unchanged) return;
        await assertTypeFree(tx, id, credential, credentialId);
        await tx
          .update(peopleAccountCredentials)
          .set({
            credentialTypeId: credential.credentialTypeId,
            paramTypeId: credential.paramTypeId,
            value: credential.value,
          })
          .where(eq(peopleAccountCredentials.id, credentialId));
        const paramChange =
          before.paramTypeId === credential.paramTypeId ? '' : ` (parameter type changed)`;
        await recordEvent(tx, {
          eventCode: ACCOUNT_EVENT_CODES.credentialChanged,
          description:
            `Credential #${credentialId} of account #${id} changed: ` +
            `${describeCredential(before)} → ${describeCredential(credential)}${paramChange}`,
          personId: person.id,
          entityType: ACCOUNT_ENTITY_TYPE,
          entityId: id,
          sourceIp: request.ip,
        });
      });
      return { data: presentCredential(await loadCredential(db, id, credentialId)) };
    },
  );

  app.delete<{ Params: { id: number; credentialId: number } }>(
    CREDENTIAL_PATH,
    {
      config: EDIT_ACCOUNTS,
      schema: {
        tags: ['people accounts'],
        summary: 'Remove a credential from an account; answers it as it was',
        params: credentialIdParams,
        response: { 200: dataEnvelope(credentialSchema), ...accountErrorResponses },
      },
    },
    async (request) => {
      const person = requirePerson(request.person);
      const { id, credentialId } = request.params;
      const removed = await db.transaction(async (tx) => {
        await lockAccount(tx, id);
        const credential = await loadCredential(tx, id, credentialId);
        await tx
          .delete(peopleAccountCredentials)
          .where(eq(peopleAccountCredentials.id, credentialId));
        await recordEvent(tx, {
          eventCode: ACCOUNT_EVENT_CODES.credentialRemoved,
          description: `Credential #${credentialId} removed from account #${id}: ${describeCredential(credential)}`,
          personId: person.id,
          entityType: ACCOUNT_ENTITY_TYPE,
          entityId: id,
          sourceIp: request.ip,
        });
        return credential;
      });
      return { data: presentCredential(removed) };
    },
  );
};
