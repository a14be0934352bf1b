/**
 * A UUID as PostgreSQL's uuid type takes it and as the server accepts ids in requests: 32 hex
 * digits in groups of 8-4-4-4-12, either case, nothing around them. Not the `urn:uuid:` form or
 * braces, which ajv-formats and PostgreSQL disagree about (the server answered 500 for them).
 */
export const UUID_TEXT = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a text is a UUID the server takes (UUID_TEXT). */
export const isUuidText = (text: string): boolean => UUID_TEXT.test(text);
