import { AjvCompiler } from '@fastify/ajv-compiler';
import type { FastifyInstance, FastifySchema } from 'fastify';

/**
 * How every request is validated against its route schema (issue 19).
 *
 * Bodies are JSON and are taken exactly as sent: no type coercion (Fastify's default turns
 * `"250000"`, `true` and `[350000]` into numbers, so a boolean became an amount of 1) and no
 * silent removal of unknown properties (`additionalProperties: false` refuses them, named).
 *
 * Query strings and path parameters are text by nature, so they are converted to the schema's
 * types; but an integer must be written as one: digits with an optional minus and within the
 * safe range. JavaScript's number parsing would otherwise accept `Infinity`, `1e400`, `4.5e5`,
 * `0x10` and ` 12 `, and `Infinity` passes JSON Schema's "integer" (a 500 further down).
 */

/** Fastify's own options, less coercion and removal (its defaults: @fastify/ajv-compiler). */
const BODY_AJV_OPTIONS = {
  coerceTypes: false,
  removeAdditional: false,
  useDefaults: true,
} as const;
const TEXT_PART_AJV_OPTIONS = {
  coerceTypes: 'array',
  removeAdditional: true,
  useDefaults: true,
} as const;

const INTEGER_TEXT = /^-?(0|[1-9][0-9]*)$/;
const NUMBER_TEXT = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?$/;

type NumericKind = 'integer' | 'number';

interface PropertySchema {
  type?: string | string[];
  items?: PropertySchema;
}

const numericKindOf = (schema: PropertySchema | undefined): NumericKind | undefined => {
  const types = typeof schema?.type === 'string' ? [schema.type] : (schema?.type ?? []);
  if (types.includes('integer')) return 'integer';
  if (types.includes('number')) return 'number';
  return undefined;
};

/** Whether query/path text is a number as a person writes it, in the safe range. */
export const isPlainNumberText = (text: string, kind: NumericKind): boolean => {
  if (!(kind === 'integer' ? INTEGER_TEXT : NUMBER_TEXT).test(text)) return false;
  const value = Number(text);
  return kind === 'integer' ? Number.isSafeInteger(value) : Number.isFinite(value);
};

interface ValidationError {
  instancePath: string;
  schemaPath: string;
  keyword: string;
  params: Record<string, unknown>;
  message: string;
}

interface AjvValidate {
  (data: unknown, context?: unknown): boolean;
  errors?: ValidationError[] | null;
  schemaEnv?: unknown;
}

/**
 * The numeric properties of a query or params schema and where the text of each must be checked
 * before Ajv converts it (single values and arrays of them).
 */
const numericPropertiesOf = (schema: unknown) => {
  const properties = (schema as { properties?: Record<string, PropertySchema> }).properties ?? {};
  return Object.entries(properties).flatMap(([name, property]) => {
    const own = numericKindOf(property);
    const item = numericKindOf(property.items);
    const kind = own ?? item;
    return kind ? [{ name, kind }] : [];
  });
};

/** Checks query/path text first, then lets Ajv convert and validate it. */
const withPlainNumbers = (schema: unknown, validate: AjvValidate): AjvValidate => {
  const numeric = numericPropertiesOf(schema);
  if (numeric.length === 0) return validate;
  const checked: AjvValidate = (data, context) => {
    if (data && typeof data === 'object') {
      const values = data as Record<string, unknown>;
      for (const { name, kind } of numeric) {
        const value = values[name];
        const texts = Array.isArray(value) ? value : [value];
        for (const text of texts) {
          if (typeof text === 'string' && !isPlainNumberText(text, kind)) {
            checked.errors = [
              {
                instancePath: `/${name}`,
                schemaPath: `#/properties/${name}/type`,
                keyword: 'type',
                params: { type: kind },
                message: `must be ${kind}`,
              },
            ];
            return false;
          }
        }
      }
    }
    const valid = validate(data, context);
    checked.errors = validate.errors ?? null;
    return valid;
  };
  checked.schemaEnv = validate.schemaEnv;
  return checked;
};

/** A name Ajv leaves out of "must NOT have additional properties". */
const formatValidationErrors = (errors: ValidationError[], dataVar: string) => {
  const messages = errors.map((error) => {
    const at = `${dataVar}${error.instancePath}`;
    if (error.keyword === 'additionalProperties') {
      return `${at}/${String(error.params.additionalProperty)} is not a known property`;
    }
    return `${at} ${error.message}`;
  });
  return new Error(messages.join(', '));
};

/** Installs the body and query/path validators and the error wording on an encapsulation. */
export const registerRequestValidation = (app: FastifyInstance): void => {
  const compilers = AjvCompiler();
  const body = compilers({}, { customOptions: BODY_AJV_OPTIONS });
  const textParts = compilers({}, { customOptions: TEXT_PART_AJV_OPTIONS });
  app.setValidatorCompiler<FastifySchema>(({ schema, method, url, httpPart }) => {
    if (httpPart === 'body') return body({ schema, method, url, httpPart });
    const validate = textParts({ schema, method, url, httpPart }) as AjvValidate;
    return httpPart === 'headers' ? validate : withPlainNumbers(schema, validate);
  });
  app.setSchemaErrorFormatter((errors, dataVar) =>
    formatValidationErrors(errors as ValidationError[], dataVar),
  );
};
