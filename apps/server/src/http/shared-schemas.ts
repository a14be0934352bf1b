import type { FastifyInstance } from 'fastify';

/**
 * A JSON schema several routes answer with: registered with `app.addSchema` under its `$id` and
 * named by routes as `{ $ref: '<id>#' }`. The OpenAPI document shows it once, as
 * `#/components/schemas/<id>` (openapi.ts names shared schemas by their `$id`), so the generated
 * client types name it too; the serializer resolves the reference, so the answers are byte for
 * byte those of the schema written inline. `Problem` (problem-details.ts) is the first of them.
 */
export interface SharedSchema {
  /** The component's name: PascalCase, unique in the app. */
  readonly id: string;
  /** The schema with its `$id`, for `app.addSchema`. */
  readonly schema: { readonly $id: string };
  /** What a route's schema writes where the shape is answered. */
  readonly ref: { readonly $ref: string };
}

/** Every shared schema defined by the modules loaded so far, by id. */
const DEFINED = new Map<string, SharedSchema>();

/** Defines a shared schema (once per id: two shapes cannot share a name). */
export const sharedSchema = <const Schema extends object>(
  id: string,
  schema: Schema,
): SharedSchema & { readonly schema: Schema & { readonly $id: string } } => {
  if (DEFINED.has(id)) throw new Error(`The shared schema ${id} is defined twice`);
  const shared = { id, schema: { $id: id, ...schema }, ref: { $ref: `${id}#` } };
  DEFINED.set(id, shared);
  return shared;
};

/**
 * Registers shared schemas a group of routes refers to, before those routes. Each route module
 * adds what it uses (so it also works registered alone, as some tests do); a schema already
 * added is left as it is.
 */
export const addSharedSchemas = (app: FastifyInstance, schemas: readonly SharedSchema[]): void => {
  for (const { id, schema } of schemas) {
    if (!app.getSchema(id)) app.addSchema(schema);
  }
};

/**
 * Adds every shared schema the loaded modules define, before any route or encapsulated scope
 * (registerOpenApi does, first thing in the API plugin); the route modules' own calls then add
 * nothing. Why first: `app.addSchema` also adds to the encapsulated scopes that already exist
 * (the merchant and provider APIs'), and Fastify rebuilds the validator of a scope that gains a
 * schema with its default compiler, not the one registerRequestValidation set; that scope's
 * routes would then coerce types and drop unknown properties instead of refusing them.
 */
export const addEverySharedSchema = (app: FastifyInstance): void =>
  addSharedSchemas(app, [...DEFINED.values()]);
