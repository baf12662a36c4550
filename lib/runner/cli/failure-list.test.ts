import { describe, expect, test } from 'vitest';
import type { Requirement } from '../../requirements/index.ts';
import { assembleRun } from '../results/assemble.ts';
import type { TestResult } from '../../run-result.ts';
import { renderFailureList } from './failure-list.ts';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { reproduceFile, writeReproduceFiles } from '../report/reproduce-files.ts';

const DIR = join(process.cwd(), 'reports/x');

const must = (id: string): Requirement => ({ id, section: '§4.4', level: 'MUST', text: id });
const failing = (id: string): TestResult => ({
  id: `suites/x.test.ts::${id} test`,
  file: 'suites/x.test.ts',
  name: `${id} test`,
  status: 'fail',
  requirements: [id],
  durationMs: 1,
  message: `expected 412, got 200\nat line 2 of the assertion`,
  reproduce: `TOKEN=$(curl -s …)\ncurl -i -X PUT 'http://t/api/artifacts/${id}'`,
});
const header = {
  target: 'http://t',
  targetKind: 'external' as const,
  startedAt: '2026-01-01T00:00:00.000Z',
  durationMs: 1,
  seed: 1,
  runs: 1,
  capabilities: {},
  command: 'npm run conformance --',
};
const ids = Array.from({ length: 10 }, (_, i) => `r${i}`);
const run = assembleRun(header, ids.map(must), ids.map(failing), []);

describe('the failures at the end of a run', () => {
  test('each failing MUST: id, test, first line of the message, the request to reproduce', () => {
    const text = renderFailureList(run, false, DIR);
    expect(text).toContain(
      [
        '  r0 (§4.4)',
        '    test: suites/x.test.ts > r0 test',
        '    why:  expected 412, got 200',
        `    reproduce: bash reports/x/${reproduceFile(failing('r0'))}`,
      ].join('\n'),
    );
    expect(text).not.toContain('at line 2');
  });

  test('fits a screen: six failures, then how many more and where they are', () => {
    const text = renderFailureList(run, false, DIR);
    expect(text.split('\n').length).toBeLessThan(30);
    expect(text).toContain('  … 4 more: index.html, or rerun with --verbose');
    expect(text).not.toContain('r6 (§4.4)');
  });

  test('--verbose: every failure, with the whole reproduce script', () => {
    const text = renderFailureList(run, true, DIR);
    for (const id of ids) expect(text).toContain(`  ${id} (§4.4)`);
    expect(text).toContain('      TOKEN=$(curl -s …)');
    expect(text).not.toContain('more:');
  });

  test('--verbose: a test that fails two requirements prints its script once', () => {
    const both = { ...failing('r0'), requirements: ['r0', 'r1'] };
    const text = renderFailureList(
      assembleRun(header, [must('r0'), must('r1')], [both], []),
      true,
      DIR,
    );
    expect(text.split('TOKEN=$(curl -s …)')).toHaveLength(2);
    expect(text).toContain('    reproduce: the script above (same test)');
  });

  test('a clean run prints nothing', () => {
    expect(renderFailureList(assembleRun(header, [must('a')], [], []), false, DIR)).toBe('');
  });

  describe('the reproduce line runs as it is copied', () => {
    const PRELUDE = '#!/usr/bin/env bash\nset -euo pipefail\n';
    const one = (reproduce: string) =>
      renderFailureList(
        assembleRun(header, [must('r0')], [{ ...failing('r0'), reproduce }], []),
        false,
        DIR,
      )
        .split('\n')
        .find((l) => l.startsWith('    reproduce: '))!
        .slice('    reproduce: '.length);

    test('one short command that needs nothing: the command itself', () => {
      expect(one(`${PRELUDE}curl -sS -i -X GET 'http://t/api/projects'`)).toBe(
        "curl -sS -i -X GET 'http://t/api/projects'",
      );
    });

    test('a SOAP envelope or a script with credentials: the file the run wrote, and what it needs', async () => {
      const envelope = `${PRELUDE}curl -sS -i -X POST -H 'content-type: text/xml' --data-binary '<?xml version="1.0"?><soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/"><soapenv:Body><getProjectServicesUsage><group_id>101</group_id></getProjectServicesUsage></soapenv:Body></soapenv:Envelope>' 'http://t/soap'`;
      expect(one(envelope)).toBe(`bash reports/x/${reproduceFile(failing('r0'))}`);
      const withToken = `${PRELUDE}# Needs ALICE_PASSWORD in the environment (ALICE_PASSWORD: the password of alice).\n: "\${ALICE_PASSWORD:?set ALICE_PASSWORD to the password of alice}"\ncurl -u 'alice:'"\${ALICE_PASSWORD:?set ALICE_PASSWORD to the password of alice}" 'http://t/api/projects'`;
      expect(one(withToken)).toBe(
        `bash reports/x/${reproduceFile(failing('r0'))}  # needs ALICE_PASSWORD in the environment`,
      );
      // The file is there, beside the report, and runs.
      const dir = await mkdtemp(join(tmpdir(), 'failure-list-'));
      try {
        const needs = `: "\${ALICE_PASSWORD:?set ALICE_PASSWORD to the password of alice}"\n`;
        const t = { ...failing('r0'), reproduce: `${PRELUDE}${needs}echo reproduced` };
        await writeReproduceFiles(dir, [t]);
        const path = join(dir, reproduceFile(t));
        expect(await readFile(path, 'utf8')).toBe(`${t.reproduce}\n`);
        // The terminal's line, copied whole (its comment included), runs the script.
        const line = renderFailureList(assembleRun(header, [must('r0')], [t], []), false, dir)
          .split('\n')
          .find((l) => l.startsWith('    reproduce: '))!
          .slice('    reproduce: '.length);
        expect(line).toMatch(/ {2}# needs ALICE_PASSWORD in the environment$/);
        const env = { ...process.env, ALICE_PASSWORD: 'x' };
        expect((await promisify(execFile)('bash', ['-c', line], { env })).stdout).toBe(
          'reproduced\n',
        );
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    });
  });
});
