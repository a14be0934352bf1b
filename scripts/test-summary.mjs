// The closing summary of `npm test`: how long each stage took, one row per test suite, every
// failure by name (a failed hook, a file that did not load and a test skipped because of an
// error count as failures), and one closing "Total: N passed, N failed, N skipped" line.
// Exits 1 when anything failed or a suite left no results.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where the test command writes one `name<TAB>seconds<TAB>exit status` line per stage. */
export const STAGES_FILE = path.join('reports', 'test-stages.tsv');
/** Where every vitest run writes its RunReport (scripts/lib/vitest-run-report.ts). */
export const VITEST_REPORT = path.join('reports', 'vitest-run.json');
export const PLAYWRIGHT_REPORT = path.join('e2e', 'reports', 'playwright.json');

const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));

/** Workspace folders whose package.json has a `test` script: each must leave a run report. */
export const testedWorkspaces = (root) =>
  ['apps', 'packages', 'scripts']
    .flatMap((group) => {
      const dir = path.join(root, group);
      if (!existsSync(dir)) return [];
      if (existsSync(path.join(dir, 'package.json'))) return [group];
      return readdirSync(dir, { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => path.join(group, entry.name));
    })
    .filter((dir) => {
      const manifest = path.join(root, dir, 'package.json');
      return existsSync(manifest) && Boolean(readJson(manifest).scripts?.test);
    });

/** Playwright's JSON report as a suite row: a test that did not run counts as a failure. */
export const playwrightRow = (report) => {
  /** @type {Array<{ file: string, name: string, kind: string, message: string }>} */
  const problems = [];
  const row = { suite: 'e2e', passed: 0, failed: 0, skipped: 0, problems };
  const visit = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const name = [...titles, spec.title].filter(Boolean).join(' > ');
        const last = test.results?.at(-1);
        const message = (last?.error?.message ?? '').split('\n')[0].slice(0, 300);
        if (test.status === 'expected' || test.status === 'flaky') row.passed += 1;
        else if (test.status === 'unexpected') {
          row.problems.push({
            file: spec.file,
            name: `[${test.projectName}] ${name}`,
            kind: 'test failed',
            message,
          });
        } else if (test.expectedStatus === 'skipped') row.skipped += 1;
        else {
          row.problems.push({
            file: spec.file,
            name: `[${test.projectName}] ${name}`,
            kind: 'skipped because of an error',
            message: 'did not run (an earlier hook or test of its worker failed)',
          });
        }
      }
    }
    for (const child of suite.suites ?? []) visit(child, [...titles, child.title]);
  };
  for (const suite of report.suites ?? []) visit(suite, []);
  for (const error of report.errors ?? []) {
    row.problems.push({
      file: '',
      name: '',
      kind: 'run error',
      message: (error.message ?? '').split('\n')[0].slice(0, 300),
    });
  }
  row.failed = row.problems.length;
  return row;
};

/** Every suite's row, and the suites that left no results. */
export const collectResults = (root) => {
  const rows = [];
  const missing = [];
  for (const dir of testedWorkspaces(root)) {
    const file = path.join(root, dir, VITEST_REPORT);
    if (!existsSync(file)) {
      missing.push(dir);
      continue;
    }
    const report = readJson(file);
    rows.push({
      suite: dir,
      passed: report.passed,
      failed: report.failed,
      skipped: report.skipped,
      seconds: Math.round(report.durationMs / 1000),
      problems: report.problems,
    });
  }
  const e2e = path.join(root, PLAYWRIGHT_REPORT);
  if (existsSync(e2e)) {
    const report = readJson(e2e);
    rows.push({
      ...playwrightRow(report),
      seconds: Math.round((report.stats?.duration ?? 0) / 1000),
    });
  } else missing.push('e2e');
  return { rows, missing };
};

/** The stages the test command recorded, in order. */
export const readStages = (root) => {
  const file = path.join(root, STAGES_FILE);
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [name = '', seconds = '0', status = '1'] = line.split('\t');
      return { name, seconds: Number(seconds), status: Number(status) };
    });
};

export const formatDuration = (seconds) =>
  seconds >= 60
    ? `${Math.floor(seconds / 60)} min ${String(seconds % 60).padStart(2, '0')} s`
    : `${seconds} s`;

const MAX_PROBLEMS_PER_SUITE = 25;

/** The summary text and whether the run passed. */
export const summarize = ({ stages, rows, missing }) => {
  const lines = [];
  if (stages.length > 0) {
    const width = Math.max(...stages.map((stage) => stage.name.length), 'stage'.length);
    lines.push('', `${'stage'.padEnd(width)}  ${'time'.padStart(12)}  result`);
    for (const stage of stages) {
      lines.push(
        `${stage.name.padEnd(width)}  ${formatDuration(stage.seconds).padStart(12)}  ${stage.status === 0 ? 'ok' : `FAILED (exit ${stage.status})`}`,
      );
    }
    const total = stages.reduce((sum, stage) => sum + stage.seconds, 0);
    lines.push(`${'all stages'.padEnd(width)}  ${formatDuration(total).padStart(12)}`);
  }

  const width = Math.max(...rows.map((row) => row.suite.length), 'suite'.length);
  lines.push('', `${'suite'.padEnd(width)}  passed  failed  skipped  ${'time'.padStart(12)}`);
  for (const row of rows) {
    lines.push(
      `${row.suite.padEnd(width)}  ${String(row.passed).padStart(6)}  ${String(row.failed).padStart(6)}  ${String(row.skipped).padStart(7)}  ${formatDuration(row.seconds ?? 0).padStart(12)}`,
    );
  }
  for (const row of rows.filter((candidate) => candidate.problems.length > 0)) {
    lines.push('', `Failures in ${row.suite}:`);
    for (const problem of row.problems.slice(0, MAX_PROBLEMS_PER_SUITE)) {
      const where = [problem.file, problem.name].filter(Boolean).join(' > ');
      lines.push(
        `  - ${problem.kind}: ${where || '(the run itself)'}${problem.message ? `: ${problem.message}` : ''}`,
      );
    }
    if (row.problems.length > MAX_PROBLEMS_PER_SUITE) {
      lines.push(`  … and ${row.problems.length - MAX_PROBLEMS_PER_SUITE} more`);
    }
  }
  if (missing.length > 0) {
    lines.push('', `No results from: ${missing.join(', ')} (did the run stop early?)`);
  }
  const total = rows.reduce(
    (sum, row) => ({
      passed: sum.passed + row.passed,
      failed: sum.failed + row.failed,
      skipped: sum.skipped + row.skipped,
    }),
    { passed: 0, failed: 0, skipped: 0 },
  );
  lines.push('', `Total: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
  const passed = total.failed === 0 && missing.length === 0 && total.passed > 0;
  return { text: lines.join('\n'), passed };
};

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const root = path.resolve(import.meta.dirname, '..');
  const { text, passed } = summarize({ stages: readStages(root), ...collectResults(root) });
  console.log(text);
  process.exit(passed ? 0 : 1);
}
