import { IDEMPOTENCY_KEY_PATTERN, IDEMPOTENT_REPLAYED_HEADER } from './idempotency-service.ts';

/** The optional request header, for a route's `headers` schema. */
export const idempotencyKeyHeaderProperty = {
  'idempotency-key': {
    type: 'string',
    pattern: IDEMPOTENCY_KEY_PATTERN,
    description:
      'Optional. Retrying with the same key and the same request returns the first ' +
      'response; the same key with another request is 409. Kept at least 24 hours.',
  },
} as const;

/** The response header of an answer given again, for a success response's `headers`. */
export const replayedResponseHeaders = {
  [IDEMPOTENT_REPLAYED_HEADER]: {
    type: 'string',
    enum: ['true'],
    description: 'Present when this is the stored answer to an earlier request with the same key.',
  },
} as const;
