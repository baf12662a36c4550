/**
 * `npm run test:quick`: the loop while working. The type check, the linter on the changed files
 * and the unit tests, side by side; then the test files of tests/ that exercise the parts the change
 * touches (scripts/quick-choice.ts), and each changed suite of suites/ run against the embedded
 * reference server. `npm test` is the full gate.
 *
 * The change: the commits since the merge base with main (origin/main when there is one) and the
 * working tree (staged, unstaged, untracked). Options:
 *   --base REF       the merge base with REF instead of main
 *   PATH...          these changed paths instead of git's (the bench: a typical one-area change)
 *   --list           print the choice and run nothing
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chooseTests, type Tree } from './quick-choice.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

function git(...args: string[]): string {
  return execFileSync('git', args, {
    cwd: ROOT,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
}

const lines = (text: string) => text.split('\n').filter((line) => line !== '');

/** The changed paths and what they were compared with. */
function changed(base: string | undefined): { against: string; paths: string[] } {
  const candidates = base === undefined ? ['origin/main', 'main'] : [base];
  let mergeBase: string | undefined;
  let against = 'HEAD';
  for (const ref of candidates) {
    try {
      mergeBase = git('merge-base', 'HEAD', ref).trim();
      against = `the merge base with ${ref} (${mergeBase.slice(0, 7)})`;
      break;
    } catch {
      // not a ref here: the next one
    }
  }
  if (base !== undefined && mergeBase === undefined)
    throw new Error(`--base: no merge base with '${base}'`);
  const paths = [
    ...(mergeBase === undefined ? [] : lines(git('diff', '--name-only', mergeBase, 'HEAD'))),
    ...lines(git('diff', '--name-only', 'HEAD')),
    ...lines(git('ls-files', '--others', '--exclude-standard')),
  ];
  return { against: `${against} and the working tree`, paths: [...new Set(paths)].sort() };
}

/** tests/: its test files, and the relative imports of a file (read when asked). */
function tree(): Tree {
  const files = [
    ...lines(git('ls-files', 'tests')),
    ...lines(git('ls-files', '--others', '--exclude-standard', 'tests')),
  ];
  const imports = new Map<string, string[]>();
  return {
    tests: files.filter((f) => f.endsWith('.test.ts') && existsSync(join(ROOT, f))).sort(),
    importsOf(file) {
      let found = imports.get(file);
      if (found === undefined) {
        const text = existsSync(join(ROOT, file)) ? readFileSync(join(ROOT, file), 'utf8') : '';
        found = [...text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)].map((m) =>
          relative(ROOT, resolve(ROOT, dirname(file), m[1]!)),
        );
        imports.set(file, found);
      }
      return found;
    },
  };
}

interface Step {
  name: string;
  command: string;
  args: string[];
}

interface Done {
  step: Step;
  code: number;
  ms: number;
  output: string;
}

/** Runs a step; its output is kept (printed whole when it ends) or streamed. */
function run(step: Step, stream: boolean): Promise<Done> {
  const started = performance.now();
  return new Promise((done) => {
    const child = spawn(step.command, step.args, {
      cwd: ROOT,
      stdio: ['ignore', stream ? 'inherit' : 'pipe', stream ? 'inherit' : 'pipe'],
    });
    const out: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => out.push(chunk));
    const end = (code: number, extra = '') =>
      done({
        step,
        code,
        ms: performance.now() - started,
        output: Buffer.concat(out).toString() + extra,
      });
    child.once('error', (error) => end(1, `${step.command}: ${error.message}\n`));
    child.once('close', (code) => end(code ?? 1));
  });
}

function print(done: Done): void {
  process.stdout.write(
    `\n> ${done.step.name}: ${[done.step.command, ...done.step.args].join(' ')}\n`,
  );
  process.stdout.write(done.output);
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    options: {
      base: { type: 'string' },
      list: { type: 'boolean', default: false },
    },
    allowPositionals: true,
  });
  const started = performance.now();
  const change =
    positionals.length === 0
      ? changed(values.base)
      : { against: 'the command line', paths: positionals };
  const choice = chooseTests(change.paths, tree());
  const say = (line: string) => process.stdout.write(`test:quick: ${line}\n`);
  say(`${change.paths.length} changed path(s), from ${change.against}`);
  for (const r of choice.reasons)
    say(
      `  ${r.path} → ${r.tests.length === 0 ? '(none of tests/)' : r.tests.map((f) => f.replace(/^tests\//, '')).join(', ')}: ${r.why}`,
    );
  say(`tests/ chosen (${choice.tests.length}): ${choice.tests.join(' ')}`);
  if (choice.suites.length > 0)
    say(`suites run against the embedded reference server: ${choice.suites.join(', ')}`);
  for (const f of choice.heavy)
    say(`left to npm test (minutes): ${f}; alone: npx vitest run ${f} (-t NAME for one test)`);
  if (values.list) return 0;

  const lintable = change.paths.filter(
    (p) => /\.ts$/.test(p) && existsSync(join(ROOT, p)) && !p.startsWith('dist/'),
  );
  const first: Step[] = [
    { name: 'type check', command: 'npm', args: ['run', '--silent', 'typecheck'] },
    {
      name: 'units',
      command: 'npx',
      args: ['--no-install', 'vitest', 'run', '--project', 'units'],
    },
  ];
  if (lintable.length > 0)
    first.push({
      name: 'lint (changed files)',
      command: 'npx',
      args: ['--no-install', 'eslint', ...lintable],
    });
  // Side by side: the type check and the linter are a core's work each, the units run in one worker.
  const results = await Promise.all(first.map((s) => run(s, false)));
  results.forEach(print);
  if (choice.tests.length > 0) {
    const step: Step = {
      name: 'tests/ of the change',
      command: 'npx',
      args: ['--no-install', 'vitest', 'run', '--project', 'tests', ...choice.tests],
    };
    process.stdout.write(`\n> ${step.name}: ${[step.command, ...step.args].join(' ')}\n`);
    results.push(await run(step, true));
  }
  for (const suite of choice.suites) {
    const reports = mkdtempSync(join(tmpdir(), 'test-quick-'));
    try {
      const done = await run(
        {
          name: `suite ${suite} on the reference server`,
          command: process.execPath,
          args: [
            'scripts/conformance-from-source.js',
            'run',
            '--suite',
            suite,
            '--report-dir',
            reports,
          ],
        },
        false,
      );
      print(done);
      results.push(done);
    } finally {
      rmSync(reports, { recursive: true, force: true });
    }
  }
  process.stdout.write('\n');
  for (const r of results)
    say(`${r.code === 0 ? 'ok    ' : `FAILED`} ${seconds(r.ms).padStart(7)}  ${r.step.name}`);
  say(`${seconds(performance.now() - started)} in all (npm test before pushing: the full gate)`);
  return results.find((r) => r.code !== 0)?.code ?? 0;
}

process.exitCode = await main();
