/**
 * `run`'s judgement: the collected tests (their evidence kept as evidence.ts says) judged into the
 * run result (lib/runner/results/assemble.ts), with the header that says what ran against what.
 */
import { describeSharedProjects } from '../../kit/fixtures/projects.ts';
import { CLI_COMMAND } from '../../layout.ts';
import { hasTests } from '../../requirements/coverage.ts';
import { CATALOGUE } from '../../requirements/index.ts';
import type { JudgedRun } from '../../run-result.ts';
import type { Profile } from '../../target/profile.ts';
import { requestsCounted } from '../../kit/clients/rate-limit.ts';
import { withEvidenceOfFailuresOnly } from '../report/evidence.ts';
import { assembleRun, type KnownFailures } from '../results/assemble.ts';
import { NOT_RUN_REASONS } from '../results/verdict.ts';
import type { RunOptions } from './args.ts';
import { historyTarget, recordRequests } from './request-history.ts';
import type { Collected } from './run-collect.ts';
import type { Target } from './run-target.ts';

export interface JudgeInput {
  options: RunOptions;
  argv: readonly string[];
  startedAt: Date;
  target: Target;
  collected: Collected;
  known: KnownFailures | undefined;
  /** The signal that stopped the run, if one did: no verdict. */
  interruptedBy: string | undefined;
}

export function judgeCollected(input: JudgeInput): JudgedRun {
  const { options, target, known, interruptedBy } = input;
  const { collector } = input.collected;
  const { profile, server } = target;
  const result = assembleRun(
    {
      kind: 'suites',
      target: profile.baseUrl,
      ...(runLabel(profile, server !== undefined) ?? {}),
      targetKind: server ? 'embedded' : 'external',
      startedAt: input.startedAt.toISOString(),
      durationMs: 0,
      seed: options.seed,
      runs: options.runs,
      capabilities: { ...profile.capabilities },
      command: reproduceCommand(input.argv, options.seed),
      requests: requestsCounted(),
      notRunReason: notRunReason(
        options,
        collector.tests.length,
        collector.harnessErrors.length,
        interruptedBy,
      ),
      sharedProjects: describeSharedProjects(collector.sharedProjects, profile),
      ...(options.shard === undefined ? {} : { shard: options.shard }),
      ...(interruptedBy === undefined ? {} : { interruptedBy }),
    },
    CATALOGUE,
    options.keepTranscripts ? collector.tests : withEvidenceOfFailuresOnly(collector.tests),
    collector.harnessErrors,
    known,
    hasTests,
  );
  // What --rate-limit estimates the next run's requests from: complete runs only.
  if (interruptedBy === undefined)
    recordRequests(
      historyTarget(profile.baseUrl, server !== undefined),
      options,
      result.requests ?? 0,
    );
  return { ...result, durationMs: Date.now() - input.startedAt.getTime() };
}

/** Why a requirement whose tests exist has no result: a subset, suites that did not run, a stop. */
function notRunReason(
  options: RunOptions,
  tests: number,
  harnessErrors: number,
  interruptedBy: string | undefined,
): string {
  if (interruptedBy !== undefined) return `not reached: the run was interrupted (${interruptedBy})`;
  if (options.suites.length > 0 || options.grep !== undefined || options.shard !== undefined)
    return NOT_RUN_REASONS.subset;
  return tests === 0 && harnessErrors > 0 ? NOT_RUN_REASONS.suitesFailed : NOT_RUN_REASONS.notRan;
}

/** The command that replays this run (same options, same seed). */
function reproduceCommand(argv: readonly string[], seed: number): string {
  const kept = argv.filter((a) => a !== '--update-expectations');
  const args = kept.some((a) => a === '--seed' || a.startsWith('--seed='))
    ? kept
    : [...kept, '--seed', String(seed)];
  return [CLI_COMMAND, ...args].join(' ');
}

/** The target's name in reports and compare: never the ephemeral port of the embedded server. */
function runLabel(profile: Profile, embedded: boolean): { label: string } | undefined {
  if (profile.label) return { label: profile.label };
  return embedded ? { label: 'reference server' } : undefined;
}
