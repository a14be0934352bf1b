/**
 * The JavaScript of a Vite build, read from its manifest (build.manifest in the app's
 * vite.config.ts): the initial chunks (entries and, recursively, what they import statically:
 * loaded before anything runs) and the lazy ones, with their sizes. Used by the bundle budgets
 * of the payment form and the back office.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { ROOT } from './bench-paths.mjs';

/** Initial JavaScript budgets of issue 10, KB gzip; the form's 110 is issue 21's, with RTK Query (decision 0011). */
export const BUNDLE_BUDGETS_KB = { paymentForm: 110, backoffice: 250 };

/** KB of 1000 bytes, as Vite prints them. */
export const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`;

/**
 * Builds `appDir` into `dist` (unless `build` is false) and measures it. Throws when there is no
 * build to measure. Sizes are gzip (node:zlib, default level).
 */
export const measureViteBuild = ({ appDir, dist, build, appName }) => {
  if (build) {
    execFileSync(
      path.join(appDir, 'node_modules/.bin/vite'),
      ['build', '--logLevel', 'warn', '--outDir', dist, '--emptyOutDir'],
      { cwd: appDir, stdio: 'inherit' },
    );
  }
  const manifestFile = path.join(dist, '.vite/manifest.json');
  if (!existsSync(manifestFile)) {
    throw new Error(
      `No ${path.relative(ROOT, manifestFile)}: build the ${appName} first (vite.config.ts sets build.manifest).`,
    );
  }
  /** @type {Record<string, {file: string, isEntry?: boolean, imports?: string[]}>} */
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));

  const initialKeys = new Set();
  const visit = (key) => {
    if (initialKeys.has(key) || !manifest[key]) return;
    initialKeys.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
  if (initialKeys.size === 0) throw new Error('The manifest names no entry chunk.');

  const chunkSize = ([key, chunk]) => {
    const content = readFileSync(path.join(dist, chunk.file));
    return { key, file: chunk.file, raw: content.length, gzip: gzipSync(content).length };
  };
  const jsChunks = Object.entries(manifest).filter(([, chunk]) => chunk.file.endsWith('.js'));
  const initial = jsChunks.filter(([key]) => initialKeys.has(key)).map(chunkSize);
  const lazy = jsChunks.filter(([key]) => !initialKeys.has(key)).map(chunkSize);
  const gzipTotal = (chunks) => chunks.reduce((sum, chunk) => sum + chunk.gzip, 0);
  return { initial, lazy, initialGzip: gzipTotal(initial), lazyGzip: gzipTotal(lazy) };
};
