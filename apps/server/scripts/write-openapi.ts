/**
 * Writes the server's OpenAPI document to packages/api/openapi/openapi.json, the client types
 * generated from it to packages/api/src/generated/openapi-types.ts and the merchant SDK's types
 * of its merchant API part to packages/merchant-sdk/src/generated/merchant-api-types.ts. Run
 * after changing a route's schema: `pnpm --filter @paygate/server openapi:write`
 * (src/openapi-document.test.ts and the SDK's generated-types test fail until the files match
 * the routes again).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  MERCHANT_API_TYPES_PATH,
  merchantApiTypesText,
} from '@paygate/merchant-sdk/openapi-types-generator';
import {
  OPENAPI_JSON_PATH,
  OPENAPI_TYPES_PATH,
  openApiDocument,
  openApiJsonText,
  openApiTypesText,
} from '../src/openapi-document.ts';

const write = (file: string, text: string) => {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
  process.stdout.write(`wrote ${path.relative(process.cwd(), file)}\n`);
};

const main = async () => {
  const document = await openApiDocument();
  const jsonText = openApiJsonText(document);
  write(OPENAPI_JSON_PATH, jsonText);
  // Generated from the text just written, exactly as the drift test does.
  write(OPENAPI_TYPES_PATH, await openApiTypesText(JSON.parse(jsonText) as object));
  write(MERCHANT_API_TYPES_PATH, await merchantApiTypesText(JSON.parse(jsonText) as object));
};

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : error}\n`);
  process.exitCode = 1;
});
