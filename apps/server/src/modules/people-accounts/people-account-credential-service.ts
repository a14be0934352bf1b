import {
  isCredentialParamType,
  normaliseCredentialValue,
  REFERENCE_HEADER_IDS,
  validateCredentialDraft,
} from '@paygate/domain';
import type { Database } from '../../db/database.ts';
import { invalid, notFoundError, stateConflict } from '../../service-errors.ts';
import { recordEvent } from '../audit/audit-entry.ts';
import {
  ACCOUNT_ENTITY_TYPE,
  ACCOUNT_EVENT_CODES,
  describeCredential,
} from './people-account-events.ts';
import { presentCredential } from './people-account-presenter.ts';
import {
  type AccountRow,
  type CredentialRow,
  deleteCredential,
  findCredential,
  findCredentialOfType,
  findReferenceItem,
  insertCredential,
  updateCredential,
} from './people-account-repository.ts';
import type { CredentialBody } from './people-account-schemas.ts';
import { type AccountChanger, lockAccount, requireAccount } from './people-account-service.ts';

/**
 * Credential add, change and remove (decision 0005): each checked the way SPEC §5 says and run
 * under the account's lock, with its event-log row in the same transaction.
 */

export const CREDENTIAL_NOT_FOUND = 'Credential not found';

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
  db: Database,
  account: AccountRow,
  body: CredentialBody,
): Promise<CheckedCredential> => {
  const draft = validateCredentialDraft(body);
  if (!draft.ok) throw invalid(draft.errors[0]?.message ?? 'Invalid credential');
  const { credentialTypeId, paramTypeId, value } = draft.value;
  const credentialType = await findReferenceItem(
    db,
    REFERENCE_HEADER_IDS.requisiteType,
    credentialTypeId,
  );
  if (!credentialType) throw invalid('Unknown credential type');
  const paramType = await findReferenceItem(db, REFERENCE_HEADER_IDS.parameterType, paramTypeId);
  const paramTypeCode = paramType?.paramType ?? paramType?.code;
  if (!isCredentialParamType(paramTypeCode)) throw invalid('Unknown parameter type');
  const normalised = normaliseCredentialValue(value, {
    paramType: paramTypeCode,
    credentialTypeCode: credentialType.code,
    currencyCode: account.currencyCode.trim(),
  });
  if (!normalised.ok) throw invalid(normalised.message);
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
  tx: Database,
  accountId: number,
  credential: CheckedCredential,
  exceptCredentialId?: number,
) => {
  const clashId = await findCredentialOfType(
    tx,
    accountId,
    credential.credentialTypeId,
    exceptCredentialId,
  );
  if (clashId !== undefined) {
    throw stateConflict(
      `The account already has a ${credential.credentialTypeValue} credential (#${clashId}); ` +
        'change or remove that one',
    );
  }
};

/** A credential of the given account, or 404 (another account's credential included). */
const requireCredential = async (
  db: Database,
  accountId: number,
  credentialId: number,
): Promise<CredentialRow> => {
  const row = await findCredential(db, accountId, credentialId);
  if (!row) throw notFoundError(CREDENTIAL_NOT_FOUND);
  return row;
};

/** Adds a credential to an account; answers it as saved. */
export const addCredential = async (
  db: Database,
  { person, sourceIp }: AccountChanger,
  accountId: number,
  body: CredentialBody,
) => {
  const account = await requireAccount(db, accountId);
  const credential = await checkCredential(db, account, body);
  const credentialId = await db.transaction(async (tx) => {
    await lockAccount(tx, accountId);
    await assertTypeFree(tx, accountId, credential);
    const id = await insertCredential(tx, accountId, credential);
    await recordEvent(tx, {
      eventCode: ACCOUNT_EVENT_CODES.credentialAdded,
      description: `Credential #${id} added to account #${accountId}: ${describeCredential(credential)}`,
      personId: person.id,
      entityType: ACCOUNT_ENTITY_TYPE,
      entityId: accountId,
      sourceIp,
    });
    return id;
  });
  return presentCredential(await requireCredential(db, accountId, credentialId));
};

/** Changes a credential's type, parameter type and value; the same values change nothing. */
export const changeCredential = async (
  db: Database,
  { person, sourceIp }: AccountChanger,
  accountId: number,
  credentialId: number,
  body: CredentialBody,
) => {
  const account = await requireAccount(db, accountId);
  await requireCredential(db, accountId, credentialId);
  const credential = await checkCredential(db, account, body);
  await db.transaction(async (tx) => {
    await lockAccount(tx, accountId);
    // Read again under the lock: it may have been removed or changed meanwhile.
    const before = await requireCredential(tx, accountId, credentialId);
    const unchanged =
      before.credentialTypeId === credential.credentialTypeId &&
      before.paramTypeId === credential.paramTypeId &&
      before.value === credential.value;
    if (unchanged) return;
    await assertTypeFree(tx, accountId, credential, credentialId);
    await updateCredential(tx, credentialId, credential);
    const paramChange =
      before.paramTypeId === credential.paramTypeId ? '' : ` (parameter type changed)`;
    await recordEvent(tx, {
      eventCode: ACCOUNT_EVENT_CODES.credentialChanged,
      description:
        `Credential #${credentialId} of account #${accountId} changed: ` +
        `${describeCredential(before)} → ${describeCredential(credential)}${paramChange}`,
      personId: person.id,
      entityType: ACCOUNT_ENTITY_TYPE,
      entityId: accountId,
      sourceIp,
    });
  });
  return presentCredential(await requireCredential(db, accountId, credentialId));
};

/** Removes a credential from an account; answers it as it was. */
export const removeCredential = async (
  db: Database,
  { person, sourceIp }: AccountChanger,
  accountId: number,
  credentialId: number,
) => {
  const removed = await db.transaction(async (tx) => {
    await lockAccount(tx, accountId);
    const credential = await requireCredential(tx, accountId, credentialId);
    await deleteCredential(tx, credentialId);
    await recordEvent(tx, {
      eventCode: ACCOUNT_EVENT_CODES.credentialRemoved,
      description: `Credential #${credentialId} removed from account #${accountId}: ${describeCredential(credential)}`,
      personId: person.id,
      entityType: ACCOUNT_ENTITY_TYPE,
      entityId: accountId,
      sourceIp,
    });
    return credential;
  });
  return presentCredential(removed);
};
