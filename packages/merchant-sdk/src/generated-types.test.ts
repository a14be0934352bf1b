import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  MERCHANT_API_PATH_PREFIX,
  MERCHANT_API_TYPES_COMMAND,
  MERCHANT_API_TYPES_PATH,
  merchantApiDocument,
  merchantApiTypesText,
  OPENAPI_DOCUMENT_PATH,
} from '../scripts/merchant-api-types.ts';

const STALE = `src/generated/merchant-api-types.ts is out of date with packages/api/openapi/openapi.json: run \`${MERCHANT_API_TYPES_COMMAND}\` and commit the result`;

const committedDocument = () => JSON.parse(readFileSync(OPENAPI_DOCUMENT_PATH, 'utf8')) as object;

/**
 * The SDK is typed from the committed OpenAPI document, as packages/api is
 * (apps/server/src/openapi-document.test.ts holds the document to the routes): a route or webhook
 * schema change without regenerating fails here.
 */
describe('the generated merchant API types', () => {
  it('are what openapi-typescript makes of the merchant API part of the document', async () => {
    const committed = readFileSync(MERCHANT_API_TYPES_PATH, 'utf8');
    const expected = await merchantApiTypesText(committedDocument());
    // Compared as text: the file is written, never edited by hand.
    expect(committed === expected, STALE).toBe(true);
  });

  it('cover exactly the merchant API paths, the webhooks and the components they use', () => {
    const part = merchantApiDocument(committedDocument()) as {
      paths: object;
      webhooks?: object;
      components: { schemas?: object; securitySchemes?: object };
    };
    const paths = Object.keys(part.paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        `${MERCHANT_API_PATH_PREFIX}/invoices`,
        `${MERCHANT_API_PATH_PREFIX}/invoices/{invoiceId}`,
        `${MERCHANT_API_PATH_PREFIX}/events`,
      ]),
    );
    expect(paths.every((path) => path.startsWith(`${MERCHANT_API_PATH_PREFIX}/`))).toBe(true);
    expect(Object.keys(part.webhooks ?? {})).toEqual(
      expect.arrayContaining(['invoice.created', 'invoice.done', 'webhook.test']),
    );
    expect(Object.keys(part.components.schemas ?? {})).toContain('Problem');
    const schemes = Object.keys(part.components.securitySchemes ?? {});
    expect(schemes).toEqual(expect.arrayContaining(['merchantApiKey', 'merchantSignature']));
    expect(schemes.some((name) => name.startsWith('provider'))).toBe(false);
  });

  it('keep a component only when the part refers to it, following references', () => {
    const document = {
      openapi: '3.1.0',
      info: { title: 't', version: '1' },
      paths: {
        '/api/v1/other': { get: { responses: { 200: { $ref: '#/components/responses/Other' } } } },
        [`${MERCHANT_API_PATH_PREFIX}/things`]: {
          get: {
            security: [{ merchantApiKey: [] }],
            responses: { 200: { $ref: '#/components/responses/Thing' } },
          },
        },
      },
      components: {
        securitySchemes: { merchantApiKey: { type: 'apiKey' }, sessionCookie: { type: 'apiKey' } },
        responses: {
          Other: { description: 'o' },
          Thing: {
            description: 't',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/A~1B' } } },
          },
        },
        schemas: {
          'A/B': { type: 'object', properties: { c: { $ref: '#/components/schemas/C' } } },
          C: { type: 'string' },
          Unused: { type: 'string' },
        },
      },
    };
    expect(merchantApiDocument(document)).toEqual({
      openapi: '3.1.0',
      info: { title: 't', version: '1' },
      paths: {
        [`${MERCHANT_API_PATH_PREFIX}/things`]:
          document.paths[`${MERCHANT_API_PATH_PREFIX}/things`],
      },
      components: {
        securitySchemes: { merchantApiKey: { type: 'apiKey' } },
        responses: { Thing: document.components.responses.Thing },
        schemas: { 'A/B': document.components.schemas['A/B'], C: { type: 'string' } },
      },
    });
    expect(() =>
      merchantApiDocument({ ...document, components: { ...document.components, schemas: {} } }),
    ).toThrow('#/components/schemas/A/B is not defined');
  });
});
