/**
 * A traffic judgement as a run result of the kind 'traffic' (lib/run-result.ts), so that every
 * report (summary.json, index.html, junit.xml) and `merge` read it as they read a run of the
 * suites, and the one verdict (results/verdict.ts) judges it. Each requirement a rule judged
 * becomes a test of its own: one that passed (how many exchanges kept it), one per kept failure
 * with its exchanges as evidence and their requests as the reproduce script, one per observation
 * or probe.
 */
import { reproduceScript } from '../../kit/clients/reproduce.ts';
import { Secrets } from '../../kit/clients/redact.ts';
import { redactExchange, registerSecrets } from '../../kit/clients/transcript.ts';
import { FULL_CATALOGUE, requirement, sideOf, type Side } from '../../requirements/index.ts';
import type {
  HarnessErrorEntry,
  Judged,
  TestResult,
  TrafficRun,
  TrafficSummary,
} from '../../run-result.ts';
import type { TrafficExchange } from '../../traffic/exchange.ts';
import type { Examples, TrafficOutcome } from '../../traffic/judge.ts';
import type { FindingDetails } from '../../traffic/rule.ts';
import { assembleRun } from '../results/assemble.ts';

export const NOT_EXERCISED = 'no exchange exercised it';

export interface TrafficHeader {
  mode: TrafficSummary['mode'];
  source: string;
  sides: readonly Side[];
  startedAt: Date;
  durationMs: number;
  command: string;
  stoppedAt?: string;
}

export function runOfTraffic(header: TrafficHeader, outcome: TrafficOutcome): Judged<TrafficRun> {
  const tests = [...outcome.findings].flatMap(([id, findings]) => {
    const side = sideOf(requirement(id) ?? {});
    const file = `traffic/${side}`;
    const level = requirement(id)?.level ?? 'MUST';
    const out: TestResult[] = [];
    if (findings.passes > 0)
      out.push({
        id: `${file}::${id}`,
        file,
        name: `${id}: ${plural(findings.passes, 'exchange')} kept it`,
        status: 'pass',
        requirements: [id],
        durationMs: 0,
      });
    out.push(...examples(id, file, findings.failures, level === 'MUST' ? 'fail' : 'observed'));
    out.push(...examples(id, file, findings.observations, 'observed'));
    out.push(...examples(id, file, findings.probes, 'pass', 'a probe, not counted'));
    return out;
  });
  const harnessErrors: HarnessErrorEntry[] = [...outcome.ruleErrors].map(([message, count]) => ({
    message,
    count,
  }));
  if (header.stoppedAt !== undefined)
    harnessErrors.push({
      message: `the recording could not be read on: ${header.stoppedAt}`,
      count: 1,
    });
  const sides = new Set(header.sides);
  return assembleRun(
    {
      kind: 'traffic',
      target: header.source,
      targetKind: 'external',
      startedAt: header.startedAt.toISOString(),
      durationMs: header.durationMs,
      command: header.command,
      requests: outcome.exchanges,
      notRunReason: NOT_EXERCISED,
      traffic: {
        mode: header.mode,
        source: header.source,
        sides: [...header.sides],
        exchanges: outcome.exchanges,
        judged: outcome.judged,
        unjudgeable: outcome.unjudgeable,
        notJudged: outcome.notJudged,
        ...(header.stoppedAt === undefined ? {} : { stoppedAt: header.stoppedAt }),
      },
    },
    FULL_CATALOGUE.filter((r) => sides.has(sideOf(r))),
    tests,
    harnessErrors,
    undefined,
    (id) => outcome.judgeable.has(id),
  );
}

function examples(
  id: string,
  file: string,
  found: Examples,
  status: TestResult['status'],
  note?: string,
): TestResult[] {
  return found.kept.map((details, i) => {
    const last = i === found.kept.length - 1 && found.count > found.kept.length;
    const more = last
      ? ` (and ${plural(found.count - found.kept.length, 'more exchange')} like it, not kept)`
      : '';
    const seq = details.exchanges.map((e) => `#${e.seq}`).join(', ');
    const message = `${note ? `${note}: ` : ''}${details.message}${more}`;
    return {
      id: `${file}::${id} ${seq}`,
      file,
      name: `${id} at exchange ${seq}`,
      status,
      requirements: [id],
      durationMs: 0,
      ...(status === 'pass' ? { observations: [message] } : { message }),
      ...(details.expected === undefined ? {} : { expected: details.expected }),
      ...(details.actual === undefined ? {} : { actual: details.actual }),
      ...evidence(details),
    };
  });
}

/** The finding's exchanges, redacted, and a script that sends their requests again. */
function evidence(
  details: FindingDetails,
): Pick<TestResult, 'exchanges' | 'judgedExchange' | 'reproduce'> {
  const secrets = new Secrets();
  for (const e of details.exchanges) registerSecrets(secrets, e);
  const exchanges = details.exchanges.map((e) => redactExchange(plain(e), secrets));
  const scripts = details.exchanges.map((_, i) =>
    reproduceScript(details.exchanges.map(plain), i, secrets),
  );
  const [first = '', ...rest] = scripts;
  const reproduce = [
    first,
    ...rest.map((s) =>
      s
        .split('\n')
        .filter((l) => !PRELUDE.has(l))
        .join('\n'),
    ),
  ].join('\n');
  return { exchanges, judgedExchange: exchanges.length - 1, reproduce };
}

const PRELUDE = new Set(['#!/usr/bin/env bash', 'set -euo pipefail']);

function plain(e: TrafficExchange): TrafficExchange {
  return { ...e, startedAt: e.startedAt ?? new Date(e.startedMs).toISOString() };
}

function plural(n: number, what: string): string {
  return `${n} ${what}${n === 1 ? '' : 's'}`;
}
