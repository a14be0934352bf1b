// Adds up the JSON results every test runner wrote during `npm test` and prints one
// table plus a closing "N passed, N failed, N skipped" line for the whole repository.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

const workspaceDirs = ['apps', 'packages'].flatMap((group) =>
  readdirSync(path.join(root, group), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => path.join(group, entry.name)),
);

const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));

const rows = [];
const missing = [];

for (const dir of workspaceDirs) {
  const file = path.join(root, dir, 'reports', 'vitest.json');
  if (!existsSync(file)) {
    missing.push(dir);
    continue;
  }
  const report = readJson(file);
  rows.push({
    suite: dir,
    passed: report.numPassedTests,
    failed: report.numFailedTests + (report.numRuntimeErrorTestSuites ?? 0),
    skipped: report.numPendingTests + report.numTodoTests,
  });
}

const e2eFile = path.join(root, 'e2e', 'reports', 'playwright.json');
if (existsSync(e2eFile)) {
  const { stats, errors = [] } = readJson(e2eFile);
  rows.push({
    suite: 'e2e',
    passed: stats.expected + stats.flaky,
    failed: stats.unexpected + errors.length,
    skipped: stats.skipped,
  });
} else {
  missing.push('e2e');
}

const total = rows.reduce(
  (sum, row) => ({
    passed: sum.passed + row.passed,
    failed: sum.failed + row.failed,
    skipped: sum.skipped + row.skipped,
  }),
  { passed: 0, failed: 0, skipped: 0 },
);

const width = Math.max(...rows.map((row) => row.suite.length), 'suite'.length);
console.log(`\n${'suite'.padEnd(width)}  passed  failed  skipped`);
for (const row of rows) {
  console.log(
    `${row.suite.padEnd(width)}  ${String(row.passed).padStart(6)}  ${String(row.failed).padStart(6)}  ${String(row.skipped).padStart(7)}`,
  );
}
if (missing.length > 0) {
  console.log(`\nNo results from: ${missing.join(', ')} (did the run stop early?)`);
}
console.log(`\nTotal: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);

process.exit(total.failed > 0 || missing.length > 0 || total.passed === 0 ? 1 : 0);
