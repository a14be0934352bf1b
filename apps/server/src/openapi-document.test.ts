import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  OPENAPI_JSON_PATH,
  OPENAPI_TYPES_PATH,
  OPENAPI_WRITE_COMMAND,
  openApiDocument,
  openApiJsonText,
  openApiTypesText,
} from './openapi-document.ts';

const committed = (file: string): string => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
};

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

const staleMessage = (file: string) =>
  `${path.relative(REPO_ROOT, file)} is out of date with the server's routes: run \`${OPENAPI_WRITE_COMMAND}\` and commit the result`;

/**
 * The client (packages/api) is typed from a committed snapshot of the server's OpenAPI document.
 * These checks make a route schema change without regenerating the snapshot and its types fail
 * here, so the two can never drift apart unnoticed.
 */
describe('committed OpenAPI snapshot and generated client types', () => {
  let fresh: object;

  beforeAll(async () => {
    fresh = await openApiDocument();
  });

  it('builds the same document on every run', async () => {
    expect(openApiJsonText(await openApiDocument())).toBe(openApiJsonText(fresh));
  });

  it('packages/api/openapi/openapi.json is the document the routes produce', () => {
    const snapshot = committed(OPENAPI_JSON_PATH);
    expect(snapshot, staleMessage(OPENAPI_JSON_PATH)).not.toBe('');
    // Compared as text: formatting drift is drift too (the file is written, never hand-edited).
    expect(snapshot === openApiJsonText(fresh), staleMessage(OPENAPI_JSON_PATH)).toBe(true);
  });

  it('packages/api/src/generated/openapi-types.ts is what openapi-typescript makes of it', async () => {
    const snapshot = committed(OPENAPI_JSON_PATH);
    const types = committed(OPENAPI_TYPES_PATH);
    expect(types, staleMessage(OPENAPI_TYPES_PATH)).not.toBe('');
    const expected = await openApiTypesText(JSON.parse(snapshot || '{}') as object);
    expect(types === expected, staleMessage(OPENAPI_TYPES_PATH)).toBe(true);
  });

  it('covers the back-office, payment-form and session routes the client calls', () => {
    const paths = Object.keys((fresh as { paths?: object }).paths ?? {});
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/v1/login',
        '/api/v1/people/me',
        '/api/v1/invoice',
        '/api/v1/invoice/{id}',
        '/api/payments/form/{formId}/init',
      ]),
    );
    expect(paths).not.toContain('/api/openapi.json');
  });
});
