/**
 * One assertion, one requirement (docs/reading-the-report.md, "One bug, one failing requirement"): what a test is judging while its
 * code runs, so that a failed check is recorded as data: the requirement it judged, the rules its
 * oracle or setup relied on, what was expected and what came back. The run's blame
 * (lib/runner/results/blame.ts) then fails the requirement, or blocks the test by the root cause.
 *
 * A test with one requirement judges it throughout. A test with several says, as it goes, which
 * one its next checks judge (`ctx.judging(id)`), and a setup step which rule it relies on
 * (`ctx.judging(rule)` with a rule that is not the test's: a failure there proves that rule
 * broken and blocks the test). A check that knows its own rule (a §7.1 fault code, a fault's
 * HTTP status, a feature's route: ConformanceFailure.requirement) judges it when it is the test's;
 * when it is another's, the check relied on it.
 */
import type { FailedCheck } from '../run-result.ts';
import { asyncPart } from './clients/async-part.ts';
import { HarnessError } from './clients/harness-error.ts';
import { inDomainWords, valuesInWords, type ErrorParts } from './failure-words.ts';

export interface Scope {
  /** Usually one; several where the spec states one observable twice (§5.2.5 and §7.2's 401). */
  requirements: readonly string[];
  reliesOn: readonly string[];
}

/** Where a failure's scope is kept on the error object (a string key: it survives serialising). */
const SCOPE = '__judging';

const ofRunningTest = asyncPart<Judging>('judging');

export class Judging {
  /** The judging of the test whose code calls this (run by `running`), else undefined. */
  static current(): Judging | undefined {
    return ofRunningTest.get();
  }

  private scope: Scope | undefined;
  private scopeFailed = false;
  /** The test's requirements whose scopes completed without a failure. */
  private readonly completed = new Set<string>();
  /** The requirements a check failed in (a scope may be entered again, e.g. one per verdict). */
  private readonly failedIn = new Set<string>();
  /** Soft assertions that failed (the test goes on; they are failures all the same). */
  private readonly soft: FailedCheck[] = [];

  constructor(readonly requirements: readonly string[]) {
    const [only] = requirements;
    if (requirements.length === 1 && only !== undefined)
      this.scope = { requirements: [only], reliesOn: [] };
  }

  running<T>(body: () => Promise<T>): Promise<T> {
    return ofRunningTest.run(this, body);
  }

  /** From here on, the checks judge `requirement`, relying on `reliesOn`. */
  judging(requirement: string | readonly string[], reliesOn: readonly string[] = []): void {
    this.close();
    const requirements = typeof requirement === 'string' ? [requirement] : [...requirement];
    this.scope = { requirements, reliesOn: [...reliesOn] };
    this.scopeFailed = false;
  }

  /** The scope's checks are over: when none failed and it is the test's own, it held. */
  close(): void {
    if (!this.scope || this.scopeFailed) return;
    for (const id of this.scope.requirements)
      if (this.requirements.includes(id)) this.completed.add(id);
  }

  /** The test's requirements judged without a failure in any of their scopes. */
  get held(): ReadonlySet<string> {
    return new Set([...this.completed].filter((id) => !this.failedIn.has(id)));
  }

  /** A check failed here: the error keeps the scope it failed in (the first one it met). */
  stamp(error: unknown): void {
    this.scopeFailed = true;
    for (const id of this.scope?.requirements ?? []) this.failedIn.add(id);
    if (typeof error === 'object' && error !== null && !(SCOPE in error))
      Object.defineProperty(error, SCOPE, { value: this.scope ?? null, enumerable: true });
  }

  /** A soft assertion failed: recorded now, the test goes on. */
  failedSoftly(error: ErrorParts & object): void {
    this.stamp(error);
    this.soft.push(...this.checksOf(error));
  }

  /**
   * The failed checks of the test that threw `error` (undefined: it did not throw a failure), the
   * soft ones first. A harness error (no answer) is no failed check.
   */
  failures(error: unknown): FailedCheck[] {
    const thrown = error instanceof Error && !harnessOnly(error) ? this.checksOf(error) : [];
    return [...this.soft, ...thrown];
  }

  private checksOf(error: ErrorParts & object): FailedCheck[] {
    const stamped = stampedScope(error);
    const scope = stamped === undefined ? this.scope : (stamped ?? undefined);
    const own = ownRequirements(error);
    const words = { message: inDomainWords(error), ...valuesInWords(error) };
    const judged = own.filter((id) => this.requirements.includes(id));
    const relied = [...(scope?.reliesOn ?? []), ...ownReliesOn(error)];
    if (judged.length > 0)
      return judged.map((id) => ({ requirement: id, ...words, ...relying(relied, id) }));
    const reliesOn = [...own, ...relied];
    if (scope)
      return scope.requirements.map((requirement) => ({
        requirement,
        ...words,
        ...relying(reliesOn, requirement),
      }));
    return this.requirements.map((requirement) => ({
      requirement,
      ...words,
      ...relying(reliesOn, requirement),
      unattributed: true,
    }));
  }
}

function relying(ids: readonly string[], judged: string): { reliesOn?: string[] } {
  const reliesOn = [...new Set(ids.filter((id) => id !== judged))];
  return reliesOn.length > 0 ? { reliesOn } : {};
}

/**
 * The scope the error failed in; null: none. The innermost stamp: fast-check wraps the check that
 * failed in an error of its own, stamped only where the test caught it.
 */
function stampedScope(error: object): Scope | null | undefined {
  let found: Scope | null | undefined;
  for (
    let e: unknown = error, depth = 0;
    typeof e === 'object' && e !== null && depth < 5;
    depth++
  ) {
    if (SCOPE in e) found = (e as Record<string, unknown>)[SCOPE] as Scope | null;
    e = (e as { cause?: unknown }).cause;
  }
  return found;
}

/** The first of an error's and its causes' `key` that is a rule or a list of rules. */
function rulesAlongCauses(error: object, key: 'requirement' | 'reliesOn'): string[] {
  for (
    let e: unknown = error, depth = 0;
    typeof e === 'object' && e !== null && depth < 5;
    depth++
  ) {
    const rules = (e as Record<string, unknown>)[key];
    if (typeof rules === 'string') return [rules];
    if (Array.isArray(rules)) return rules.filter((id) => typeof id === 'string');
    e = (e as { cause?: unknown }).cause;
  }
  return [];
}

/** The rules a check names itself (ConformanceFailure.requirement), through fast-check's wrapping. */
function ownRequirements(error: object): string[] {
  return rulesAlongCauses(error, 'requirement');
}

/** The rules a check says its oracle relies on (ConformanceFailure.reliesOn). */
function ownReliesOn(error: object): string[] {
  return rulesAlongCauses(error, 'reliesOn');
}

/** A harness error, thrown directly or as the cause of a property's failure: nothing judged. */
function harnessOnly(error: Error): boolean {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; depth++) {
    if (e instanceof HarnessError) return true;
    e = e.cause;
  }
  return false;
}
