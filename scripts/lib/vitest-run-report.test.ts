import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunReport } from './vitest-run-report.ts';

const fixture = path.join(import.meta.dirname, '..', 'fixtures', 'broken-suite');
const work = mkdtempSync(path.join(tmpdir(), 'run-report-'));

describe('the run report of a broken suite', () => {
  let report: RunReport;
  let exitCode: number;

  beforeAll(async () => {
    const outputFile = path.join(work, 'vitest-run.json');
    const vitest = path.join(import.meta.dirname, '..', 'node_modules', '.bin', 'vitest');
    exitCode = await promisify(execFile)(vitest, ['run', '--root', fixture], {
      env: { ...process.env, RUN_REPORT_FILE: outputFile, FORCE_COLOR: '0' },
    }).then(
      () => 0,
      (error: { code?: number }) => error.code ?? -1,
    );
    report = JSON.parse(readFileSync(outputFile, 'utf8'));
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  const kindsOf = (file: string) =>
    report.problems
      .filter((problem) => problem.file === file)
      .map(({ name, kind }) => `${kind}: ${name}`);

  it('fails the run', () => {
    expect(exitCode).toBe(1);
    expect(report.reason).toBe('failed');
  });

  it('counts a failed beforeAll and each test it skipped as failures, by name', () => {
    expect(kindsOf('hooks.check.ts')).toEqual([
      'hook or suite failed: a suite whose beforeAll throws',
      'skipped because of an error: a suite whose beforeAll throws > first test behind the hook',
      'skipped because of an error: a suite whose beforeAll throws > second test behind the hook',
      'test failed: fails',
    ]);
    const hook = report.problems.find(
      (problem) => problem.file === 'hooks.check.ts' && problem.kind === 'hook or suite failed',
    );
    expect(hook?.message).toBe('database did not open');
  });

  it('counts a file that failed to load', () => {
    expect(kindsOf('load-failure.check.ts')).toEqual(['file failed to load: ']);
    expect(report.problems.find((p) => p.file === 'load-failure.check.ts')?.message).toContain(
      'module-that-does-not-exist',
    );
  });

  it('counts a failed afterAll even though its tests passed', () => {
    expect(kindsOf('after-all.check.ts')).toEqual(['hook or suite failed: ']);
  });

  it('keeps passes and skips on purpose apart from the failures', () => {
    expect(report.passed).toBe(2);
    expect(report.skipped).toBe(2);
    expect(report.failed).toBe(report.problems.length);
    expect(report.failed).toBe(6);
  });
});
