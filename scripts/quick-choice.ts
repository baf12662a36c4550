/**
 * Which of tests/ `npm run test:quick` runs for a change: each changed path is mapped to the test
 * files that exercise its part, with the reason, so that the run can say what it chose and why.
 * Pure (the tree is passed in): scripts/quick-choice.test.ts.
 *
 * The files that take minutes (the verdict coverage: every planted fault, every variant, the false
 * alarms, the short-timeout targets, the real-target rehearsal) are never chosen: `npm test` runs
 * them. A change to one of them is named, with how to run it.
 */

/** What the choice reads of the checkout. */
export interface Tree {
  /** Every test file of tests/, relative to the root ('tests/cli-run.test.ts'). */
  tests: readonly string[];
  /** The relative imports of a file of tests/ (resolved, relative to the root); [] when unknown. */
  importsOf(file: string): readonly string[];
}

export interface Choice {
  /** The test files of tests/ to run, sorted. */
  tests: string[];
  /** Per changed path: the test files it brought in and why. */
  reasons: { path: string; tests: string[]; why: string }[];
  /** The suites of suites/ that changed: each is run against the embedded reference server. */
  suites: string[];
  /** Changed test files that take minutes, left to `npm test`. */
  heavy: string[];
}

/** Minutes each: `npm test` runs them (its 'alone' project, and the real-target rehearsal). */
export const HEAVY: readonly string[] = [
  'tests/self-validation.test.ts',
  'tests/variants.test.ts',
  'tests/false-alarms.test.ts',
  'tests/broken-targets.test.ts',
  'tests/real-target.test.ts',
];

/** Cheap structural checks, chosen for every change: the layers and the citations. */
export const ALWAYS: readonly string[] = [
  'tests/import-layers.test.ts',
  'tests/no-outside-citations.test.ts',
];

/**
 * The small safe default: the catalogue, the spec's tables, the planted faults' declarations and
 * matrix, the traffic catalogue, the generated docs and the CLI's start. For a change under spec/ or
 * lib/requirements/, and for a path no area names.
 */
export const DEFAULT_SET: readonly string[] = [
  'tests/requirement-catalogue.test.ts',
  'tests/spec-tables.test.ts',
  'tests/fault-declarations.test.ts',
  'tests/fault-matrix.test.ts',
  'tests/traffic-catalogue.test.ts',
  'tests/diagnosis.test.ts',
  'tests/docs.test.ts',
  'tests/generated-files.test.ts',
  'tests/cli-startup.test.ts',
];

interface Area {
  /** The paths of the part (relative to the root). */
  match: RegExp;
  tests: readonly string[];
  why: string;
}

const t = (...names: string[]) => names.map((n) => `tests/${n}.test.ts`);

/** The parts of the repository and the test files that exercise each; the first match wins. */
export const AREAS: readonly Area[] = [
  {
    match: /^(spec|lib\/requirements)\//,
    tests: [...DEFAULT_SET, ...t('matrix-coverage')],
    why: 'the spec data and the catalogue: the default set and the matrix',
  },
  {
    match: /^lib\/traffic\/|^lib\/runner\/traffic\//,
    tests: t(
      'traffic-catalogue',
      'traffic-client-planted',
      'traffic-server-tokens',
      'traffic-server-wsdl',
      'traffic-analyze-har',
      'monitor-forwarding',
      'monitor-bad-input',
      'analyze-cli',
    ),
    why: "the traffic judge: monitor's and analyze's tests",
  },
  {
    match: /^lib\/runner\/report\//,
    tests: t('report-size', 'report-at-a-glance', 'collector-statuses', 'failure-words'),
    why: 'the report writers: the reports of a run, read and opened',
  },
  {
    match: /^lib\/runner\/results\/|^lib\/run-result\.ts$/,
    tests: t(
      'diagnosis',
      'collector-statuses',
      'failure-words',
      'expectations-cli',
      'shard-merge-compare',
    ),
    why: 'the run results: verdicts, expectations, merge and compare',
  },
  {
    match: /^lib\/runner\//,
    tests: t('cli-startup', 'cli-run', 'expectations-cli', 'ci-example'),
    why: 'the CLI: its options and a full run',
  },
  {
    match: /^lib\/kit\/target\/|^lib\/target\//,
    tests: t('default-profile', 'clock-restored', 'prepared-conforming'),
    why: 'the profile, the clock and the quota: their CLI runs',
  },
  {
    match: /^lib\/|^suites\//,
    tests: t('cli-run', 'blocked-setup', 'requirement-catalogue', 'spec-tables'),
    why: 'the kit and the suites: a full run on the reference server and the catalogue',
  },
  {
    match: /^reference-server\/faults\/|^reference-server\/variants\.ts$/,
    tests: t(
      'fault-declarations',
      'fault-matrix',
      'docs',
      'generated-files',
      'traffic-client-planted',
    ),
    why: 'the planted faults and variants: their declarations and the generated docs',
  },
  {
    match: /^reference-server\/soap\//,
    tests: [
      ...t('hostile-input', 'traffic-server-wsdl', 'load'),
      'tests/interop/soap-interop.test.ts',
    ],
    why: 'the SOAP endpoint: hostile input, the WSDL and other SOAP clients',
  },
  {
    match: /^reference-server\//,
    tests: t('hostile-input', 'hostile-input.property', 'load', 'cleanup', 'default-profile'),
    why: 'the reference server: hostile input, load, state and seed',
  },
  {
    match: /^(vitest\.config\.ts|eslint\.config\.js|tsconfig\.json)$/,
    tests: DEFAULT_SET,
    why: 'the test and build configuration: the default set',
  },
  {
    match: /^bench\//,
    tests: t('docs'),
    why: "the bench: its own tests are units; docs/performance.md's block",
  },
  {
    match: /^(docs\/|README\.md$|CONTRIBUTING\.md$|examples\/)/,
    tests: t('docs', 'generated-files', 'ci-example'),
    why: "the user's pages: links, generated lists, the CI example",
  },
  {
    match: /^(bin\/|package\.json$|package-lock\.json$|tsconfig\.build\.json$)/,
    tests: t('package', 'checkout-bin', 'cli-startup'),
    why: 'the package and its bins',
  },
  {
    match: /^scripts\/(quick-choice|test-quick)/,
    tests: [],
    why: 'test:quick itself: its unit test',
  },
  {
    match: /^scripts\//,
    tests: t('cli-startup', 'checkout-bin', 'monitor-cli'),
    why: 'how the CLI starts from the sources',
  },
];

/** tests/support/ files imported by (nearly) every test: a change there runs a CLI sample. */
const EVERYWHERE = new Set(['tests/support/cli.ts', 'tests/support/shared-runs.ts']);
const CLI_SAMPLE = t('cli-startup', 'cli-run', 'terminal-and-reports');

const isUnit = (path: string) => /^(lib|reference-server|bench|scripts)\/.*\.test\.ts$/.test(path);

/** `suites/rest/auth.test.ts` → 'rest/auth' (the CLI's --suite). */
function suiteOf(path: string): string | undefined {
  return /^suites\/(.+)\.test\.ts$/.exec(path)?.[1];
}

/** The test files of tests/ that import `file`, directly or through tests/support/ or tests/interop/. */
function importersOf(file: string, tree: Tree): string[] {
  const reaches = (test: string) => {
    const seen = new Set<string>();
    const todo = [test];
    for (let next = todo.pop(); next !== undefined; next = todo.pop())
      for (const imported of tree.importsOf(next))
        if (!seen.has(imported) && (imported === file || isHelper(imported))) {
          seen.add(imported);
          todo.push(imported);
        }
    return seen.has(file);
  };
  return tree.tests.filter(reaches);
}

const isHelper = (path: string) =>
  /^tests\/(support|interop)\//.test(path) && !path.endsWith('.test.ts');

/** The test files for the changed paths (relative to the root, as git names them). */
export function chooseTests(changed: readonly string[], tree: Tree): Choice {
  const known = new Set(tree.tests);
  const chosen = new Set<string>(ALWAYS.filter((f) => known.has(f)));
  const heavy = new Set<string>();
  const suites = new Set<string>();
  const reasons: Choice['reasons'] = [];
  const add = (path: string, tests: readonly string[], why: string) => {
    const kept = tests.filter((f) => known.has(f) && !HEAVY.includes(f));
    for (const f of kept) chosen.add(f);
    reasons.push({ path, tests: kept, why });
  };
  for (const path of [...new Set(changed)].sort()) {
    if (HEAVY.includes(path)) {
      heavy.add(path);
      reasons.push({ path, tests: [], why: 'takes minutes: npm test runs it (or run it alone)' });
    } else if (known.has(path)) add(path, [path], 'a test file that changed');
    else if (isUnit(path)) reasons.push({ path, tests: [], why: 'a unit test: the units run' });
    else if (EVERYWHERE.has(path))
      add(path, CLI_SAMPLE, 'imported by nearly every test: a sample of CLI runs');
    else if (isHelper(path)) {
      const users = importersOf(path, tree);
      add(path, users, 'a helper of tests/: the test files that import it');
      for (const f of users) if (HEAVY.includes(f)) heavy.add(f);
    } else {
      const area = AREAS.find((a) => a.match.test(path));
      if (area) add(path, area.tests, area.why);
      else add(path, DEFAULT_SET, 'no area names this path: the default set');
      const suite = suiteOf(path);
      if (suite !== undefined) suites.add(suite);
    }
  }
  if (changed.length === 0) add('(nothing changed)', DEFAULT_SET, 'the default set');
  return {
    tests: [...chosen].sort(),
    reasons,
    suites: [...suites].sort(),
    heavy: [...heavy].sort(),
  };
}
