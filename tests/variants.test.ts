/**
 * Self-validation in the other direction (issue 13): the whole run against the reference server
 * taking each variant (reference-server/variants.ts), another choice the specification allows,
 * must be judged as a correct server is: exit 0, no MUST failure, no harness error. A variant that
 * fails is a check fitted to the reference server's own choice: a false failure for a user.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { startReferenceServer } from '../reference-server/listen.ts';
import { VARIANTS, type Variant } from '../reference-server/variants.ts';
import { ROOT, runCli } from './support/cli.ts';

interface Outcome {
  variant: string;
  chooses: string;
  passed: boolean;
  exitCode: number;
  /** MUST requirements that failed or could not be judged, with the reason. */
  wrongVerdicts: string[];
}

const outcomes: Outcome[] = [];

async function judge(variant: Variant): Promise<Outcome> {
  const server = await startReferenceServer({ testControl: true, variants: [variant.name] });
  try {
    const run = await runCli([
      '--target',
      server.url,
      '--seed',
      '11',
      '--runs',
      '25',
      ...profileArgs(variant),
    ]);
    const summary = run.summary();
    const wrongVerdicts = [
      ...summary.requirements
        .filter((r) => r.level === 'MUST' && (r.status === 'fail' || r.status === 'error'))
        .map((r) => `${r.id}: ${r.status} ${r.reason ?? ''}`.slice(0, 400)),
      ...summary.tests
        .filter((t) => t.status === 'error')
        .map((t) => `test ${t.id}: error ${t.message ?? ''}`.slice(0, 400)),
      ...summary.harnessErrors.map((e) => `harness error: ${e}`.slice(0, 400)),
    ];
    return {
      variant: variant.name,
      chooses: variant.chooses,
      passed: run.code === 0 && wrongVerdicts.length === 0,
      exitCode: run.code,
      wrongVerdicts:
        run.code === 2 && wrongVerdicts.length === 0 ? [run.stderr.slice(-500)] : wrongVerdicts,
    };
  } finally {
    await server.close();
  }
}

/** A variant's profile fields (what a user would write for such a server), as --profile FILE. */
function profileArgs(variant: Variant): string[] {
  if (variant.profile === undefined) return [];
  const file = join(mkdtempSync(join(tmpdir(), 'variant-profile-')), `${variant.name}.json`);
  writeFileSync(file, JSON.stringify(variant.profile));
  return ['--profile', file];
}

describe('every variant the specification allows is judged conforming', () => {
  test.concurrent.each(VARIANTS.map((v) => [v.name, v] as const))(
    '%s',
    { timeout: 300_000 },
    async (_, variant) => {
      const outcome = await judge(variant);
      outcomes.push(outcome);
      expect(
        outcome.wrongVerdicts,
        `variant ${variant.name} (${variant.chooses}; ${variant.because}) got exit ${outcome.exitCode}`,
      ).toEqual([]);
      expect(outcome.exitCode, `variant ${variant.name}: exit code`).toBe(0);
    },
  );

  afterAll(() => {
    const passed = outcomes.filter((o) => o.passed).length;
    const dir = join(ROOT, 'reports/variants');
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      join(dir, 'summary.json'),
      `${JSON.stringify({ passed, variants: outcomes.length, outcomes }, null, 2)}\n`,
    );
    process.stdout.write(`variants: ${passed} of ${outcomes.length} passed\n`);
  });
});
