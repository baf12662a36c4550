/**
 * docs/ci-example.yml does not rot: every conformance command in it is accepted by today's CLI,
 * its shards are 1 … SHARDS, and it uploads files that the runs write.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, test } from 'vitest';
import { parseRunArgs } from '../lib/runner/cli/args.ts';
import { ROOT } from './support/cli.ts';

const text = readFileSync(join(ROOT, 'docs/ci-example.yml'), 'utf8');
/** The `npm run conformance -- …` commands, continuation lines joined, GitHub expressions filled. */
const commands = text
  .replace(/\\\n\s*/g, '')
  .split('\n')
  .map((line) => /npm run conformance -- (.*?)(?: \|\| .*)?$/.exec(line.trim())?.[1])
  .filter((args): args is string => args !== undefined)
  .map((args) =>
    args
      .replace(/\$\{\{ matrix\.shard \}\}/g, '2')
      .replace(/\$\{\{ github\.run_number \}\}/g, '17')
      .replace(/\$SHARDS/g, '3')
      .replace(/"\$TARGET"/g, 'http://127.0.0.1:8080')
      .split(/\s+/),
  );

describe('docs/ci-example.yml', () => {
  test('runs the shards with options the CLI accepts, one shared seed and a report dir each', () => {
    const runs = commands.filter((args) => args[0] !== 'merge');
    expect(runs).toHaveLength(1);
    const options = parseRunArgs(runs[0]!);
    expect(options.shard).toBe('2/3');
    expect(options.seed).toBe(17);
    expect(options.reportDir).toBe('reports/shard-2');
    expect(options.expectations).toBeDefined();
  });

  test('merges every shard with merge, into the directory it uploads', () => {
    const merges = commands.filter((args) => args[0] === 'merge');
    expect(merges).toHaveLength(1);
    expect(merges[0]).toEqual([
      'merge',
      'reports/conformance-shard-*',
      '--out',
      'reports/merged',
      '--expectations',
      '../known-failures.txt',
    ]);
    for (const file of ['index.html', 'summary.json', 'junit.xml', 'allure-report'])
      expect(text).toContain(`conformance/reports/merged/${file}`);
  });

  test('the matrix lists 1 … SHARDS', () => {
    const shards = Number(/SHARDS: (\d+)/.exec(text)?.[1]);
    const matrix = /shard: \[([\d, ]+)\]/.exec(text)?.[1]?.split(',').map(Number);
    expect(matrix).toEqual(Array.from({ length: shards }, (_, i) => i + 1));
  });

  test('stops the candidate it started: its start and stop steps, run as written, leave no server', async () => {
    const start = runStep('start the candidate');
    const stop = runStep('stop the candidate');
    expect(stop).toMatch(/^kill /);
    const port = 18990;
    const dir = mkdtempSync(join(tmpdir(), 'ci-example-'));
    const shell = (script: string) =>
      execFileSync('bash', ['-c', script.replaceAll('8080', String(port))], {
        cwd: ROOT,
        stdio: 'ignore',
      });
    const answers = async () => {
      try {
        return (await fetch(`http://127.0.0.1:${port}/api/projects`)).status;
      } catch {
        return undefined;
      }
    };
    try {
      shell(start.replaceAll('candidate.', `${dir}/candidate.`));
      expect(await answers(), 'the candidate answers once started').toBe(200);
      shell(stop.replaceAll('candidate.', `${dir}/candidate.`));
      let status = await answers();
      for (let i = 0; i < 20 && status !== undefined; i++, status = await answers())
        await sleep(250);
      expect(status, 'the candidate still answers after the stop step').toBeUndefined();
    } finally {
      // A bracket in the pattern, so that pkill does not match its own shell.
      execFileSync('bash', [
        '-c',
        `pkill -f "main.ts --port [${String(port)[0]}]${String(port).slice(1)}" || true`,
      ]);
    }
  });
});

/** The `run:` script of the step with that name. */
function runStep(name: string): string {
  const at = text.indexOf(`- name: ${name}`);
  expect(at, `a step named '${name}'`).toBeGreaterThan(-1);
  const step = text.slice(at).split(/\n {6}- /)[0] ?? '';
  const inline = /\n\s+run: (?!\|)(.+)/.exec(step)?.[1];
  if (inline) return inline.trim();
  const block = /\n(\s+)run: \|\n((?:\1 {2}.*\n?)+)/.exec(step)?.[2] ?? '';
  return block
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .join('\n');
}
