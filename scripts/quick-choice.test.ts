import { describe, expect, test } from 'vitest';
import { ALWAYS, AREAS, chooseTests, DEFAULT_SET, HEAVY, type Tree } from './quick-choice.ts';

const TESTS = [
  ...ALWAYS,
  ...DEFAULT_SET,
  ...HEAVY,
  ...new Set(AREAS.flatMap((a) => a.tests)),
  'tests/monitor-cli.test.ts',
  'tests/terminal-and-reports.test.ts',
  'tests/uses-bounded.test.ts',
].filter((f, i, all) => all.indexOf(f) === i);

/** tests/uses-bounded imports bounded-client through hostile-bytes; self-validation imports it too. */
const IMPORTS: Record<string, string[]> = {
  'tests/uses-bounded.test.ts': ['tests/support/hostile-bytes.ts', 'tests/support/cli.ts'],
  'tests/support/hostile-bytes.ts': ['tests/support/bounded-client.ts'],
  'tests/self-validation.test.ts': ['tests/support/bounded-client.ts'],
};
const tree: Tree = { tests: TESTS, importsOf: (file) => IMPORTS[file] ?? [] };
const choose = (...paths: string[]) => chooseTests(paths, tree);

describe('test:quick maps changed paths to the tests of their part', () => {
  test('a change in one area runs its tests and the structural checks, never the heavy files', () => {
    const choice = choose('lib/traffic/rules/server/wsdl.ts');
    expect(choice.tests).toContain('tests/traffic-server-wsdl.test.ts');
    expect(choice.tests).toContain('tests/monitor-forwarding.test.ts');
    for (const f of ALWAYS) expect(choice.tests).toContain(f);
    expect(choice.tests).not.toContain('tests/cli-run.test.ts');
    for (const f of HEAVY) expect(choice.tests).not.toContain(f);
    expect(choice.reasons).toEqual([
      expect.objectContaining({
        path: 'lib/traffic/rules/server/wsdl.ts',
        why: expect.stringMatching(/traffic/),
      }),
    ]);
  });

  test('the more particular area wins: a report writer is not the whole CLI', () => {
    expect(choose('lib/runner/report/html.ts').tests).toContain('tests/report-at-a-glance.test.ts');
    expect(choose('lib/runner/report/html.ts').tests).not.toContain('tests/cli-run.test.ts');
    expect(choose('lib/runner/cli/args.ts').tests).toContain('tests/cli-run.test.ts');
    expect(choose('lib/kit/target/quota-plan.ts').tests).toContain('tests/clock-restored.test.ts');
  });

  test('spec/, lib/requirements/ and an unmapped path run the small safe default set', () => {
    for (const path of ['spec/limits.ts', 'lib/requirements/tables/s4.ts', 'some/new/place.txt']) {
      const choice = choose(path);
      for (const f of DEFAULT_SET) expect(choice.tests, path).toContain(f);
    }
    expect(choose('some/new/place.txt').reasons[0]!.why).toMatch(/no area/);
    expect(choose().tests).toEqual([...new Set([...ALWAYS, ...DEFAULT_SET])].sort());
  });

  test('a changed test file runs itself; a heavy one is named and left to npm test', () => {
    expect(choose('tests/monitor-cli.test.ts').tests).toContain('tests/monitor-cli.test.ts');
    const heavy = choose('tests/variants.test.ts');
    expect(heavy.tests).not.toContain('tests/variants.test.ts');
    expect(heavy.heavy).toEqual(['tests/variants.test.ts']);
  });

  test('a helper of tests/ runs the test files that import it, through other helpers', () => {
    const choice = choose('tests/support/bounded-client.ts');
    expect(choice.tests).toContain('tests/uses-bounded.test.ts');
    expect(choice.tests).not.toContain('tests/self-validation.test.ts');
    expect(choice.heavy).toEqual(['tests/self-validation.test.ts']);
    // The spawn helper every test imports: a sample of CLI runs, not all of tests/.
    expect(choose('tests/support/cli.ts').tests).toContain('tests/terminal-and-reports.test.ts');
    expect(choose('tests/support/cli.ts').tests).not.toContain('tests/uses-bounded.test.ts');
  });

  test('a changed suite is run against the reference server; a unit test runs with the units', () => {
    const choice = choose('suites/rest/auth.test.ts', 'lib/kit/judging.test.ts');
    expect(choice.suites).toEqual(['rest/auth']);
    expect(choice.tests).toContain('tests/cli-run.test.ts');
    expect(choice.reasons.find((r) => r.path === 'lib/kit/judging.test.ts')).toMatchObject({
      tests: [],
      why: expect.stringMatching(/units/),
    });
  });
});
