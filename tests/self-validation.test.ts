/**
 * Self-validation (issue 7): the suites against the reference server with each planted fault
 * (reference-server/faults.ts). A fault is caught when one of the requirements it names fails.
 * The score and any surviving fault are written to reports/self-validation/ and printed.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { PLANTED_FAULTS, type PlantedFault } from '../reference-server/faults.ts';
import { startReferenceServer } from '../reference-server/listen.ts';
import { ROOT, runCli } from './support/cli.ts';

interface Verdict {
  fault: string;
  breaks: string;
  caught: boolean;
  exitCode: number;
  failing: string[];
  expected: readonly string[];
  /** Why the first failing requirement failed: the evidence a user would read. */
  evidence: string;
  /** Every failing requirement with its reason, for summary.json. */
  reasons: Record<string, string>;
}

const verdicts: Verdict[] = [];

async function judge(fault: PlantedFault): Promise<Verdict> {
  const server = await startReferenceServer({ testControl: true, faults: [fault.name] });
  try {
    const run = await runCli([
      '--target',
      server.url,
      '--seed',
      '7',
      '--runs',
      '10',
      ...fault.suites.flatMap((suite) => ['--suite', suite]),
    ]);
    const failed = run.summary().requirements.filter((r) => r.status === 'fail');
    const failing = failed.map((r) => r.id);
    const named = failed.find((r) => fault.caughtBy.includes(r.id)) ?? failed[0];
    return {
      reasons: Object.fromEntries(failed.map((r) => [r.id, (r.reason ?? '').slice(0, 300)])),
      evidence: named ? `${named.id}: ${named.reason ?? ''}`.slice(0, 500) : run.stderr.slice(-500),
      fault: fault.name,
      breaks: fault.breaks,
      caught: fault.caughtBy.some((id) => failing.includes(id)),
      exitCode: run.code,
      failing,
      expected: fault.caughtBy,
    };
  } finally {
    await server.close();
  }
}

describe('every planted fault is caught by the requirement it breaks', () => {
  test.concurrent.each(PLANTED_FAULTS.map((f) => [f.name, f] as const))(
    '%s',
    { timeout: 240_000 },
    async (_, fault) => {
      const verdict = await judge(fault);
      verdicts.push(verdict);
      expect(
        verdict.caught,
        `${fault.name} (${fault.breaks}) survived: failing requirements [${verdict.failing.join(', ')}], expected one of [${fault.caughtBy.join(', ')}]; ${verdict.evidence}`,
      ).toBe(true);
    },
  );

  afterAll(() => {
    const caught = verdicts.filter((v) => v.caught).length;
    const dir = join(ROOT, 'reports/self-validation');
    mkdirSync(dir, { recursive: true });
    const score = {
      caught,
      planted: verdicts.length,
      survivors: verdicts.filter((v) => !v.caught).map((v) => v.fault),
    };
    writeFileSync(
      join(dir, 'summary.json'),
      `${JSON.stringify({ ...score, verdicts }, null, 2)}\n`,
    );
    const rows = verdicts
      .sort((a, b) => a.fault.localeCompare(b.fault))
      .map(
        (v) =>
          `| ${v.fault} | ${v.caught ? 'caught' : '**survived**'} | ${v.breaks} | ${v.failing.join(', ')} |`,
      );
    writeFileSync(
      join(dir, 'summary.md'),
      `# Self-validation: ${caught} of ${verdicts.length} planted faults caught\n\n| fault | verdict | rule broken | failing requirements |\n|---|---|---|---|\n${rows.join('\n')}\n`,
    );
    process.stdout.write(
      `self-validation: ${caught} of ${verdicts.length} planted faults caught${score.survivors.length ? `; survivors: ${score.survivors.join(', ')}` : ''}\n`,
    );
  });
});
