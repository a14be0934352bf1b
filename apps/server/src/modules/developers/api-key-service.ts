import {
  API_KEY_LABEL_MAX_LENGTH,
  API_KEY_SCOPES,
  API_KEYS_PER_MERCHANT_MAX,
  type ApiKeyScope,
  apiKeyLabelError,
  permissionMissingForScope,
} from '@paygate/domain';
import type { Database } from '../../db/database.ts';
import { invalid, notAllowed, stateConflict } from '../../service-errors.ts';
import { EVENT_CODES, recordEvent } from '../audit/audit-entry.ts';
import { newMerchantKeys } from '../merchant-api/merchant-api-entry.ts';
import {
  countLiveApiKeys,
  findApiKey,
  insertApiKey,
  type ListedApiKey,
  listApiKeys,
  revokeApiKeyRow,
} from './api-key-repository.ts';
import {
  actingMerchantOf,
  type DeveloperActor,
  existingActingMerchantOf,
  reachableRecord,
} from './developer-actor.ts';
import { lockMerchant } from './developer-merchant-repository.ts';

/**
 * API keys (issue 23 item 1, decision 0021): several per merchant, each with a label and scopes;
 * the secret leaves the server once, in the create answer. Revoking refuses the key's next
 * request. Every create and revoke is audited.
 */

export const API_KEY_MESSAGES = {
  notFound: 'API key not found',
  label: `The label must be 1 to ${API_KEY_LABEL_MAX_LENGTH} characters long`,
  noScopes: 'Choose at least one scope',
  tooMany: `A merchant has at most ${API_KEYS_PER_MERCHANT_MAX} live API keys; revoke one first`,
  alreadyRevoked: 'The API key is already revoked',
  scopeNotHeld: (scope: string, permission: string) =>
    `Only a person holding ${permission} may give a key the ${scope} scope`,
} as const;

export const merchantApiKeys = (
  db: Database,
  actor: DeveloperActor,
  merchantId?: number,
): Promise<ListedApiKey[]> => listApiKeys(db, actingMerchantOf(actor, merchantId));

export interface NewApiKey {
  merchantId?: number;
  label: string;
  scopes: ApiKeyScope[];
}

export const createApiKey = async (
  db: Database,
  actor: DeveloperActor,
  request: NewApiKey,
): Promise<ListedApiKey & { secret: string }> => {
  const merchantId = await existingActingMerchantOf(db, actor, request.merchantId);
  // The Developers screen's rule (characters are code points): one message for either failure.
  if (apiKeyLabelError(request.label) !== null) throw invalid(API_KEY_MESSAGES.label);
  const label = request.label.trim();
  // In the order of the table, each once.
  const scopes = API_KEY_SCOPES.filter((scope) => request.scopes.includes(scope));
  if (scopes.length === 0) throw invalid(API_KEY_MESSAGES.noScopes);
  for (const scope of scopes) {
    const missing = permissionMissingForScope(actor.person, scope);
    if (missing) throw notAllowed(API_KEY_MESSAGES.scopeNotHeld(scope, missing));
  }
  const keys = newMerchantKeys();
  const created = await db.transaction(async (tx) => {
    await lockMerchant(tx, merchantId);
    if ((await countLiveApiKeys(tx, merchantId)) >= API_KEYS_PER_MERCHANT_MAX) {
      throw stateConflict(API_KEY_MESSAGES.tooMany);
    }
    const key = await insertApiKey(tx, {
      merchantId,
      label,
      publicKey: keys.clientPublicKey,
      secret: keys.signingSecret,
      scopes,
      createdBy: actor.person.id,
    });
    await recordEvent(tx, {
      eventCode: EVENT_CODES.apiKeyCreated,
      description: `API key "${label}" created (${scopes.join(', ')})`,
      personId: actor.person.id,
      merchantId,
      entityType: 'api_key',
      entityId: key.id,
      sourceIp: actor.sourceIp,
      details: { label, publicKey: key.publicKey, scopes },
    });
    return key;
  });
  const listed = await findApiKey(db, created.id);
  if (!listed) throw new Error('created API key not found');
  return { ...listed, secret: keys.signingSecret };
};

export const revokeApiKey = async (
  db: Database,
  actor: DeveloperActor,
  keyId: number,
): Promise<ListedApiKey> => {
  const key = await reachableRecord(
    db,
    actor,
    (reader) => findApiKey(reader, keyId),
    API_KEY_MESSAGES.notFound,
  );
  await db.transaction(async (tx) => {
    if (!(await revokeApiKeyRow(tx, keyId, actor.person.id))) {
      throw stateConflict(API_KEY_MESSAGES.alreadyRevoked);
    }
    await recordEvent(tx, {
      eventCode: EVENT_CODES.apiKeyRevoked,
      description: `API key "${key.label}" revoked`,
      personId: actor.person.id,
      merchantId: key.merchantId,
      entityType: 'api_key',
      entityId: key.id,
      sourceIp: actor.sourceIp,
      details: { label: key.label, publicKey: key.publicKey },
    });
  });
  const revoked = await findApiKey(db, keyId);
  if (!revoked) throw new Error('revoked API key not found');
  return revoked;
};
