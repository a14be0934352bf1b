import type { FastifyRequest } from 'fastify';
import { invalid } from '../service-errors.ts';

/**
 * Query parameters the schema does not name are refused (400), not ignored: the shared query
 * validator removes them silently (removeAdditional, http/request-validation.ts), and a
 * misspelt filter (stauts=DONE) would otherwise answer every invoice as if it had filtered.
 */
export const refuseUnknownQueryParameters = (schema: { properties: object }) => {
  const known = new Set(Object.keys(schema.properties));
  return async (request: FastifyRequest) => {
    const unknown = Object.keys(request.query ?? {}).find((name) => !known.has(name));
    if (unknown !== undefined) throw invalid(`querystring/${unknown} is not a known property`);
  };
};
