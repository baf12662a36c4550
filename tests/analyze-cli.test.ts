/**
 * `conformance analyze FILE.har` as a user runs it: the harness's own --har recording judged end
 * to end (reports of both sides, each exchange counted), a truncated recording stopped with its
 * position on one line and what came before still reported, --side, and a wrong file.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { newReportDir, readSummary, runCli, runCommand } from './support/cli.ts';

let har: string;
let entries: number;

beforeAll(async () => {
  const dir = newReportDir();
  har = join(dir, 'traffic.har');
  const run = await runCli(['--suite', 'rest/concurrency', '--seed', '7', '--har', har]);
  expect(run.code, run.stderr).toBe(0);
  entries = (JSON.parse(readFileSync(har, 'utf8')) as { log: { entries: unknown[] } }).log.entries
    .length;
}, 240_000);

describe('analyze', () => {
  it("judges every exchange of the harness's own recording, both sides, in the usual reports", async () => {
    const out = newReportDir();
    const { code, stdout, stderr } = await runCommand(['analyze', har, '--report-dir', out]);
    expect(stderr).toBe('');
    expect(stdout).toMatch(
      new RegExp(
        `^traffic: ${entries} exchanges, \\d+ judged, 0 unjudgeable(, \\d+ that no rule judges:)?$`,
        'm',
      ),
    );
    expect(stdout).toMatch(/^server: \d+ requirements judged/m);
    expect(stdout).toMatch(/^client: \d+ requirements judged/m);
    const summary = readSummary(out);
    expect(summary.traffic).toMatchObject({
      mode: 'analyze',
      exchanges: entries,
      sides: ['server', 'client'],
    });
    expect(summary.requirements.some((r) => r.side === 'client')).toBe(true);
    // Every exchange is judged, unjudgeable, or listed with why no rule judged it.
    const t = summary.traffic!;
    const notJudged = (t.notJudged ?? []).reduce((n, x) => n + x.count, 0);
    expect(t.judged + t.unjudgeable.count + notJudged).toBe(t.exchanges);
    expect(code, stdout).toBe(summary.exitCode);
    const index = readFileSync(join(out, 'index.html'), 'utf8');
    expect(index).toContain(`${entries} exchanges recorded in`);
    expect(readFileSync(join(out, 'junit.xml'), 'utf8')).toContain('<testsuites');
  });

  it('stops a truncated recording with its position on one line, and reports what came before', async () => {
    const text = readFileSync(har, 'utf8');
    const cut = join(newReportDir(), 'cut.har');
    writeFileSync(cut, text.slice(0, Math.floor(text.length / 2)));
    const out = newReportDir();
    const { code, stderr } = await runCommand(['analyze', cut, '--report-dir', out]);
    expect(code).toBe(2);
    expect(stderr).toMatch(
      /^conformance: .*cut\.har: truncated: the file ends inside entry \d+ at line \d+, column \d+ \(character \d+\), after \d+ entries\n$/,
    );
    const summary = readSummary(out);
    expect(summary.traffic?.stoppedAt).toMatch(/^truncated/);
    expect(summary.traffic?.exchanges).toBeGreaterThan(0);
    expect(summary.traffic?.exchanges).toBeLessThan(entries);
  });

  it('--side server judges the server alone', async () => {
    const out = newReportDir();
    const { code } = await runCommand(['analyze', har, '--side', 'server', '--report-dir', out]);
    const summary = readSummary(out);
    expect(code).toBe(summary.exitCode);
    expect(summary.traffic?.sides).toEqual(['server']);
    expect(summary.requirements.some((r) => r.side === 'client')).toBe(false);
  });

  it('a file that is not there, or a wrong --side, is one line and exit 2', async () => {
    const missing = await runCommand(['analyze', '/nonexistent/traffic.har']);
    expect(missing).toMatchObject({ code: 2 });
    expect(missing.stderr).toBe(
      'conformance: analyze: no such file /nonexistent/traffic.har (see --help)\n',
    );
    const side = await runCommand(['analyze', har, '--side', 'server,client']);
    expect(side.code).toBe(2);
    expect(side.stderr).toMatch(/--side is server, client or both \(got 'server,client'\)/);
  });
});
