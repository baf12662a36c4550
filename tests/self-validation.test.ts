/**
 * Self-validation: the suites against the reference server with each planted fault
 * (reference-server/faults/). A fault is caught when one of the requirements its declaration
 * names (caughtBy) fails, in the suite files whose tests name them (tests/support/fault-suites.ts).
 * The score and any surviving fault are written to reports/self-validation/ and printed.
 *
 * Every requirement a fault made fail is evidence that its check can fail: the reports show it
 * per requirement, from the committed lib/requirements/planted-fault-evidence.json. The measured
 * mapping is written to reports/self-validation/planted-fault-evidence.json, and a test fails
 * when the committed copy claims a pair the measurement no longer shows, or has no entry for a
 * planted fault.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { format, resolveConfig } from 'prettier';
import { afterAll, describe, expect, test } from 'vitest';
import { CATALOGUE } from '../lib/requirements/index.ts';
import type { FaultEvidence } from '../lib/runner/results/evidence.ts';
import { PLANTED_FAULTS, type PlantedFault } from '../reference-server/faults/index.ts';
import { startReferenceServer } from '../reference-server/listen.ts';
import { ROOT } from './support/cli.ts';
import { runCliPooled, stopDrivers } from './support/cli-pool.ts';
import { plantedFaultsWithSuites, type FaultCatch } from './support/fault-suites.ts';
import { throughMonitor, type PassiveVerdict } from './support/passive-monitor.ts';

/** Each planted fault with the requirements that must catch it and the suites that hold them. */
const FAULTS: ReadonlyArray<PlantedFault & FaultCatch> = await plantedFaultsWithSuites();

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
  /** What the server's side of the traffic rules saw fail in the run's traffic (monitor). */
  passive: PassiveVerdict;
}

const verdicts: Verdict[] = [];

const EVIDENCE_FILE = join(ROOT, 'lib/requirements/planted-fault-evidence.json');
const REGENERATE = 'UPDATE_FAULT_EVIDENCE=1 npx vitest run tests/self-validation.test.ts';
const committed = (): FaultEvidence =>
  JSON.parse(readFileSync(EVIDENCE_FILE, 'utf8')) as FaultEvidence;
const readIds = (path: string) => JSON.parse(readFileSync(join(ROOT, path), 'utf8')) as string[];
const NOT_YET_COVERED = readIds('lib/requirements/not-yet-covered.json');
/** Covered MUST requirements that no planted fault is seen failing yet: a list that only shrinks. */
const NO_PLANTED_FAULT_YET = readIds('tests/support/no-planted-fault-yet.json');
/**
 * Planted faults whose effect does not show in the traffic of the suites (a state only a
 * read-back shows, a numeric code the operation may give), each with why: every other planted
 * fault must be caught passively. A list that only shrinks.
 */
const PASSIVE_NOT_CAUGHT = JSON.parse(
  readFileSync(join(ROOT, 'tests/support/passive-not-caught.json'), 'utf8'),
) as Record<string, string>;

/** The faults this run planted (all of them, or those -t selected) and what each made fail. */
function measuredEvidence(): Record<string, string[]> {
  return Object.fromEntries(verdicts.map((v) => [v.fault, [...v.failing].sort()] as const));
}

/** The committed evidence with the faults this run measured replaced (UPDATE_FAULT_EVIDENCE). */
async function writeEvidence(): Promise<void> {
  const file = committed();
  const known = new Set<string>(PLANTED_FAULTS.map((f) => f.name));
  const faults = Object.fromEntries(
    Object.entries({ ...file.faults, ...measuredEvidence() })
      .filter(([fault, failing]) => known.has(fault) && failing.length > 0)
      .sort(([a], [b]) => a.localeCompare(b)),
  );
  const text = JSON.stringify({ ...file, faults });
  const options = { ...(await resolveConfig(EVIDENCE_FILE)), filepath: EVIDENCE_FILE };
  writeFileSync(EVIDENCE_FILE, await format(text, options));
  process.stdout.write(
    `self-validation: wrote ${EVIDENCE_FILE} (${verdicts.length} faults measured)\n`,
  );
}

async function judge(fault: PlantedFault & FaultCatch): Promise<Verdict> {
  const server = await startReferenceServer({ testControl: true, faults: [fault.name] });
  try {
    // The suites' traffic goes through the monitor's proxy and judge: what it sees fail is the
    // passive catch, judged beside the active one on the same run.
    const { result: run, passive } = await throughMonitor(server.url, (url) =>
      runCliPooled([
        '--target',
        url,
        '--seed',
        '7',
        '--runs',
        '10',
        ...fault.suites.flatMap((suite) => ['--suite', suite]),
      ]),
    );
    const failed = run.summary().requirements.filter((r) => r.status === 'fail');
    const failing = failed.map((r) => r.id);
    const named = failed.find((r) => fault.caughtBy.some((id) => id === r.id)) ?? failed[0];
    return {
      reasons: Object.fromEntries(failed.map((r) => [r.id, (r.reason ?? '').slice(0, 300)])),
      evidence: named ? `${named.id}: ${named.reason ?? ''}`.slice(0, 500) : run.stderr.slice(-500),
      fault: fault.name,
      breaks: fault.breaks,
      caught: fault.caughtBy.some((id) => failing.includes(id)),
      exitCode: run.code,
      failing,
      expected: fault.caughtBy,
      passive,
    };
  } finally {
    await server.close();
  }
}

afterAll(stopDrivers);

describe('every planted fault is caught by the requirement it breaks', () => {
  test.concurrent.each(FAULTS.map((f) => [f.name, f] as const))(
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

  test('the committed evidence claims only failures the measurement shows', () => {
    // UPDATE_FAULT_EVIDENCE: afterAll writes it instead, so that `-t NAME`, which runs NAME's test
    // alone and not this one, replaces the evidence of the faults that ran.
    if (process.env['UPDATE_FAULT_EVIDENCE']) return;
    const measured = measuredEvidence();
    const file = committed();
    const unsupported = Object.entries(measured).flatMap(([fault, failing]) =>
      (file.faults[fault] ?? [])
        .filter((id) => !failing.includes(id))
        .map((id) => `${fault} no longer makes ${id} fail`),
    );
    const unmeasured = Object.entries(measured).flatMap(([fault, failing]) =>
      failing
        .filter((id) => !(file.faults[fault] ?? []).includes(id))
        .map((id) => `${fault} → ${id}`),
    );
    if (unmeasured.length > 0)
      process.stdout.write(
        `self-validation: ${unmeasured.length} failure(s) measured that the committed evidence does not list yet (${REGENERATE})\n`,
      );
    expect(
      unsupported,
      `lib/requirements/planted-fault-evidence.json claims what the measurement no longer shows; regenerate it: ${REGENERATE}`,
    ).toEqual([]);
  });

  test('the committed evidence names only planted faults and catalogue requirements', () => {
    const faults = new Set<string>(PLANTED_FAULTS.map((f) => f.name));
    const ids = new Set(CATALOGUE.map((r) => r.id));
    const unknown = Object.entries(committed().faults).flatMap(([fault, failing]) => [
      ...(faults.has(fault) ? [] : [`fault ${fault}`]),
      ...failing.filter((id) => !ids.has(id)).map((id) => `requirement ${id} (${fault})`),
    ]);
    expect(unknown, `regenerate it: ${REGENERATE}`).toEqual([]);
  });

  test('every planted fault has committed evidence naming a requirement that must catch it', () => {
    const evidence = committed().faults;
    const without = FAULTS.filter(
      (f) => !f.caughtBy.some((id) => (evidence[f.name] ?? []).includes(id)),
    ).map(
      (f) =>
        `${f.name}: ${evidence[f.name] === undefined ? 'no entry' : `no entry names ${f.caughtBy.join(' or ')}`}; measure it: UPDATE_FAULT_EVIDENCE=1 npx vitest run tests/self-validation.test.ts -t ${f.name}`,
    );
    expect(without, `planted faults without their evidence:\n${without.join('\n')}`).toEqual([]);
  });

  test('every covered MUST has a planted fault seen failing it, or is on the list without one yet', () => {
    // The list only shrinks: a new MUST requirement comes with a planted fault that breaks it.
    const seen = new Set(Object.values(committed().faults).flat());
    const musts = CATALOGUE.filter((r) => r.level === 'MUST' && !NOT_YET_COVERED.includes(r.id));
    const without = musts.filter((r) => !seen.has(r.id)).map((r) => r.id);
    expect(
      without.filter((id) => !NO_PLANTED_FAULT_YET.includes(id)),
      `MUST requirements no planted fault is seen failing: plant one (reference-server/faults/) and ${REGENERATE} -t NAME`,
    ).toEqual([]);
    expect(
      NO_PLANTED_FAULT_YET.filter((id) => !without.includes(id)),
      'tests/support/no-planted-fault-yet.json lists requirements that now have a planted fault, or are no covered MUST: remove them',
    ).toEqual([]);
  });

  test('every planted fault whose effect shows in traffic is caught passively, by monitor', () => {
    // Judged after the faults' tests (vitest runs a file's tests in order; those are concurrent
    // among themselves, this one waits for them), over the faults this run planted.
    const missed = verdicts
      .filter((v) => Object.keys(v.passive.failing).length === 0)
      .map((v) => v.fault);
    expect(
      missed.filter((f) => PASSIVE_NOT_CAUGHT[f] === undefined),
      "planted faults the monitor did not see in the suites' traffic: a traffic rule misses them, or list them with why in tests/support/passive-not-caught.json",
    ).toEqual([]);
    expect(
      Object.keys(PASSIVE_NOT_CAUGHT).filter(
        (f) => verdicts.some((v) => v.fault === f) && !missed.includes(f),
      ),
      'tests/support/passive-not-caught.json lists faults the monitor now catches: remove them',
    ).toEqual([]);
    expect(verdicts.flatMap((v) => v.passive.ruleErrors)).toEqual([]);
  });

  afterAll(async () => {
    if (process.env['UPDATE_FAULT_EVIDENCE']) await writeEvidence();
    const caught = verdicts.filter((v) => v.caught).length;
    const passive = verdicts.filter((v) => Object.keys(v.passive.failing).length > 0).length;
    const dir = join(ROOT, 'reports/self-validation');
    mkdirSync(dir, { recursive: true });
    const score = {
      caught,
      passive,
      planted: verdicts.length,
      survivors: verdicts.filter((v) => !v.caught).map((v) => v.fault),
    };
    writeFileSync(
      join(dir, 'summary.json'),
      `${JSON.stringify({ ...score, verdicts }, null, 2)}\n`,
    );
    writeFileSync(
      join(dir, 'planted-fault-evidence.json'),
      `${JSON.stringify({ faults: Object.fromEntries(verdicts.map((v) => [v.fault, [...v.failing].sort()])) }, null, 2)}\n`,
    );
    const rows = verdicts
      .sort((a, b) => a.fault.localeCompare(b.fault))
      .map(
        (v) =>
          `| ${v.fault} | ${v.caught ? 'caught' : '**survived**'} | ${v.breaks} | ${v.failing.join(', ')} | ${Object.keys(v.passive.failing).join(', ') || '—'} |`,
      );
    writeFileSync(
      join(dir, 'summary.md'),
      `# Self-validation: ${caught} of ${verdicts.length} planted faults caught; passive: ${passive} of ${verdicts.length}\n\n| fault | verdict | rule broken | failing requirements | failing in the monitor's judgement of the traffic |\n|---|---|---|---|---|\n${rows.join('\n')}\n`,
    );
    process.stdout.write(
      `self-validation: ${caught} of ${verdicts.length} planted faults caught${score.survivors.length ? `; survivors: ${score.survivors.join(', ')}` : ''}\n` +
        `passive: ${passive} of ${verdicts.length} planted faults caught (by monitor, from the suites' traffic; the others: tests/support/passive-not-caught.json)\n`,
    );
  });
});
