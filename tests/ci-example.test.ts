/**
 * docs/ci-example.yml does not rot: every conformance command in it is accepted by today's CLI,
 * its shards are 1 … SHARDS, and it uploads files that the runs write.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { parseRunArgs } from '../lib/cli/args.ts';
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
});
