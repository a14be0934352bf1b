#!/usr/bin/env node
/**
 * Size budget of the hosted payment form (issue 8): its initial JavaScript, the entry chunk and
 * every chunk it imports statically, must stay within 100 KB gzip. Lazy chunks (one per language,
 * only the active one is downloaded) are listed but not counted.
 *
 *   node bench/payment-form-bundle.mjs             builds the form, then measures
 *   node bench/payment-form-bundle.mjs --no-build  measures apps/payment-form/dist as it is
 *
 * Sizes are gzip (node:zlib, default level) in KB of 1000 bytes, as Vite prints them. Exits 1
 * when the initial JavaScript is over budget, 2 when there is no build to measure.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 100;
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const APP = path.join(ROOT, 'apps/payment-form');
const DIST = path.join(APP, 'dist');
const MANIFEST = path.join(DIST, '.vite/manifest.json');

if (!process.argv.includes('--no-build')) {
  execFileSync(path.join(APP, 'node_modules/.bin/vite'), ['build', '--logLevel', 'warn'], {
    cwd: APP,
    stdio: 'inherit',
  });
}

if (!existsSync(MANIFEST)) {
  console.error(
    `No ${path.relative(ROOT, MANIFEST)}: build the payment form first (vite.config.ts sets build.manifest).`,
  );
  process.exit(2);
}

/** @type {Record<string, {file: string, name?: string, isEntry?: boolean, imports?: string[], dynamicImports?: string[]}>} */
const manifest = JSON.parse(readFileSync(MANIFEST, 'utf8'));

const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`;
const sizeOf = (file) => {
  const content = readFileSync(path.join(DIST, file));
  return { raw: content.length, gzip: gzipSync(content).length };
};

/** The entry chunks and, recursively, what they import statically: loaded before anything runs. */
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
const total = (chunks) => chunks.reduce((sum, [, chunk]) => sum + sizeOf(chunk.file).gzip, 0);

const initialGzip = total(initial);
const lazyGzip = total(lazy);
const largestLazy = Math.max(0, ...lazy.map(([, chunk]) => sizeOf(chunk.file).gzip));

for (const [, chunk] of initial) {
  const { raw, gzip } = sizeOf(chunk.file);
  console.log(`  initial  ${chunk.file}  ${kb(gzip)} gzip (${kb(raw)} raw)`);
}
for (const [, chunk] of lazy) {
  console.log(`  lazy     ${chunk.file}  ${kb(sizeOf(chunk.file).gzip)} gzip`);
}
console.log(`payment-form all JS: ${kb(initialGzip + lazyGzip)} gzip`);
console.log(
  `payment-form first render (initial + largest lazy chunk, i.e. one language): ${kb(initialGzip + largestLazy)} gzip`,
);
console.log(`payment-form initial JS: ${kb(initialGzip)} gzip (budget ${BUDGET_KB} KB)`);

if (initialGzip > BUDGET_KB * 1000) {
  console.error(
    `payment-form initial JS is over budget by ${kb(initialGzip - BUDGET_KB * 1000)} gzip`,
  );
  process.exit(1);
}
