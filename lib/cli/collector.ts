/**
 * A vitest reporter that turns test cases into TestResults (with requirement ids, transcripts and
 * statuses) and prints progress: suite, tests done/total, failures so far.
 */
import { relative } from 'node:path';
import type { Reporter, TestCase, TestModule } from 'vitest/node';
import type { SerializedError } from 'vitest';
import type { TestResult } from '../results/model.ts';

export class Collector implements Reporter {
  readonly tests: TestResult[] = [];
  readonly harnessErrors: string[] = [];
  private total = 0;
  private modulesDone = 0;
  private modulesTotal = 0;

  constructor(
    private readonly root: string,
    private readonly out: NodeJS.WritableStream = process.stdout,
  ) {}

  onTestModuleQueued(): void {
    this.modulesTotal += 1;
  }

  onTestModuleCollected(module: TestModule): void {
    for (const test of module.children.allTests()) if (test.options.mode === 'run') this.total += 1;
  }

  onTestCaseResult(testCase: TestCase): void {
    const result = toTestResult(testCase, this.root);
    if (result) this.tests.push(result);
  }

  onTestModuleEnd(module: TestModule): void {
    this.modulesDone += 1;
    const file = relative(this.root, module.moduleId);
    for (const error of module.errors()) this.harnessErrors.push(`${file}: ${error.message}`);
    const mine = this.tests.filter((t) => t.file === file);
    const failures = this.tests.filter((t) => t.status === 'fail' || t.status === 'error').length;
    const count = (s: string) => mine.filter((t) => t.status === s).length;
    this.out.write(
      `[${this.modulesDone}/${this.modulesTotal}] ${file}: ${count('pass')} passed, ${count('fail')} failed, ` +
        `${count('error')} errors, ${count('skip')} skipped | ${this.tests.length}/${this.total} tests done, ` +
        `${failures} failing so far\n`,
    );
  }

  onTestRunEnd(
    _modules: ReadonlyArray<TestModule>,
    unhandled: ReadonlyArray<SerializedError>,
  ): void {
    for (const error of unhandled) this.harnessErrors.push(`unhandled error: ${error.message}`);
  }
}

function toTestResult(testCase: TestCase, root: string): TestResult | undefined {
  const result = testCase.result();
  // Tests left out by --grep/--suite are not results at all.
  if (result.state === 'pending' || (result.state === 'skipped' && testCase.options.mode !== 'run'))
    return undefined;
  const meta = testCase.meta();
  const file = relative(root, testCase.module.moduleId);
  const base = {
    id: `${file}::${testCase.fullName}`,
    file,
    name: testCase.fullName,
    requirements: meta.requirements ?? [],
    durationMs: Math.round(testCase.diagnostic()?.duration ?? 0),
    ...(meta.transcript ? { transcript: meta.transcript } : {}),
    ...(meta.reproduce ? { reproduce: meta.reproduce } : {}),
  };
  if (result.state === 'passed') return { ...base, status: 'pass' };
  if (result.state === 'skipped')
    return { ...base, status: 'skip', message: result.note ?? 'skipped without a reason' };
  const first = result.errors[0];
  const message = result.errors.map((e) => e.message).join('\n');
  return {
    ...base,
    status: meta.harnessError ? 'error' : 'fail',
    message: meta.harnessError ?? message,
    ...(first?.expected === undefined ? {} : { expected: String(first.expected) }),
    ...(first?.actual === undefined ? {} : { actual: String(first.actual) }),
  };
}
