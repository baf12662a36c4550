/** junit.xml for CI systems: one testsuite per suite file, requirement ids as properties. */
import { describeHarnessError } from '../results/harness-errors.ts';
import { transcriptText } from './transcript-text.ts';
import type { JudgedRun, TestResult } from '../../run-result.ts';
import { escapeMarkup as x } from './html-template.ts';

export function renderJunit(run: JudgedRun): string {
  const files = [...new Set(run.tests.map((t) => t.file))];
  const suites = files.map((file) => {
    const tests = run.tests.filter((t) => t.file === file);
    const count = (status: string) => tests.filter((t) => t.status === status).length;
    const time = tests.reduce((sum, t) => sum + t.durationMs, 0) / 1000;
    return (
      `  <testsuite name="${x(file)}" tests="${tests.length}" failures="${count('fail')}" errors="${count('error')}" ` +
      `skipped="${count('skip') + count('expected-fail') + count('blocked')}" time="${time.toFixed(3)}">\n${tests.map(testcase).join('')}  </testsuite>\n`
    );
  });
  const t = run.totals;
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<testsuites name="conformance ${x(run.target)}" tests="${run.tests.length}" failures="${t.fail}" errors="${t.error}" ` +
    `skipped="${t.skip + t['expected-fail'] + (t.blocked ?? 0)}" time="${(run.durationMs / 1000).toFixed(3)}">\n${suites.join('')}${verdicts(run)}</testsuites>\n`
  );
}

/**
 * The requirement verdicts, which are not tests (a not-covered requirement has none): properties
 * of an empty testsuite, so that CI tools keep them without counting them as tests.
 */
function verdicts(run: JudgedRun): string {
  const verdict = run.verdict;
  const props = [
    ['verdict', verdict.text],
    ['verdict.kind', verdict.kind],
    ...verdict.needTestControl.map((r) => [
      'needs-test-control',
      `${r.id} (${r.needs.join(', ')})`,
    ]),
    ['exit-code', String(run.exitCode)],
    ...Object.entries(run.requirementTotals).map(([status, n]) => [
      `requirements.${status}`,
      String(n),
    ]),
    ...(run.expectations?.unexpectedPasses ?? []).map((entry) => ['unexpected-pass', entry]),
    ...run.harnessErrors.map((e) => ['harness-error', describeHarnessError(e)]),
    ...run.requirements.map((r) => [`requirement ${r.id} (${r.level})`, r.status]),
  ];
  return (
    `  <testsuite name="requirement verdicts" tests="0" failures="0" errors="0" skipped="0" time="0">\n` +
    `    <properties>\n${props.map(([name, value]) => `      <property name="${x(name!)}" value="${x(value!)}"/>\n`).join('')}    </properties>\n` +
    `  </testsuite>\n`
  );
}

function testcase(t: TestResult): string {
  const props =
    `<property name="status" value="${t.status}"/>` +
    (t.blockedBy ? `<property name="blocked-by" value="${x(t.blockedBy.requirement)}"/>` : '') +
    t.requirements.map((id) => `<property name="requirement" value="${x(id)}"/>`).join('');
  let outcome = '';
  if (t.status === 'fail')
    outcome = `<failure message="${x(firstLine(t.message))}">${x(details(t))}</failure>`;
  else if (t.status === 'error')
    outcome = `<error message="${x(firstLine(t.message))}">${x(details(t))}</error>`;
  else if (t.status === 'skip') outcome = `<skipped message="${x(t.message ?? '')}"/>`;
  // Not judged: its message names the failed requirement it depends on (results/blocked.ts).
  else if (t.status === 'blocked') outcome = `<skipped message="${x(t.message ?? '')}"/>`;
  else if (t.status === 'expected-fail')
    outcome = `<skipped message="expected failure: ${x(firstLine(t.message))}"/>`;
  // INFO never fails: a passed testcase that says what it observed.
  else if (t.status === 'observed')
    outcome = `<system-out>${x(`observed (INFO, never a failure): ${details(t)}`)}</system-out>`;
  return (
    `    <testcase classname="${x(t.file)}" name="${x(t.name)}" time="${(t.durationMs / 1000).toFixed(3)}">` +
    `<properties>${props}</properties>${outcome}</testcase>\n`
  );
}

function firstLine(text: string | undefined): string {
  return (text ?? '').split('\n')[0] ?? '';
}

function details(t: TestResult): string {
  return [t.message, t.reproduce ? `reproduce: ${t.reproduce}` : '', transcriptText(t) ?? '']
    .filter(Boolean)
    .join('\n\n');
}
