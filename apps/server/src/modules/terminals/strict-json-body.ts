import type { FastifyRequest } from 'fastify';
import { badRequest } from '../../http/http-errors.ts';

/**
 * The body validator of the app coerces types (Fastify's default `coerceTypes`), and it drops
 * properties a schema does not know (`removeAdditional`). For switches and money that is
 * dangerous: `{"isTest": null}` or `{"isTest": ""}` would become `false` and put a terminal into
 * production, `{"enable": 0}` would disable it, and a misspelt `{"enabled": false}` would be
 * dropped and answered 200. The routes of this module therefore check the JSON as sent, before
 * the validator touches it: every declared type must match exactly, and an object schema with
 * `additionalProperties: false` refuses unknown properties. Messages follow the validator's
 * wording (`body/enable must be boolean`).
 */
export interface JsonBodySchema {
  readonly type?: string | readonly string[];
  readonly properties?: { readonly [name: string]: JsonBodySchema };
  readonly items?: JsonBodySchema;
  readonly additionalProperties?: boolean;
}

const jsonTypeOf = (value: unknown): string => {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
};

const typeMatches = (declared: string, actual: string): boolean =>
  declared === actual || (declared === 'number' && actual === 'integer');

/** The first place where `value` does not have the JSON types `schema` declares, or null. */
export const jsonTypeMismatch = (
  schema: JsonBodySchema,
  value: unknown,
  path = 'body',
): string | null => {
  if (schema.type !== undefined) {
    const declared = typeof schema.type === 'string' ? [schema.type] : schema.type;
    const actual = jsonTypeOf(value);
    if (!declared.some((type) => typeMatches(type, actual))) {
      return `${path} must be ${declared.join(',')}`;
    }
  }
  if (schema.properties && typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const record = value as Record<string, unknown>;
    for (const [name, propertySchema] of Object.entries(schema.properties)) {
      if (!(name in record)) continue;
      const mismatch = jsonTypeMismatch(propertySchema, record[name], `${path}/${name}`);
      if (mismatch) return mismatch;
    }
    if (schema.additionalProperties === false) {
      const unknown = Object.keys(record).find((name) => !(name in (schema.properties ?? {})));
      if (unknown !== undefined) {
        return `${path} must NOT have additional properties ('${unknown}' is not one of them)`;
      }
    }
  }
  if (schema.items && Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const mismatch = jsonTypeMismatch(schema.items, item, `${path}/${index}`);
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
  (schema: JsonBodySchema) =>
  async (request: FastifyRequest): Promise<void> => {
    if (request.body === undefined) return;
    const mismatch = jsonTypeMismatch(schema, request.body);
    if (mismatch) throw badRequest(mismatch);
  };
