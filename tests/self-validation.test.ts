/**
 * Self-validation: the suites against the reference server with each planted fault
 * (reference-server/faults/), in the suite files whose tests name the requirements it breaks
 * (tests/support/fault-suites.ts; SELF_VALIDATION_SUITES=all: every suite). A fault is caught when
 * one of the requirements its declaration names (breaks) fails, and diagnosed exactly when those
 * are the failing MUST requirements, no test errs and the run exits 1 (tests/support/diagnosis.ts):
 * every fault must be. The scores, the surviving and the inexact faults are written to
 * reports/self-validation/ and printed.
 *
 * Each fault exact is what makes lib/requirements/planted-fault-evidence.json (made from the
 * faults' `breaks` by `npm run generate`) evidence that each check can fail. The same traffic goes
 * through the monitor: a fault whose declaration does not say why traffic cannot show it
 * (`notInTraffic`) must be caught passively.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { failureWordsProblems, runnerWords } from '../lib/kit/failure-words.ts';
import type { PlantedFault } from '../reference-server/faults/index.ts';
import { SOAP_FAULTS } from '../reference-server/faults/soap.ts';
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
  /** Why traffic cannot show the fault (its declaration), if it says so. */
  notInTraffic?: string;
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

/** The file that declares a planted fault: the one to edit when its verdict is wrong. */
const declaredIn = (fault: string) =>
  `reference-server/faults/${SOAP_FAULTS.some((f) => f.name === fault) ? 'soap' : 'rest'}.ts`;

/** SELF_VALIDATION_SUITES=all: each fault against every suite, as a user's run would be. */
const ALL_SUITES = process.env['SELF_VALIDATION_SUITES'] === 'all';

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
      ...(fault.notInTraffic === undefined ? {} : { notInTraffic: fault.notInTraffic }),
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
      // Exact diagnosis: exactly the requirements it breaks fail, nothing is left unjudged.
      expect(verdict.errors, `${fault.name}: harness errors under a planted fault`).toEqual([]);
      expect(
        { extra: verdict.extra, missing: verdict.missing },
        `${fault.name}: the failing MUST requirements are not exactly those its declaration breaks (${declaredIn(fault.name)}); ${inexactLine(fault.name, verdict)}`,
      ).toEqual({ extra: [], missing: [] });
    },
  );

  test('every planted fault whose effect shows in traffic is caught passively, by monitor', () => {
    // Judged after the faults' tests (vitest runs a file's tests in order; those are concurrent
    // among themselves, this one waits for them), over the faults this run planted.
    const missed = verdicts.filter((v) => Object.keys(v.passive.failing).length === 0);
    expect(
      missed
        .filter((v) => v.notInTraffic === undefined)
        .map(
          (v) =>
            `${v.fault}: a traffic rule misses it, or say why in its declaration (${declaredIn(v.fault)}, notInTraffic)`,
        ),
      "planted faults the monitor did not see in the suites' traffic",
    ).toEqual([]);
    expect(
      verdicts
        .filter((v) => v.notInTraffic !== undefined && !missed.includes(v))
        .map(
          (v) =>
            `${v.fault}: the monitor catches it now (${Object.keys(v.passive.failing).join(', ')}): remove notInTraffic from its declaration (${declaredIn(v.fault)})`,
        ),
      'planted faults that say traffic cannot show them',
    ).toEqual([]);
    expect(verdicts.flatMap((v) => v.passive.ruleErrors)).toEqual([]);
  });

  afterAll(() => {
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
        `passive: ${passive} of ${verdicts.length} planted faults caught (by monitor, from the suites' traffic; the others say why: notInTraffic)\n`,
    );
  });
});
