import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RunReport } from './lib/vitest-run-report.ts';
import { collectResults, playwrightRow, readStages, summarize } from './test-summary.mjs';

let root: string;
beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'test-summary-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const write = (file: string, content: unknown) => {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(
    path.join(root, file),
    typeof content === 'string' ? content : JSON.stringify(content),
  );
};
const workspace = (dir: string, report?: Partial<RunReport>, withTests = true) => {
  write(`${dir}/package.json`, { scripts: withTests ? { test: 'vitest run' } : {} });
  if (report) {
    write(`${dir}/reports/vitest-run.json`, {
      passed: 0,
      failed: 0,
      skipped: 0,
      durationMs: 1000,
      reason: 'passed',
      problems: [],
      ...report,
    });
  }
};
/** A Playwright JSON report with one test per status. */
const playwrightReport = (tests: Array<{ status: string; expectedStatus?: string }>) => ({
  suites: [
    {
      title: 'journeys.spec.ts',
      specs: tests.map((test, index) => ({
        title: `journey ${index}`,
        file: 'journeys.spec.ts',
        tests: [
          {
            projectName: 'desktop',
            status: test.status,
            expectedStatus: test.expectedStatus ?? 'passed',
            results: [{ error: { message: `broke ${index}\nstack` } }],
          },
        ],
      })),
    },
  ],
  errors: [],
  stats: { duration: 65_000 },
});

describe('the closing summary', () => {
  it('passes when every suite passed and names each stage with its time', () => {
    workspace('apps/server', { passed: 10, skipped: 1, durationMs: 125_000 });
    workspace('packages/ui', { passed: 5 });
    workspace('packages/untested', undefined, false);
    write('e2e/reports/playwright.json', playwrightReport([{ status: 'expected' }]));
    write('reports/test-stages.tsv', 'Lint\t4\t0\nUnit tests\t321\t0\n');

    const { text, passed } = summarize({ stages: readStages(root), ...collectResults(root) });
    expect(passed).toBe(true);
    expect(text).toMatch(/Lint\s+4 s\s+ok/);
    expect(text).toMatch(/Unit tests\s+5 min 21 s\s+ok/);
    expect(text).toMatch(/all stages\s+5 min 25 s/);
    expect(text).toMatch(/apps\/server\s+10\s+0\s+1\s+2 min 05 s/);
    expect(text).toContain('Total: 16 passed, 0 failed, 1 skipped');
    expect(text).not.toContain('untested');
  });

  it('fails on a failed stage and prints its exit status', () => {
    workspace('apps/server', { passed: 1 });
    write('e2e/reports/playwright.json', playwrightReport([{ status: 'expected' }]));
    write('reports/test-stages.tsv', 'Deployment files\t61\t1\n');
    const { text } = summarize({ stages: readStages(root), ...collectResults(root) });
    expect(text).toMatch(/Deployment files\s+1 min 01 s\s+FAILED \(exit 1\)/);
  });

  it('counts and names the problems a run report lists', () => {
    workspace('apps/server', {
      passed: 1173,
      failed: 2,
      skipped: 3,
      problems: [
        {
          file: 'src/terminals.test.ts',
          name: 'terminal changes on pglite',
          kind: 'hook or suite failed',
          message: 'Hook timed out in 60000ms.',
        },
        {
          file: 'src/terminals.test.ts',
          name: 'terminal changes on pglite > creates',
          kind: 'skipped because of an error',
          message: '"terminal changes on pglite" failed',
        },
      ],
    });
    write('e2e/reports/playwright.json', playwrightReport([{ status: 'expected' }]));
    const { text, passed } = summarize({ stages: [], ...collectResults(root) });
    expect(passed).toBe(false);
    expect(text).toContain(
      '  - hook or suite failed: src/terminals.test.ts > terminal changes on pglite: Hook timed out in 60000ms.',
    );
    expect(text).toContain(
      '  - skipped because of an error: src/terminals.test.ts > terminal changes on pglite > creates',
    );
    expect(text).toContain('Total: 1174 passed, 2 failed, 3 skipped');
  });

  it('fails when a tested workspace left no report', () => {
    workspace('apps/server', { passed: 3 });
    workspace('apps/backoffice');
    const { text, passed } = summarize({ stages: [], ...collectResults(root) });
    expect(passed).toBe(false);
    expect(text).toContain('No results from: apps/backoffice, e2e');
  });

  it('fails when nothing ran at all', () => {
    workspace('apps/server', { passed: 0 });
    write('e2e/reports/playwright.json', playwrightReport([]));
    expect(summarize({ stages: [], ...collectResults(root) }).passed).toBe(false);
  });
});

describe('end-to-end results', () => {
  it('counts a test that did not run because of an error as a failure, a skip on purpose as a skip', () => {
    const row = playwrightRow(
      playwrightReport([
        { status: 'expected' },
        { status: 'flaky' },
        { status: 'unexpected' },
        { status: 'skipped' },
        { status: 'skipped', expectedStatus: 'skipped' },
      ]),
    );
    expect(row).toMatchObject({ passed: 2, failed: 2, skipped: 1 });
    expect(row.problems.map((problem) => `${problem.kind}: ${problem.name}`)).toEqual([
      'test failed: [desktop] journey 2',
      'skipped because of an error: [desktop] journey 3',
    ]);
    expect(row.problems[0]?.message).toBe('broke 2');
  });

  it('counts an error of the run itself (web server, global setup)', () => {
    const row = playwrightRow({
      ...playwrightReport([]),
      errors: [{ message: 'Timed out waiting 60000ms from config.webServer.' }],
    });
    expect(row.failed).toBe(1);
    expect(row.problems[0]?.message).toContain('config.webServer');
  });
});
