import type { FastifyRequest } from 'fastify';
import { badRequest } from '../../http/http-errors.ts';

type JsonType = 'integer' | 'number' | 'string' | 'boolean' | 'null' | 'object' | 'array';

interface BodySchema {
  additionalProperties?: boolean;
  properties: Record<string, { type?: JsonType | readonly JsonType[] }>;
}

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
      return typeof value === 'object' && value !== null && !Array.isArray(value);
    case 'array':
      return Array.isArray(value);
  }
};

/**
 * A preValidation hook (it sees the body as parsed, before the schema validator) that makes the
 * validator strict where its defaults guess:
 * - Fastify coerces values to the schema's type: "12" becomes 12, null becomes 0 or false, 1
 *   becomes true. A limit, a priority or an enabled flag must never be guessed, so a property
 *   whose JSON type the schema does not name is refused, in the validator's own wording.
 * - Fastify silently drops properties the schema does not know. A misspelt field (or a balance
 *   the client may not set) would then look accepted, so it is refused too; `unknownMessages`
 *   can give a property a message of its own.
 * Everything else (required properties, lengths) is left to the schema.
 */
export const strictJsonBody =
  (schema: BodySchema, unknownMessages: Record<string, string> = {}) =>
  async (request: FastifyRequest): Promise<void> => {
    const { body } = request;
    // Not an object at all: the schema's own type check answers.
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return;
    if (schema.additionalProperties === false) {
      const unknown = Object.keys(body).find((name) => !Object.hasOwn(schema.properties, name));
      if (unknown !== undefined) {
        const own = Object.hasOwn(unknownMessages, unknown) ? unknownMessages[unknown] : undefined;
        throw badRequest(own ?? `body/${unknown} is not a known property`);
      }
    }
    for (const [name, property] of Object.entries(schema.properties)) {
      if (property.type === undefined || !Object.hasOwn(body, name)) continue;
      const types: readonly JsonType[] =
        typeof property.type === 'string' ? [property.type] : property.type;
      const value: unknown = (body as Record<string, unknown>)[name];
      if (!types.some((type) => hasJsonType(value, type))) {
        throw badRequest(`body/${name} must be ${types.join(',')}`);
      }
    }
  };
