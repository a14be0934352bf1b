/** Where things are: the repository, the built server and the server's own dependencies. */
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const BENCH_DIR = path.join(ROOT, 'bench');
/** BENCH_SERVER_MAIN: another build of the server (development of the bench without touching dist). */
export const SERVER_MAIN = process.env.BENCH_SERVER_MAIN
  ? path.resolve(process.env.BENCH_SERVER_MAIN)
  : path.join(ROOT, 'apps/server/dist/main.js');
export const PAYMENT_FORM_DIST = path.join(ROOT, 'apps/payment-form/dist');
export const BACKOFFICE_DIST = process.env.BENCH_BACKOFFICE_DIST
  ? path.resolve(process.env.BENCH_BACKOFFICE_DIST)
  : path.join(ROOT, 'apps/backoffice/dist');
/** Scratch data (PGlite folders) and results; both gitignored. */
export const DATA_DIR = path.join(BENCH_DIR, '.data');
export const RESULTS_DIR = path.join(BENCH_DIR, 'results');

/**
 * Resolves packages the server depends on (fastify for the baseline route), so the bench package
 * needs no copy of them: the baseline runs the very Fastify the product runs.
 */
export const serverRequire = createRequire(path.join(ROOT, 'apps/server/package.json'));

/** BENCH_QUICK=1: a few-minute smoke run with smaller data sets and shorter runs, same rows. */
export const QUICK = process.env.BENCH_QUICK === '1';
