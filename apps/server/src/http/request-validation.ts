import { AjvCompiler } from '@fastify/ajv-compiler';
import { UUID_TEXT } from '@paygate/domain';
import type { FastifyInstance, FastifySchema } from 'fastify';
import type { FieldError, FieldLocation } from './problem-details.ts';

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
 *
 * A refusal's problem (decision 0020) lists every field error of the part that failed (`errors`),
 * while its `detail` keeps the words of the first failure. Validation stops at the first failure
 * (Ajv's allErrors is off, as Fastify advises: collecting every error of a hostile body costs far
 * more than refusing it); only once a part has failed is it checked again by a validator that
 * collects every error, compiled on first need. Valid requests pay nothing for the list.
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
/** The same, collecting every error: only run on a part that has already failed. */
const ALL_ERRORS = { allErrors: true } as const;

/** Earliest and latest year (UTC) of a date-time the server takes: what PostgreSQL and Date hold. */
const FIRST_YEAR = 1;
const LAST_YEAR = 9999;

/**
 * Whether an RFC 3339 date-time (already checked by ajv-formats) is a moment the server can
 * store and compute with: JavaScript reads it (a leap second `:60` it does not), and its UTC
 * year is 1 to 9999 (`0000-01-01T00:00:00Z`, or `9999-12-31T23:59:59-23:59` in year 10000 once
 * the offset is applied, failed in the database or in Date with a 500).
 */
export const isStorableDateTime = (text: string): boolean => {
  const time = Date.parse(text);
  if (Number.isNaN(time)) return false;
  const year = new Date(time).getUTCFullYear();
  return year >= FIRST_YEAR && year <= LAST_YEAR;
};

type FormatCheck = (text: string) => boolean;
type StandardFormat = RegExp | FormatCheck | { validate: RegExp | FormatCheck };
interface FormatRegistry {
  formats: Record<string, StandardFormat | undefined>;
  addFormat: (name: string, format: RegExp | FormatCheck) => unknown;
}

const checkOf = (format: StandardFormat | undefined): FormatCheck => {
  const validate =
    format && typeof format === 'object' && 'validate' in format ? format.validate : format;
  if (validate instanceof RegExp) return (text) => validate.test(text);
  if (typeof validate === 'function') return validate;
  return () => true;
};

/** Narrows two of ajv-formats' formats to what the database takes (after ajv-formats is added). */
const storableFormats = (ajv: unknown): void => {
  const registry = ajv as FormatRegistry;
  // ajv-formats also takes the `urn:uuid:` form, which passed validation and failed the query.
  registry.addFormat('uuid', UUID_TEXT);
  const standardDateTime = checkOf(registry.formats['date-time']);
  registry.addFormat('date-time', (text) => standardDateTime(text) && isStorableDateTime(text));
};

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

/** The error of query/path text that is not a plain number: Ajv's own words for a wrong type. */
const notPlainNumber = (
  instancePath: string,
  name: string,
  kind: NumericKind,
): ValidationError => ({
  instancePath,
  schemaPath: `#/properties/${name}/type`,
  keyword: 'type',
  params: { type: kind },
  message: `must be ${kind}`,
});

/**
 * Every failure of a validation, by the list Fastify is given (the first failure's): the
 * problem's `errors` (fieldErrorsOf). Ajv makes a new list on every call.
 */
const allErrorsOf = new WeakMap<ValidationError[], ValidationError[]>();

/**
 * Validates with `validate` (stops at the first failure); once it fails, checks the same data
 * with `everyError` (compiled on first need) and keeps that list beside the first one.
 */
const withEveryError = (validate: AjvValidate, everyError: () => AjvValidate): AjvValidate => {
  let collecting: AjvValidate | undefined;
  const checked: AjvValidate = (data, context) => {
    if (validate(data, context)) {
      checked.errors = null;
      return true;
    }
    const first = validate.errors ?? [];
    collecting ??= everyError();
    collecting(data, context);
    if (collecting.errors) allErrorsOf.set(first, collecting.errors);
    checked.errors = first;
    return false;
  };
  checked.schemaEnv = validate.schemaEnv;
  return checked;
};

/** Checks query/path text first, then lets Ajv convert and validate it. */
const withPlainNumbers = (schema: unknown, validate: AjvValidate): AjvValidate => {
  const numeric = numericPropertiesOf(schema);
  if (numeric.length === 0) return validate;
  const checked: AjvValidate = (data, context) => {
    const refused: ValidationError[] = [];
    if (data && typeof data === 'object') {
      const values = data as Record<string, unknown>;
      for (const { name, kind } of numeric) {
        const value = values[name];
        const texts = Array.isArray(value) ? value : [value];
        texts.forEach((text, index) => {
          if (typeof text === 'string' && !isPlainNumberText(text, kind)) {
            const at = Array.isArray(value) ? `/${name}/${index}` : `/${name}`;
            refused.push(notPlainNumber(at, name, kind));
          }
        });
      }
    }
    const valid = validate(data, context);
    const errors = validate.errors ?? [];
    if (refused.length === 0) {
      checked.errors = valid ? null : errors;
      return valid;
    }
    // The detail names the first refused property, as the first failure; the list holds every
    // refused text (array items by index) and every other failure.
    const firstRefused = refused[0] as ValidationError;
    const first = [
      { ...firstRefused, instancePath: `/${firstRefused.instancePath.split('/')[1]}` },
    ];
    const refusedPaths = refused.map((error) => error.instancePath);
    const others = (allErrorsOf.get(errors) ?? errors).filter(
      (error) =>
        !refusedPaths.some(
          (path) => error.instancePath === path || error.instancePath.startsWith(`${path}/`),
        ),
    );
    allErrorsOf.set(first, [...refused, ...others]);
    checked.errors = first;
    return false;
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

/** Where Fastify's validation context (dataVar) is in a problem's field errors. */
const LOCATIONS: Readonly<Record<string, FieldLocation>> = {
  body: 'body',
  querystring: 'query',
  params: 'params',
  headers: 'headers',
};

/** A property name as one JSON-pointer segment (RFC 6901). */
const pointerSegment = (name: unknown) =>
  `/${String(name).replaceAll('~', '~0').replaceAll('/', '~1')}`;

const fieldErrorOf = (location: FieldLocation, error: ValidationError): FieldError => {
  if (error.keyword === 'required') {
    return {
      location,
      field: `${error.instancePath}${pointerSegment(error.params.missingProperty)}`,
      message: 'is required',
    };
  }
  if (error.keyword === 'additionalProperties') {
    return {
      location,
      field: `${error.instancePath}${pointerSegment(error.params.additionalProperty)}`,
      message: 'is not a known property',
    };
  }
  return { location, field: error.instancePath, message: error.message ?? 'is not valid' };
};

/**
 * Every field error of a validation error Fastify raised (the problem's `errors`): each failure
 * of the part that failed, with where it is (a JSON pointer into the part) and what is wrong;
 * the same failure met twice (branches of anyOf) is listed once.
 */
export const fieldErrorsOf = (error: {
  validation?: unknown;
  validationContext?: string;
}): FieldError[] | undefined => {
  if (!Array.isArray(error.validation)) return undefined;
  const first = error.validation as ValidationError[];
  const location = LOCATIONS[error.validationContext ?? ''] ?? 'body';
  const seen = new Set<string>();
  return (allErrorsOf.get(first) ?? first)
    .map((failure) => fieldErrorOf(location, failure))
    .filter(({ field, message }) => {
      const key = `${field}\n${message}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
};

/** Installs the body and query/path validators and the error wording on an encapsulation. */
export const registerRequestValidation = (app: FastifyInstance): void => {
  const compilers = AjvCompiler();
  const onCreate = storableFormats;
  const body = compilers({}, { customOptions: BODY_AJV_OPTIONS, onCreate });
  const bodyEveryError = compilers(
    {},
    { customOptions: { ...BODY_AJV_OPTIONS, ...ALL_ERRORS }, onCreate },
  );
  const textParts = compilers({}, { customOptions: TEXT_PART_AJV_OPTIONS, onCreate });
  const textPartsEveryError = compilers(
    {},
    { customOptions: { ...TEXT_PART_AJV_OPTIONS, ...ALL_ERRORS }, onCreate },
  );
  app.setValidatorCompiler<FastifySchema>(({ schema, method, url, httpPart }) => {
    const route = { schema, method, url, httpPart };
    if (httpPart === 'body') {
      return withEveryError(body(route) as AjvValidate, () => bodyEveryError(route) as AjvValidate);
    }
    const validate = withEveryError(
      textParts(route) as AjvValidate,
      () => textPartsEveryError(route) as AjvValidate,
    );
    return httpPart === 'headers' ? validate : withPlainNumbers(schema, validate);
  });
  app.setSchemaErrorFormatter((errors, dataVar) =>
    formatValidationErrors(errors as ValidationError[], dataVar),
  );
};
