import { RECORD_ID_MAX } from '@paygate/domain';

/**
 * Record ids are PostgreSQL integer columns (RECORD_ID_MAX of @paygate/domain). A larger number in
 * a request would be a database error (500), not a 404, so every id a request carries is bounded
 * by this schema (400).
 */
export { RECORD_ID_MAX };

export const recordIdSchema = { type: 'integer', minimum: 1, maximum: RECORD_ID_MAX } as const;

/**
 * An id a handler checks for presence itself (so a missing one gets the spec's 'required'
 * message): null and 0 pass the schema, only numbers beyond the column are refused here.
 */
export const presenceCheckedRecordIdSchema = (description: string) =>
  ({ type: ['integer', 'null'], maximum: RECORD_ID_MAX, description }) as const;
