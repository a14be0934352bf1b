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
import path from 'node:path';
import { ROOT } from './lib/bench-paths.mjs';
import { BUNDLE_BUDGETS_KB, kb, measureViteBuild } from './lib/vite-bundle.mjs';

const BUDGET_KB = BUNDLE_BUDGETS_KB.backoffice;
const APP = path.join(ROOT, 'apps/backoffice');
const distArgument = process.argv.indexOf('--dist');
const DIST =
  distArgument > 0 ? path.resolve(process.argv[distArgument + 1] ?? '') : path.join(APP, 'dist');

/** @type {ReturnType<typeof measureViteBuild>} */
let measured;
try {
  measured = measureViteBuild({
    appDir: APP,
    dist: DIST,
    build: !process.argv.includes('--no-build'),
    appName: 'back office',
  });
} catch (error) {
  console.error(error.message);
  process.exit(2);
}
const { initial, lazy, initialGzip, lazyGzip } = measured;

for (const chunk of initial) console.log(`  initial  ${chunk.file}  ${kb(chunk.gzip)} gzip`);
for (const chunk of lazy) console.log(`  lazy     ${chunk.file}  ${kb(chunk.gzip)} gzip`);
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
