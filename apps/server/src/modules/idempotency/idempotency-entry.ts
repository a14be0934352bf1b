/**
 * What the idempotency module offers other modules (decision 0018, "Boundaries"): keys that make
 * a retried POST return the first answer instead of doing the work twice, kept per merchant for
 * at least 24 hours. The merchant API's invoice creation runs whole requests through
 * `runIdempotent`; a settlement claims its key inside its own transaction, after the terminal's
 * lock (`claimIdempotencyKey`). The purge job is started by the server (main.ts).
 */

export { idempotencyKeyHeaderProperty, replayedResponseHeaders } from './idempotency-schemas.ts';
export {
  claimIdempotencyKey,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  IDEMPOTENCY_MESSAGES,
  IDEMPOTENT_REPLAYED_HEADER,
  type IdempotencyClaim,
  idempotencyKeyPurgeJob,
  idempotencyRequestHash,
  purgeExpiredIdempotencyKeys,
  runIdempotent,
} from './idempotency-service.ts';
