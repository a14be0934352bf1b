import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { E2E_PORTS, E2E_URLS } from './support/e2e-servers.ts';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
// Every run starts the server on a fresh embedded database.
const dataDir = mkdtempSync(path.join(tmpdir(), 'paygate-e2e-'));
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  fullyParallel: false,
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 30_000,
  reporter: [['list'], ['json', { outputFile: 'reports/playwright.json' }]],
  use: {
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's chromium: browser downloads are not possible on these machines.
      executablePath: chromiumPath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    { name: 'desktop', use: { viewport: { width: 1440, height: 900 } } },
    {
      name: 'phone',
      use: { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true },
    },
  ],
  webServer: {
    command: 'node apps/server/dist/main.js',
    cwd: repoRoot,
    url: `${E2E_URLS.api}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      HOST: '127.0.0.1',
      PORT: String(E2E_PORTS.api),
      BACKOFFICE_PORT: String(E2E_PORTS.backoffice),
      PAYMENT_FORM_PORT: String(E2E_PORTS.paymentForm),
      BACKOFFICE_DIST: `${repoRoot}apps/backoffice/dist`,
      PAYMENT_FORM_DIST: `${repoRoot}apps/payment-form/dist`,
      DATA_DIR: dataDir,
      // Demo merchants, users and invoices, as the start command seeds them.
      SEED: 'demo',
      // The sandbox provider settles test payments after a second, so journeys finish quickly.
      SANDBOX_SETTLE_SECONDS: '1',
      // Success-rate alerts are looked at every second, so the live journey sees them open.
      ALERT_CHECK_SECONDS: '1',
      // The rate limits stay on with their defaults, but one browser on one address signs in
      // for nearly every test, faster than any office does (30 a minute per address).
      RATE_LIMIT_SIGN_IN_PER_MINUTE: '300',
      LOG_LEVEL: 'warn',
    },
  },
});
