import { describe, expect, test } from 'vitest';
import { HELP, parseRunArgs, UsageError } from './args.ts';

describe('parseRunArgs', () => {
  test('reads every option of conformance run', () => {
    const options = parseRunArgs([
      '--target',
      'http://h:8080/',
      '--profile',
      'p.json',
      '--suite',
      'rest',
      '--suite',
      'soap',
      '--grep',
      'token',
      '--seed',
      '7',
      '--runs',
      '5',
      '--concurrency',
      '3',
      '--timeout',
      '2000',
      '--expectations',
      'e.txt',
      '--report-dir',
      'out',
      '--shard',
      '2/3',
    ]);
    expect(options).toMatchObject({
      target: 'http://h:8080',
      profile: 'p.json',
      suites: ['rest', 'soap'],
      grep: 'token',
      seed: 7,
      seedGiven: true,
      runs: 5,
      concurrency: 3,
      timeoutMs: 2000,
      expectations: 'e.txt',
      reportDir: 'out',
      shard: '2/3',
    });
  });

  test("a random seed is not a given one (--last-failed then takes its report's)", () => {
    expect(parseRunArgs([]).seedGiven).toBe(false);
  });

  test('--keep-transcripts: every test keeps its transcript and reproduce script (default: not)', () => {
    expect(parseRunArgs([]).keepTranscripts).toBe(false);
    expect(parseRunArgs(['--keep-transcripts']).keepTranscripts).toBe(true);
    expect(() => parseRunArgs(['--keep-transcripts=yes'])).toThrow(UsageError);
  });

  test.each([
    [['--seed', '-1'], /--seed/],
    [['--target', 'localhost:8080'], /--target/],
    [['--shard', '4/3'], /--shard/],
    [['--grep', '('], /--grep/],
    [['--colour'], /colour/],
  ])('refuses %j', (argv, message) => {
    expect(() => parseRunArgs(argv)).toThrow(UsageError);
    expect(() => parseRunArgs(argv)).toThrow(message);
  });

  test('--help lists every option', () => {
    for (const option of [
      '--target',
      '--profile',
      '--suite',
      '--grep',
      '--seed',
      '--runs',
      '--concurrency',
      '--timeout',
      '--expectations',
      '--report-dir',
      '--shard',
      '--keep-transcripts',
    ]) {
      expect(HELP).toContain(option);
    }
  });
});
