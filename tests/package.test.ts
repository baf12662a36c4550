/**
 * The package users install: `npm pack` (its prepack script builds dist/), installed
 * into an empty directory as a user would, runs compiled, without tsx and without the repository:
 * --help, --version, a run of rest/tokens against the embedded reference server, the reference
 * server's own bin. The tarball holds no tests, bench results or CI scripts.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { RunResult } from '../lib/run-result.ts';
import { childEnv, ROOT, startServerProcess, type ServerProcess } from './support/cli.ts';

const exec = promisify(execFile);
const NAME = 'soap-rest-conformance';

/** What `npm pack --json` says of the tarball it wrote. */
interface Packed {
  filename: string;
  files: { path: string }[];
}

let packed: Packed;
let installed: string;

/** `npm pack`, then `npm install <tarball>` in an empty directory (the npm cache is warm). */
beforeAll(async () => {
  const destination = mkdtempSync(join(tmpdir(), 'conformance-pack-'));
  const pack = await exec('npm', ['pack', '--json', '--pack-destination', destination], {
    cwd: ROOT,
    env: childEnv(),
    maxBuffer: 16 * 1024 * 1024,
  });
  // Lifecycle scripts (prepack: npm run build) may print before the JSON.
  packed = (JSON.parse(pack.stdout.slice(pack.stdout.search(/^\[/m))) as Packed[])[0]!;
  const directory = mkdtempSync(join(tmpdir(), 'conformance-install-'));
  await exec(
    'npm',
    ['install', '--prefer-offline', '--no-audit', '--no-fund', join(destination, packed.filename)],
    { cwd: directory, env: childEnv() },
  );
  installed = join(directory, 'node_modules', NAME);
}, 300_000);

/** An installed bin, run with this node, from the directory it was installed in. */
function runBin(bin: string, args: string[]) {
  return exec(process.execPath, [join(installed, 'bin', `${bin}.js`), ...args], {
    cwd: join(installed, '../..'),
    env: childEnv(),
    timeout: 240_000,
    maxBuffer: 32 * 1024 * 1024,
  });
}

describe('the tarball', () => {
  test('holds the compiled harness, its bins, schemas, README and LICENSE', () => {
    const paths = packed.files.map((f) => f.path);
    for (const path of [
      'package.json',
      'README.md',
      'LICENSE',
      'bin/soap-rest-conformance.js',
      'bin/soap-rest-reference-server.js',
      'dist/lib/runner/cli/main.js',
      'dist/reference-server/main.js',
      'dist/suites/rest/tokens.test.js',
      'dist/schemas/profile.schema.json',
      'dist/schemas/rest/token.schema.json',
      'dist/spec/requirements/catalogue.js',
    ])
      expect(paths, path).toContain(path);
  });

  test('holds no tests, bench results, CI scripts or TypeScript sources', () => {
    const paths = packed.files.map((f) => f.path);
    expect(paths.filter((p) => /^(tests|bench|\.ci|docs|reports)\//.test(p))).toEqual([]);
    expect(paths.filter((p) => p.endsWith('.ts'))).toEqual([]);
    // The project's own unit tests stay out; only the conformance suites are test files.
    expect(paths.filter((p) => /\.test\.js$/.test(p) && !p.startsWith('dist/suites/'))).toEqual([]);
  });

  test('LICENSE is the MIT licence package.json names', () => {
    const pkg = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as {
      license: string;
    };
    expect(pkg.license).toBe('MIT');
    expect(readFileSync(join(installed, 'LICENSE'), 'utf8')).toMatch(/^MIT License\n/);
  });

  test('installs without tsx: the bins run compiled JavaScript', () => {
    expect(existsSync(join(installed, 'dist/lib/runner/cli/main.js'))).toBe(true);
    expect(existsSync(join(installed, '../tsx'))).toBe(false);
  });
});

describe('the installed bins', () => {
  test('--help and --version', async () => {
    const help = await runBin(NAME, ['--help']);
    expect(help.stdout).toMatch(/^usage: /);
    const version = await runBin(NAME, ['--version']);
    const { version: expected } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      version: string;
    };
    expect(version.stdout).toBe(`${NAME} ${expected}\n`);
  });

  test('--suite rest/tokens against the embedded reference server: exit 0, every test passes', async () => {
    const reportDir = mkdtempSync(join(tmpdir(), 'conformance-report-'));
    const run = await runBin(NAME, ['--suite', 'rest/tokens', '--report-dir', reportDir]);
    expect(run.stdout).toMatch(/\(embedded reference server\)/);
    expect(run.stdout).toMatch(/^exit 0: /m);
    const summary = JSON.parse(readFileSync(join(reportDir, 'summary.json'), 'utf8')) as RunResult;
    expect(summary.tests.length).toBeGreaterThan(0);
    // The command to run it again is the one a package user has, not the repository's npm script.
    expect(summary.command).toMatch(/^npx soap-rest-conformance --suite rest\/tokens /);
    // The test ids name the suite's source, as from the repository (lib/layout.ts).
    expect(summary.tests.map((t) => [t.file, t.status])).toEqual(
      summary.tests.map(() => ['suites/rest/tokens.test.ts', 'pass']),
    );
  });

  describe('soap-rest-reference-server', () => {
    let server: ServerProcess;
    beforeAll(async () => {
      server = await startServerProcess(join(installed, 'bin/soap-rest-reference-server.js'), [
        '--port',
        '0',
      ]);
    });
    afterAll(() => server?.stop());

    test('listens and serves the WSDL and the REST interface', async () => {
      const wsdl = await fetch(`${server.url}/soap/project/?wsdl`);
      expect(wsdl.status).toBe(200);
      expect(await wsdl.text()).toMatch(/<(\w+:)?definitions/);
      expect((await fetch(`${server.url}/api/projects`)).status).toBe(200);
    });
  });
});
