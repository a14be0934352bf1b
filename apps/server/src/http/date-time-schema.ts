/** JSON schema of a timestamp in an answer: ISO 8601 with offset, as Date#toISOString writes. */
export const dateTimeSchema = { type: 'string', format: 'date-time' } as const;
