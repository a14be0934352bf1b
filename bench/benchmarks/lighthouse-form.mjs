/**
 * Target 5: Lighthouse's mobile performance score (its default config: a mid-range phone with
 * simulated slow 4G) of the built payment form, served by the server's payment-form listener
 * at /payment/<formId> of a real open form. Debian's chromium, headless, started here with a
 * debugging port that Lighthouse drives.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { stopChild, waitForHttp } from '../lib/server-process.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const DEBUGGING_PORT = Number(process.env.BENCH_PORT_BASE ?? 3900) + 22;

export const measureLighthouse = async ({ pageUrl, runs = 1 }) => {
  const profile = mkdtempSync(path.join(os.tmpdir(), 'bench-chromium-'));
  const chromium = spawn(
    CHROMIUM,
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      `--remote-debugging-port=${DEBUGGING_PORT}`,
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  // A missing or unstartable browser is this benchmark's failure, not an uncaught 'error' event
  // that would end the run and leave its servers behind.
  const failedToStart = new Promise((_, reject) => chromium.once('error', reject));
  failedToStart.catch(() => {});
  try {
    await Promise.race([
      waitForHttp(`http://127.0.0.1:${DEBUGGING_PORT}/json/version`, chromium, 30_000),
      failedToStart,
    ]);
    const scores = [];
    let metrics = {};
    for (let run = 0; run < runs; run += 1) {
      const result = await lighthouse(pageUrl, {
        port: DEBUGGING_PORT,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
      });
      const { lhr } = result;
      if (lhr.runtimeError) throw new Error(`lighthouse: ${lhr.runtimeError.message}`);
      scores.push(Math.round((lhr.categories.performance.score ?? 0) * 100));
      metrics = {
        fcpMs: lhr.audits['first-contentful-paint'].numericValue,
        lcpMs: lhr.audits['largest-contentful-paint'].numericValue,
        tbtMs: lhr.audits['total-blocking-time'].numericValue,
        cls: lhr.audits['cumulative-layout-shift'].numericValue,
      };
    }
    // The median of the runs: one run on a busy machine can be unlucky.
    const sorted = [...scores].sort((a, b) => a - b);
    return { score: sorted[Math.floor(sorted.length / 2)], scores, ...metrics };
  } finally {
    await stopChild(chromium, 5_000);
    rmSync(profile, { recursive: true, force: true });
  }
};
