import type { FastifyRequest } from 'fastify';
import { badRequest } from './http-errors.ts';

/**
 * The app's schema validator coerces types (Fastify's default `coerceTypes`: "5000" becomes
 * 5000, null becomes 0 or false) and silently drops properties a schema does not know
 * (`removeAdditional`). Where money, switches or URLs are written both are dangerous:
 * `{"isTest": null}` would become false and put a terminal into production, a misspelt
 * `callbackURL` would be dropped and answered 201. So such routes check the JSON as sent against
 * their body schema first: every declared type must match exactly, and `additionalProperties:
 * false` refuses unknown names. Everything else (required, lengths, ranges) is left to the
 * validator, in whose wording the messages are.
 */
type JsonType = 'integer' | 'number' | 'string' | 'boolean' | 'null' | 'object' | 'array';

interface LooseSchema {
  type?: JsonType | readonly JsonType[];
  properties?: Record<string, unknown>;
  additionalProperties?: boolean;
  items?: unknown;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const hasJsonType = (value: unknown, type: JsonType): boolean => {
  switch (type) {
    case 'integer':
      return Number.isInteger(value);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'string':
      return typeof value === 'string';
    case 'boolean':
      return typeof value === 'boolean';
    case 'null':
      return value === null;
    case 'object':
      return isRecord(value);
    case 'array':
      return Array.isArray(value);
  }
};

/**
 * The first place where `value` differs from the JSON types of `schema`, as a message, or null.
 * `unknownMessages` gives top-level unknown properties a message of their own.
 */
export const strictJsonMismatch = (
  schema: unknown,
  value: unknown,
  path = 'body',
  unknownMessages: Record<string, string> = {},
): string | null => {
  if (!isRecord(schema)) return null;
  const { type, properties, additionalProperties, items } = schema as LooseSchema;
  if (type !== undefined) {
    const types: readonly JsonType[] = typeof type === 'string' ? [type] : type;
    if (!types.some((candidate) => hasJsonType(value, candidate))) {
      return `${path} must be ${types.join(',')}`;
    }
  }
  if (isRecord(value) && properties) {
    if (additionalProperties === false) {
      const unknown = Object.keys(value).find((name) => !Object.hasOwn(properties, name));
      if (unknown !== undefined) {
        const own = Object.hasOwn(unknownMessages, unknown) ? unknownMessages[unknown] : undefined;
        return own ?? `${path}/${unknown} is not a known property`;
      }
    }
    for (const [name, propertySchema] of Object.entries(properties)) {
      if (!Object.hasOwn(value, name)) continue;
      const mismatch = strictJsonMismatch(propertySchema, value[name], `${path}/${name}`);
      if (mismatch) return mismatch;
    }
  }
  if (Array.isArray(value) && items) {
    for (const [index, item] of value.entries()) {
      const mismatch = strictJsonMismatch(items, item, `${path}/${index}`);
      if (mismatch) return mismatch;
    }
  }
  return null;
};

/**
 * A preValidation hook refusing a body whose JSON types differ from `schema` (400). It runs
 * after authentication, so a caller without a session still gets 401 first. A missing body is
 * left to the validator, which names what is required.
 */
export const strictJsonBody =
  (schema: object, unknownMessages: Record<string, string> = {}) =>
  async (request: FastifyRequest): Promise<void> => {
    if (request.body === undefined) return;
    const mismatch = strictJsonMismatch(schema, request.body, 'body', unknownMessages);
    if (mismatch) throw badRequest(mismatch);
  };
