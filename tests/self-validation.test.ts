/**
 * Self-validation: the suites against the reference server with each planted fault
 * (reference-server/faults/), in the suite files whose tests name the requirements it breaks
 * (tests/support/fault-suites.ts; SELF_VALIDATION_SUITES=all: every suite). A fault is caught when
 * one of the requirements its declaration names (breaks) fails, and diagnosed exactly when those
 * are the failing MUST requirements, no test errs and the run exits 1 (tests/support/diagnosis.ts);
 * the faults not diagnosed exactly yet are listed in tests/support/not-yet-exact.json.
 * The scores, the surviving and the inexact faults are written to reports/self-validation/ and
 * printed.
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
import { failureWordsProblems, runnerWords } from '../lib/kit/failure-words.ts';
import { CATALOGUE } from '../lib/requirements/index.ts';
import type { FaultEvidence } from '../lib/runner/results/evidence.ts';
import { PLANTED_FAULTS, type PlantedFault } from '../reference-server/faults/index.ts';
import { startReferenceServer } from '../reference-server/listen.ts';
import { ROOT } from './support/cli.ts';
import { FEW_FILES_AT_ONCE, runCliPooled, stopDrivers } from './support/cli-pool.ts';
import { plantedFaultsWithSuites, type FaultCatch } from './support/fault-suites.ts';
import { throughMonitor, type PassiveVerdict } from './support/passive-monitor.ts';
import {
  diagnose,
  filesWithStackFrames,
  inexactLine,
  type Diagnosis,
} from './support/diagnosis.ts';

/** Each planted fault with the requirements that must catch it and the suites that hold them. */
const FAULTS: ReadonlyArray<PlantedFault & FaultCatch> = await plantedFaultsWithSuites();

interface Verdict extends Diagnosis {
  fault: string;
  does: string;
  failing: string[];
  breaks: readonly string[];
  /** Why the first failing requirement failed: the evidence a user would read. */
  evidence: string;
  /** Every failing requirement with its reason, for summary.json. */
  reasons: Record<string, string>;
  /** What the server's side of the traffic rules saw fail in the run's traffic (monitor). */
  passive: PassiveVerdict;
  /** Report files that show a stack frame (none may). */
  frames: string[];
  /** Failures whose words are the runner's or a parser's (lib/kit/failure-words.ts; none may). */
  words: string[];
}

const verdicts: Verdict[] = [];

/** SELF_VALIDATION_SUITES=all: each fault against every suite, as a user's run would be. */
const ALL_SUITES = process.env['SELF_VALIDATION_SUITES'] === 'all';

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
/**
 * Planted faults not diagnosed exactly yet (docs/reading-the-report.md, "One bug, one failing requirement"), each with what spreads:
 * caught all the same, and printed with their extra and missing requirements. Every other fault
 * must be exact. A list that only shrinks.
 */
const NOT_YET_EXACT = JSON.parse(
  readFileSync(join(ROOT, 'tests/support/not-yet-exact.json'), 'utf8'),
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
        ...FEW_FILES_AT_ONCE,
        ...(ALL_SUITES ? [] : fault.suites.flatMap((suite) => ['--suite', suite])),
      ]),
    );
    const summary = run.summary();
    const report = (name: string) => readFileSync(join(run.reportDir, name), 'utf8');
    const frames = filesWithStackFrames(
      Object.fromEntries(['summary.json', 'junit.xml', 'index.html'].map((n) => [n, report(n)])),
    );
    const words = summary.tests.flatMap((t) =>
      t.status === 'pass' || t.status === 'skip'
        ? []
        : [t, ...(t.failures ?? [])].flatMap((f) =>
            failureWordsProblems(f).map((p) => `${t.name}: ${p}`),
          ),
    );
    const failed = summary.requirements.filter((r) => r.status === 'fail');
    const named = failed.find((r) => fault.breaks.some((id) => id === r.id)) ?? failed[0];
    return {
      ...diagnose(fault.breaks, summary, run.code),
      reasons: Object.fromEntries(failed.map((r) => [r.id, (r.reason ?? '').slice(0, 300)])),
      evidence: named ? `${named.id}: ${named.reason ?? ''}`.slice(0, 500) : run.stderr.slice(-500),
      fault: fault.name,
      does: fault.does,
      failing: failed.map((r) => r.id),
      breaks: fault.breaks,
      passive,
      frames,
      // The monitor's judgement of the same traffic: its failures' messages too.
      words: [
        ...new Set([
          ...words,
          ...Object.entries(passive.failing).flatMap(([id, message]) => {
            const found = runnerWords(message);
            return found === undefined ? [] : [`monitor, ${id}: ${found}`];
          }),
        ]),
      ],
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
        `${fault.name} (${fault.does}) survived: failing requirements [${verdict.failing.join(', ')}], expected one of [${fault.breaks.join(', ')}]; ${verdict.evidence}`,
      ).toBe(true);
      expect(verdict.frames, `${fault.name}: stack frames in the reports`).toEqual([]);
      expect(verdict.words, `${fault.name}: the runner's words in a failure`).toEqual([]);
      expect(verdict.exitCode, `${fault.name}: the exit code`).toBe(1);
      if (NOT_YET_EXACT[fault.name] !== undefined) return;
      // Exact diagnosis: exactly the requirements it breaks fail, nothing is left unjudged.
      expect(verdict.errors, `${fault.name}: harness errors under a planted fault`).toEqual([]);
      expect(
        { extra: verdict.extra, missing: verdict.missing },
        `${fault.name}: the failing MUST requirements are not exactly those it breaks (reference-server/faults/); ${inexactLine(fault.name, verdict)}`,
      ).toEqual({ extra: [], missing: [] });
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
      (f) => !f.breaks.some((id) => (evidence[f.name] ?? []).includes(id)),
    ).map(
      (f) =>
        `${f.name}: ${evidence[f.name] === undefined ? 'no entry' : `no entry names ${f.breaks.join(' or ')}`}; measure it: UPDATE_FAULT_EVIDENCE=1 npx vitest run tests/self-validation.test.ts -t ${f.name}`,
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

  test('tests/support/not-yet-exact.json names only planted faults still diagnosed inexactly', () => {
    // Judged after the faults' tests, over the faults this run planted: the list only shrinks.
    const known = new Set<string>(PLANTED_FAULTS.map((f) => f.name));
    expect(
      Object.keys(NOT_YET_EXACT).filter((f) => !known.has(f)),
      'not-yet-exact.json names faults that are not planted',
    ).toEqual([]);
    expect(
      verdicts.filter((v) => v.exact && NOT_YET_EXACT[v.fault] !== undefined).map((v) => v.fault),
      'tests/support/not-yet-exact.json lists faults now diagnosed exactly: remove them',
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
    const exact = verdicts.filter((v) => v.exact).length;
    const passive = verdicts.filter((v) => Object.keys(v.passive.failing).length > 0).length;
    const dir = join(ROOT, 'reports/self-validation');
    mkdirSync(dir, { recursive: true });
    const score = {
      caught,
      exact,
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
          `| ${v.fault} | ${v.caught ? 'caught' : '**survived**'}${v.exact ? ', exact' : ''} | ${v.does} | ${v.failing.join(', ')} | ${Object.keys(v.passive.failing).join(', ') || '—'} |`,
      );
    writeFileSync(
      join(dir, 'summary.md'),
      `# Self-validation: ${caught} of ${verdicts.length} planted faults caught, ${exact} exact; passive: ${passive} of ${verdicts.length}\n\n| fault | verdict | what it does | failing requirements | failing in the monitor's judgement of the traffic |\n|---|---|---|---|---|\n${rows.join('\n')}\n`,
    );
    const inexact = verdicts.filter((v) => !v.exact).map((v) => `  ${inexactLine(v.fault, v)}\n`);
    process.stdout.write(
      `self-validation: ${caught} of ${verdicts.length} planted faults caught${score.survivors.length ? `; survivors: ${score.survivors.join(', ')}` : ''}\n` +
        `exact: ${exact} of ${verdicts.length} planted faults (exactly the requirements each breaks fail, no harness error)\n${inexact.join('')}` +
        `passive: ${passive} of ${verdicts.length} planted faults caught (by monitor, from the suites' traffic; the others: tests/support/passive-not-caught.json)\n`,
    );
  });
});
