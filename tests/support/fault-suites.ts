/**
 * Each planted fault as tests/self-validation.test.ts judges it: its declaration
 * (reference-server/faults/) and the suite files (`--suite`) whose tests name a requirement that
 * it breaks. Which file names which requirement is read from the tests of a whole default run
 * (shared-runs.ts embedded-seed-42), not scanned from the source: exact, ids built in loops
 * included. A fault whose requirements no suite test names stops here, naming them.
 */
import type { RunResult } from '../../lib/run-result.ts';
import { PLANTED_FAULTS, type PlantedFault } from '../../reference-server/faults/index.ts';
import { sharedRun } from './shared-runs.ts';

export interface FaultCatch {
  /** Suite names (`--suite`) of the files that hold the checks of the requirements it breaks. */
  suites: readonly string[];
}

const SUITE_FILE = /^suites\/(.+)\.test\.ts$/;

/**
 * Requirement id → the suite names (`--suite`, lib/runner/cli/suite-names.ts: the path under
 * suites/ without .test.ts) of the files whose tests name it. A name selects every file whose path
 * contains it: rest/xml selects rest/xml-directions too.
 */
export function suitesByRequirement(
  run: Pick<RunResult, 'tests'>,
): ReadonlyMap<string, readonly string[]> {
  const files = new Map<string, Set<string>>();
  for (const test of run.tests) {
    const name = SUITE_FILE.exec(test.file)?.[1];
    if (name === undefined) continue;
    for (const id of test.requirements) {
      const suites = files.get(id) ?? new Set<string>();
      suites.add(name);
      files.set(id, suites);
    }
  }
  return new Map([...files].map(([id, suites]) => [id, [...suites].sort()]));
}

/** Each fault with its suites; throws naming every fault no suite test can catch. */
export function withSuites(
  faults: readonly PlantedFault[],
  suites: ReadonlyMap<string, readonly string[]>,
): (PlantedFault & FaultCatch)[] {
  const uncaught = faults
    .filter((f) => f.breaks.every((id) => !suites.has(id)))
    .map((f) => `${f.name}: no suite test names ${f.breaks.join(' or ') || 'a requirement'}`);
  if (uncaught.length > 0)
    throw new Error(
      `planted faults no suite test can catch: their breaks (reference-server/faults/) must name a requirement a conformanceTest checks\n${uncaught.join('\n')}`,
    );
  return faults.map((f) => ({
    name: f.name,
    does: f.does,
    breaks: f.breaks,
    ...(f.notInTraffic === undefined ? {} : { notInTraffic: f.notInTraffic }),
    suites: [...new Set(f.breaks.flatMap((id) => suites.get(id) ?? []))].sort(),
  }));
}

/** Every planted fault with its suites, from the default run (made once per `npm test`). */
export async function plantedFaultsWithSuites(): Promise<(PlantedFault & FaultCatch)[]> {
  const run = await sharedRun('embedded-seed-42');
  return withSuites(PLANTED_FAULTS, suitesByRequirement(run.summary()));
}
