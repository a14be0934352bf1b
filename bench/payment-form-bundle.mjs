#!/usr/bin/env node
/**
 * Size budget of the hosted payment form (issue 8): its initial JavaScript, the entry chunk and
 * every chunk it imports statically, must stay within 110 KB gzip (100 until issue 21 put RTK
 * Query in). Lazy chunks (one per language, only the active one is downloaded) are listed but
 * not counted.
 *
 *   node bench/payment-form-bundle.mjs             builds the form, then measures
 *   node bench/payment-form-bundle.mjs --no-build  measures apps/payment-form/dist as it is
 *
 * Sizes are gzip (node:zlib, default level) in KB of 1000 bytes, as Vite prints them. Exits 1
 * when the initial JavaScript is over budget, 2 when there is no build to measure.
 */
import path from 'node:path';
import { ROOT } from './lib/bench-paths.mjs';
import { BUNDLE_BUDGETS_KB, kb, measureViteBuild } from './lib/vite-bundle.mjs';

const BUDGET_KB = BUNDLE_BUDGETS_KB.paymentForm;
const APP = path.join(ROOT, 'apps/payment-form');

/** @type {ReturnType<typeof measureViteBuild>} */
let measured;
try {
  measured = measureViteBuild({
    appDir: APP,
    dist: path.join(APP, 'dist'),
    build: !process.argv.includes('--no-build'),
    appName: 'payment form',
  });
} catch (error) {
  console.error(error.message);
  process.exit(2);
}
const { initial, lazy, initialGzip, lazyGzip } = measured;
const largestLazy = Math.max(0, ...lazy.map((chunk) => chunk.gzip));

for (const chunk of initial) {
  console.log(`  initial  ${chunk.file}  ${kb(chunk.gzip)} gzip (${kb(chunk.raw)} raw)`);
}
for (const chunk of lazy) console.log(`  lazy     ${chunk.file}  ${kb(chunk.gzip)} gzip`);
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
