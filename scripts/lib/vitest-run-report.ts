import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type {
  Reporter,
  SerializedError,
  TestCase,
  TestModule,
  TestRunEndReason,
  TestSuite,
} from 'vitest/node';

/** One thing that makes a run fail, named so the closing summary can list it. */
export interface RunProblem {
  file: string;
  /** The test or suite, `>`-separated; empty for the file itself. */
  name: string;
  kind:
    | 'test failed'
    | 'hook or suite failed'
    | 'file failed to load'
    | 'skipped because of an error'
    | 'did not finish'
    | 'unhandled error';
  message: string;
}

/** What reports/vitest-run.json holds (read by ../test-summary.mjs). */
export interface RunReport {
  passed: number;
  /** Every problem counts as one failure, a skipped-by-error test included. */
  failed: number;
  /** Tests skipped on purpose (`it.skip`, `describe.skipIf`, `it.todo`). */
  skipped: number;
  durationMs: number;
  reason: TestRunEndReason;
  problems: RunProblem[];
}

const firstLine = (errors: ReadonlyArray<SerializedError> | undefined) =>
  (errors?.[0]?.message ?? '').split('\n')[0]?.slice(0, 300) ?? '';

/** The suites a test sits in that failed themselves (a hook threw, or collection failed). */
const failedAncestor = (test: TestCase): TestSuite | TestModule | undefined => {
  for (let parent = test.parent; ; parent = parent.parent) {
    if (parent.errors().length > 0) return parent;
    if (parent.type === 'module') return undefined;
  }
};

/**
 * Vitest's JSON report counts a test skipped because its `beforeAll` threw as an ordinary skip,
 * and a file that fails to load as no test at all, so a broken suite could sum up as "0 failed".
 * This reporter counts each of those as a failure and names it.
 */
export class RunReportWriter implements Reporter {
  private readonly started = Date.now();

  constructor(private readonly outputFile: string) {}

  onTestRunEnd(
    testModules: ReadonlyArray<TestModule>,
    unhandledErrors: ReadonlyArray<SerializedError>,
    reason: TestRunEndReason,
  ) {
    const report: RunReport = {
      passed: 0,
      failed: 0,
      skipped: 0,
      durationMs: Date.now() - this.started,
      reason,
      problems: [],
    };
    const problem = (file: string, name: string, kind: RunProblem['kind'], message: string) =>
      report.problems.push({ file, name, kind, message });

    for (const module of testModules) {
      const file = module.relativeModuleId;
      const moduleErrors = module.errors();
      const tests = [...module.children.allTests()];
      if (moduleErrors.length > 0) {
        problem(
          file,
          '',
          tests.length === 0 ? 'file failed to load' : 'hook or suite failed',
          firstLine(moduleErrors),
        );
      } else if (module.state() === 'queued' || module.state() === 'pending') {
        problem(file, '', 'did not finish', `run ended (${reason}) before the file finished`);
      }
      for (const suite of module.children.allSuites()) {
        if (suite.errors().length > 0) {
          problem(file, suite.fullName, 'hook or suite failed', firstLine(suite.errors()));
        }
      }
      for (const test of tests) {
        const result = test.result();
        if (result.state === 'passed') report.passed += 1;
        else if (result.state === 'failed') {
          problem(file, test.fullName, 'test failed', firstLine(result.errors));
        } else if (result.state === 'pending') {
          problem(file, test.fullName, 'did not finish', 'the test never ended');
        } else {
          const broken = test.options.mode === 'run' || test.options.mode === 'only';
          const cause = broken ? failedAncestor(test) : undefined;
          if (cause) {
            const where = cause.type === 'module' ? 'the file' : `"${cause.fullName}"`;
            problem(file, test.fullName, 'skipped because of an error', `${where} failed`);
          } else report.skipped += 1;
        }
      }
    }
    for (const error of unhandledErrors) {
      problem('', '', 'unhandled error', firstLine([error]));
    }
    report.failed = report.problems.length;

    mkdirSync(path.dirname(this.outputFile), { recursive: true });
    writeFileSync(this.outputFile, `${JSON.stringify(report, null, 2)}\n`);
  }
}
