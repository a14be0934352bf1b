#!/usr/bin/env node
/**
 * Size budget of the back office (issue 10): route-level code splitting, and initial JavaScript
 * (the entry chunk plus every chunk it imports statically) at most 250 KB gzip. Route chunks,
 * loaded when a route is first opened, are listed but not counted.
 *
 *   node bench/backoffice-bundle.mjs             builds the back office, then measures
 *   node bench/backoffice-bundle.mjs --no-build  measures apps/backoffice/dist as it is
 *   ... --dist <folder>                          builds into / measures another folder
 *
 * Reads Vite's manifest (build.manifest in apps/backoffice/vite.config.ts). Sizes are gzip
 * (node:zlib, default level) in KB of 1000 bytes. Exits 1 when over budget or when the build has
 * no lazily loaded chunk (no code splitting), 2 when there is no build to measure.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 250;
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const APP = path.join(ROOT, 'apps/backoffice');
const distArgument = process.argv.indexOf('--dist');
const DIST =
  distArgument > 0 ? path.resolve(process.argv[distArgument + 1] ?? '') : path.join(APP, 'dist');
const MANIFEST = path.join(DIST, '.vite/manifest.json');

if (!process.argv.includes('--no-build')) {
  execFileSync(
    path.join(APP, 'node_modules/.bin/vite'),
    ['build', '--logLevel', 'warn', '--outDir', DIST, '--emptyOutDir'],
    {
      cwd: APP,
      stdio: 'inherit',
    },
  );
}

if (!existsSync(MANIFEST)) {
  console.error(
    `No ${path.relative(ROOT, MANIFEST)}: build the back office first (vite.config.ts sets build.manifest).`,
  );
  process.exit(2);
}

/** @type {Record<string, {file: string, isEntry?: boolean, imports?: string[], dynamicImports?: string[]}>} */
const manifest = JSON.parse(readFileSync(MANIFEST, 'utf8'));
const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`;
const gzipOf = (file) => gzipSync(readFileSync(path.join(DIST, file))).length;

const initialKeys = new Set();
const visit = (key) => {
  if (initialKeys.has(key) || !manifest[key]) return;
  initialKeys.add(key);
  for (const imported of manifest[key].imports ?? []) visit(imported);
};
for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
if (initialKeys.size === 0) {
  console.error('The manifest names no entry chunk.');
  process.exit(2);
}

const jsChunks = Object.entries(manifest).filter(([, chunk]) => chunk.file.endsWith('.js'));
const initial = jsChunks.filter(([key]) => initialKeys.has(key));
const lazy = jsChunks.filter(([key]) => !initialKeys.has(key));
const initialGzip = initial.reduce((sum, [, chunk]) => sum + gzipOf(chunk.file), 0);
const lazyGzip = lazy.reduce((sum, [, chunk]) => sum + gzipOf(chunk.file), 0);

for (const [, chunk] of initial)
  console.log(`  initial  ${chunk.file}  ${kb(gzipOf(chunk.file))} gzip`);
for (const [, chunk] of lazy)
  console.log(`  lazy     ${chunk.file}  ${kb(gzipOf(chunk.file))} gzip`);
console.log(`backoffice lazy chunks: ${lazy.length} (${kb(lazyGzip)} gzip)`);
console.log(`backoffice initial JS: ${kb(initialGzip)} gzip (budget ${BUDGET_KB} KB)`);

if (lazy.length === 0) {
  console.error('backoffice has no lazily loaded chunk: routes are not code-split');
  process.exit(1);
}
if (initialGzip > BUDGET_KB * 1000) {
  console.error(
    `backoffice initial JS is over budget by ${kb(initialGzip - BUDGET_KB * 1000)} gzip`,
  );
  process.exit(1);
}
