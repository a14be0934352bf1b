import { createHash } from 'node:crypto';
import type { Database } from '../../db/database.ts';
import { stateConflict } from '../../service-errors.ts';
import type { BackgroundJob } from '../jobs/jobs-entry.ts';
import {
  deleteExpiredIdempotencyKeys,
  findIdempotencyKey,
  insertIdempotencyKey,
  storeIdempotentResponse,
  tryTransactionLock,
} from './idempotency-repository.ts';

/** Header of the caller's idempotency key (optional; merchant API invoices, settlements). */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** Set on a response that is the stored answer to an earlier request with the same key. */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';
/** Printable ASCII without spaces, up to 255 characters (a UUID fits comfortably). */
export const IDEMPOTENCY_KEY_PATTERN = '^[\\x21-\\x7E]{1,255}$';
/** Keys are kept at least this long; the purge job removes them afterwards. */
export const IDEMPOTENCY_KEY_RETENTION_HOURS = 24;

export const IDEMPOTENCY_MESSAGES = {
  inProgress: 'A request with this Idempotency-Key is in progress',
  differentRequest: 'Idempotency-Key was used with a different request',
} as const;

/** What "the same request" means: method, path with query and the body bytes as sent. */
export const idempotencyRequestHash = (method: string, pathWithQuery: string, body: Buffer) =>
  createHash('sha256')
    .update(`${method.toUpperCase()}\n${pathWithQuery}\n`)
    .update(body)
    .digest('hex');

export interface StoredResponse {
  statusCode: number;
  body: unknown;
}

export interface IdempotentResult extends StoredResponse {
  /** True when this is the stored answer to an earlier request. */
  replayed: boolean;
}

export interface IdempotencyClaim {
  merchantId: number;
  key: string;
  requestHash: string;
}

/**
 * The answer stored for the key, to be given again; or the key newly claimed for this request,
 * with `store` to keep the answer (in the same transaction, before the commit).
 */
export type ClaimedIdempotencyKey =
  | { replayed: true; response: StoredResponse }
  | { replayed: false; store: (response: StoredResponse) => Promise<void> };

/**
 * Claims the key for this request inside the caller's transaction, or finds the answer stored for
 * it. The key row is inserted in the transaction of the work and gets its answer (`store`) before
 * the commit, so a key is only ever stored with a successful answer: a failed request
 * (validation, conflict, crash) rolls its key back and the caller can fix the request and retry
 * with it.
 *
 * A request whose key is in use by one still running: by default a transaction-scoped advisory
 * lock on the key answers it 409 at once instead of queueing it behind the first (the merchant
 * API). With `waitForRunning`, it waits on the key's unique index until the first ends, then gets
 * its answer (or the key, should the first fail): for a caller already queued behind the first
 * on a row lock, where the advisory lock could still look taken for a moment after the row's was
 * released (PostgreSQL releases a transaction's advisory locks after its others).
 */
export const claimIdempotencyKey = async (
  tx: Database,
  claim: IdempotencyClaim,
  { waitForRunning = false }: { waitForRunning?: boolean } = {},
): Promise<ClaimedIdempotencyKey> => {
  const lockName = `idempotency-key:${claim.merchantId}:${claim.key}`;
  if (!waitForRunning && !(await tryTransactionLock(tx, lockName))) {
    throw stateConflict(IDEMPOTENCY_MESSAGES.inProgress, 'idempotency_key_in_progress');
  }
  const claimedId = await insertIdempotencyKey(tx, {
    merchantId: claim.merchantId,
    key: claim.key,
    requestHash: claim.requestHash,
  });
  if (claimedId !== undefined) {
    return {
      replayed: false,
      store: (response) => storeIdempotentResponse(tx, claimedId, response),
    };
  }

  const existing = await findIdempotencyKey(tx, claim.merchantId, claim.key);
  if (existing && existing.requestHash !== claim.requestHash) {
    throw stateConflict(IDEMPOTENCY_MESSAGES.differentRequest, 'idempotency_key_reused');
  }
  // No stored answer (or the row vanished under a purge): the first request is not done.
  if (!existing || existing.responseStatus === null) {
    throw stateConflict(IDEMPOTENCY_MESSAGES.inProgress, 'idempotency_key_in_progress');
  }
  return {
    replayed: true,
    response: { statusCode: existing.responseStatus, body: existing.responseBody },
  };
};

/**
 * Runs `execute` in one transaction, guarded by the merchant's idempotency key when there is one
 * (claimIdempotencyKey): a retry of the same request gets the first answer, replayed.
 */
export const runIdempotent = async (
  db: Database,
  claim: IdempotencyClaim | null,
  execute: (tx: Database) => Promise<StoredResponse>,
): Promise<IdempotentResult> =>
  db.transaction(async (tx) => {
    if (!claim) return { ...(await execute(tx)), replayed: false };
    const claimed = await claimIdempotencyKey(tx, claim);
    if (claimed.replayed) return { ...claimed.response, replayed: true };
    const response = await execute(tx);
    await claimed.store(response);
    return { ...response, replayed: false };
  });

/**
 * Deletes up to `batchSize` keys older than the retention period (database clock). Returns how
 * many went. Safe to run on several instances at once: rows another run holds are skipped.
 */
export const purgeExpiredIdempotencyKeys = async (
  db: Database,
  {
    batchSize = 1_000,
    retentionHours = IDEMPOTENCY_KEY_RETENTION_HOURS,
  }: { batchSize?: number; retentionHours?: number } = {},
): Promise<number> => deleteExpiredIdempotencyKeys(db, { batchSize, retentionHours });

/** The periodic purge of expired idempotency keys, for the background-job runner. */
export const idempotencyKeyPurgeJob = (
  db: Database,
  {
    batchSize = 1_000,
    idleDelayMs = 15 * 60_000,
  }: { batchSize?: number; idleDelayMs?: number } = {},
): BackgroundJob => ({
  name: 'idempotency-key-purge',
  idleDelayMs,
  // A full batch means more may be waiting: the runner goes again at once.
  runOnce: async () => (await purgeExpiredIdempotencyKeys(db, { batchSize })) === batchSize,
});
