import { defineConfig } from 'vitest/config';
import { RunReportWriter } from './scripts/lib/vitest-run-report.ts';

// Every package writes a JSON result next to its console output so the test
// command can print one closing "N passed, N failed" line for the whole repo.
export const sharedTestConfig = defineConfig({
  test: {
    reporters: ['default', new RunReportWriter('reports/vitest-run.json')],
    passWithNoTests: false,
  },
});

/** Settings of packages that render React components. */
export const domTestConfig = defineConfig({
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: [new URL('./vitest.dom-setup.ts', import.meta.url).pathname],
    // A screen test takes up to half a second on an idle 2-core machine and ten times that while
    // the machine is busy (other suites, builds, a browser): vitest's 5 s default then fails
    // tests that are right. A hang still fails, after 30 s.
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});

/** Settings of packages whose tests run in plain Node. */
export const nodeTestConfig = defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // Opening and migrating a database can take seconds while the test command builds and
    // typechecks other packages on the same two cores.
    hookTimeout: 60_000,
    testTimeout: 30_000,
  },
});
