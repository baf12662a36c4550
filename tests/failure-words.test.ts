/**
 * Every failure explains itself in the domain's words (docs/reading-the-report.md; issue item 8):
 * planted faults
 * run through the CLI, and the failed tests' message, Expected and Actual (summary.json, the
 * HTML card) name the fault, the status, the list, never vitest's matcher wording.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import type { TestResult } from '../lib/run-result.ts';
import { runAgainstFault, type CliRun } from './support/cli.ts';

/** The test runner's words, none of which a report may show. */
const RUNNER_WORDS = ['Object.is', 'to be undefined', 'inverse', 'AssertionError', '…(1)'];

async function runWithFault(fault: string, suite: string, grep: string): Promise<CliRun> {
  return runAgainstFault(fault, ['--suite', suite, '--grep', grep]);
}

function failed(run: CliRun, name: string): TestResult {
  const found = run.summary().tests.find((t) => t.status === 'fail' && t.name.includes(name));
  if (!found)
    throw new Error(
      `no failed test named '${name}': ${run
        .summary()
        .tests.map((t) => `${t.status} ${t.name}`)
        .join('; ')}`,
    );
  return found;
}

function expectNoRunnerWords(run: CliRun, test: TestResult): void {
  const html = readFileSync(join(run.reportDir, 'index.html'), 'utf8');
  for (const words of RUNNER_WORDS) {
    for (const [part, text] of Object.entries({
      message: test.message,
      expected: test.expected,
      actual: test.actual,
    }))
      expect(text ?? '', `the ${part} of '${test.name}' says '${words}'`).not.toContain(words);
    expect(html, `index.html says '${words}'`).not.toContain(words);
  }
}

describe('failure messages in the domain words', () => {
  let soap: CliRun;
  let list: CliRun;
  let status: CliRun;
  beforeAll(async () => {
    // addProjectMember answers true but adds nobody: removing the member then answers 3203.
    soap = await runWithFault(
      'soap-member-add-not-applied',
      'soap/membership',
      'removeProjectMember must remove the user',
    );
    // Members do not see their private project in GET /api/projects.
    list = await runWithFault(
      'project-list-hides-private',
      'rest/projects',
      'array of project representations',
    );
    status = await runWithFault('if-match-ignored', 'rest/concurrency', 'older Etag');
  }, 240_000);

  test('a SOAP fault where success was expected: "expected success, got fault 3203 …"', () => {
    const test = failed(soap, 'removeProjectMember must remove the user');
    expect(test.message).toMatch(
      /: expected success, got fault 3203 'User not member of project' \(HTTP 500\)$/,
    );
    expect(test.expected).toBe('success (HTTP 200, no fault)');
    expect(test.actual).toBe("fault 3203 'User not member of project' (HTTP 500)");
    expectNoRunnerWords(soap, test);
  });

  test('a project missing from GET /api/projects: "project N is missing from the list"', () => {
    const test = failed(list, 'array of project representations');
    const privateProject = /project (\d+) is missing from the list/.exec(test.message ?? '')?.[1];
    expect(privateProject, test.message).toBeDefined();
    expect(test.message).toMatch(/ is missing from the list \(listed: [\d, ]+\)$/);
    expect(test.expected).toMatch(
      new RegExp(`^projects \\d+, ${privateProject} among those listed$`),
    );
    expect(test.actual).toMatch(
      new RegExp(`^projects listed: [\\d, ]+; missing: ${privateProject}$`),
    );
    expectNoRunnerWords(list, test);
  });

  test('a status: "expected 412, got 200", the statuses as Expected and Actual', () => {
    const test = failed(status, 'older Etag');
    expect(test.message).toMatch(
      /^PUT with If-match "[^"]+": refused with 412, not applied \(§4\.4\.3\): expected 412, got 200$/m,
    );
    expect(test.message).toMatch(/^the artifact is unchanged: expected '[^']+', got '[^']+'$/m);
    expect(test.expected).toBe('412');
    expect(test.actual).toBe('200');
    expectNoRunnerWords(status, test);
  });
});
