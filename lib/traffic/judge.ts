/**
 * Judges traffic, one exchange at a time, with every rule of the chosen sides. Memory stays
 * bounded whatever the length of the traffic: per requirement it counts, and keeps a few examples
 * with their exchanges (the evidence the reports show); the rules keep their own bounded state.
 */
import { requirement as requirementOf, sideOf } from '../requirements/index.ts';
import type { TrafficExchange } from './exchange.ts';
import type { FindingDetails, RuleFactory, TrafficRule, Verdicts } from './rule.ts';
import { ExchangeView } from './view.ts';

/** Server failures remembered by exchange, for telling client deviations apart: bounded. */
const SERVER_FAILURES_KEPT = 100_000;

/** Examples kept per requirement and outcome; the rest are counted. */
export const EXAMPLES_KEPT = 10;

export interface Examples {
  count: number;
  kept: FindingDetails[];
}

export interface RequirementFindings {
  passes: number;
  failures: Examples;
  observations: Examples;
  /** Client deviations the server refused while the client sent that kind right elsewhere. */
  probes: Examples;
}

export interface TrafficOutcome {
  exchanges: number;
  /** Exchanges at least one rule judged. */
  judged: number;
  /** Exchanges no rule could read (a body that does not parse, a cut body), with why. */
  unjudgeable: { count: number; kept: Array<{ seq: number; reason: string }> };
  findings: Map<string, RequirementFindings>;
  /**
   * The exchanges read but judged by no rule, by operation (most first), each with why: what the
   * reports say of the gap between the exchanges and the judged ones.
   */
  notJudged: NotJudged[];
  /** Problems of the judge itself (a rule that threw): harness errors of the run. */
  ruleErrors: Map<string, number>;
  /** The requirements the rules can judge: the others are not judged from traffic at all. */
  judgeable: ReadonlySet<string>;
}

export interface NotJudged {
  operation: string;
  count: number;
  reason: string;
}

/** Operations told apart among the exchanges no rule judged; the others are counted together. */
const NOT_JUDGED_OPERATIONS = 50;
const OTHER_OPERATIONS = 'other operations';

/** Why no rule judged an exchange, from what it is. */
export const NOT_JUDGED_REASONS = {
  interface:
    'no traffic rule of the sides judged applies to this operation as it was sent (the rules read other routes, statuses or headers; what needs a read-back or a provoked fault, the suites judge)',
  other:
    'not a request of either interface (§4.1 the SOAP endpoint and its WSDL, §4.3 the REST routes): nothing of the spec to judge',
} as const;

interface Deviations {
  accepted: Examples;
  refused: Examples;
}

export class TrafficJudge {
  readonly #rules: TrafficRule[];
  readonly #include: (requirement: string) => boolean;
  readonly #findings = new Map<string, RequirementFindings>();
  readonly #deviations = new Map<string, Map<string, Deviations>>();
  /** `${requirement} ${kind}` sent right at least once. */
  readonly #rightKinds = new Set<string>();
  readonly #unjudgeable: TrafficOutcome['unjudgeable'] = { count: 0, kept: [] };
  readonly #ruleErrors = new Map<string, number>();
  readonly #notJudged = new Map<string, NotJudged>();
  #exchanges = 0;
  #judged = 0;
  #ended = false;
  /** The exchanges a server rule failed (their seq): a client deviation there is the server's. */
  readonly #serverFailures = new Set<number>();

  /** `include`: which requirement ids to judge (the --side choice); rules judging none are left out. */
  constructor(factories: readonly RuleFactory[], include: (requirement: string) => boolean) {
    this.#rules = factories.map((f) => f()).filter((r) => r.requirements.some(include));
    this.#include = include;
  }

  observe(exchange: TrafficExchange): void {
    if (!URL.canParse(exchange.url)) {
      this.unjudgeable(
        exchange.seq,
        `the request URL cannot be read: ${exchange.url.slice(0, 200)}`,
      );
      return;
    }
    this.#exchanges += 1;
    const view = new ExchangeView(exchange);
    let judged = false;
    let problem: string | undefined;
    const verdicts = this.#verdictsFor(() => (judged = true));
    for (const rule of this.#rules) {
      try {
        rule.observe(view, verdicts);
      } catch (error) {
        const message = `a traffic rule (${rule.requirements.join(', ')}) failed: ${(error as Error).message}`;
        this.#ruleErrors.set(message, (this.#ruleErrors.get(message) ?? 0) + 1);
        problem ??= message;
      }
    }
    if (judged) this.#judged += 1;
    else if (exchange.truncated || problem)
      this.#noteUnjudgeable(exchange.seq, problem ?? 'a body was cut at the cap the judge keeps');
    else this.#noteNotJudged(view);
  }

  #noteNotJudged(view: ExchangeView): void {
    const reason = view.ofTheInterfaces ? NOT_JUDGED_REASONS.interface : NOT_JUDGED_REASONS.other;
    let operation = view.operation;
    if (!this.#notJudged.has(operation) && this.#notJudged.size >= NOT_JUDGED_OPERATIONS)
      operation = OTHER_OPERATIONS;
    const entry = this.#notJudged.get(operation);
    if (entry) entry.count += 1;
    else
      this.#notJudged.set(operation, {
        operation,
        count: 1,
        reason:
          operation === OTHER_OPERATIONS
            ? `operations beyond the first ${NOT_JUDGED_OPERATIONS}, counted together`
            : reason,
      });
  }

  /** An exchange that could not be read at all (malformed HTTP, a broken HAR entry). */
  unjudgeable(seq: number, reason: string): void {
    this.#exchanges += 1;
    this.#noteUnjudgeable(seq, reason);
  }

  /** The traffic ended (analyze's file, monitor's stop): each rule decides what waited. Once. */
  end(): void {
    if (this.#ended) return;
    this.#ended = true;
    const verdicts = this.#verdictsFor(() => {});
    for (const rule of this.#rules) {
      try {
        rule.end?.(verdicts);
      } catch (error) {
        const message = `a traffic rule (${rule.requirements.join(', ')}) failed at the end: ${(error as Error).message}`;
        this.#ruleErrors.set(message, (this.#ruleErrors.get(message) ?? 0) + 1);
      }
    }
  }

  outcome(): TrafficOutcome {
    const findings = new Map(
      [...this.#findings].map(([id, f]) => [
        id,
        {
          ...f,
          failures: copy(f.failures),
          probes: copy(f.probes),
          observations: copy(f.observations),
        },
      ]),
    );
    for (const [requirement, kinds] of this.#deviations) {
      for (const [kind, d] of kinds) {
        const entry = entryOf(findings, requirement);
        const right = this.#rightKinds.has(`${requirement} ${kind}`);
        // Accepted where the server failed to refuse it: the server's failure is the root cause,
        // reported once, on the server's side (kept examples are told apart; the rest counted).
        const excused = right ? d.accepted.kept.filter((x) => this.#serverFailed(x)) : [];
        merge(entry.failures, {
          count: d.accepted.count - excused.length,
          kept: d.accepted.kept.filter((x) => !excused.includes(x)),
        });
        merge(entry.probes, {
          count: excused.length,
          kept: excused.map((x) => ({
            ...x,
            message: `accepted where the server failed this same exchange: ${x.message}`,
          })),
        });
        if (right) merge(entry.probes, d.refused);
        else merge(entry.failures, d.refused);
      }
    }
    return {
      exchanges: this.#exchanges,
      judged: this.#judged,
      unjudgeable: { count: this.#unjudgeable.count, kept: [...this.#unjudgeable.kept] },
      findings,
      notJudged: [...this.#notJudged.values()]
        .map((n) => ({ ...n }))
        .sort((a, b) => b.count - a.count || a.operation.localeCompare(b.operation)),
      ruleErrors: new Map(this.#ruleErrors),
      judgeable: new Set(this.#rules.flatMap((r) => r.requirements).filter(this.#include)),
    };
  }

  #verdictsFor(judged: () => void): Verdicts {
    const ok = (requirement: string) => {
      if (!this.#include(requirement)) return false;
      judged();
      return true;
    };
    return {
      pass: (requirement, _exchanges, kind) => {
        if (!ok(requirement)) return;
        entryOf(this.#findings, requirement).passes += 1;
        if (kind !== undefined) this.#rightKinds.add(`${requirement} ${kind}`);
      },
      fail: (requirement, details) => {
        if (!ok(requirement)) return;
        keep(entryOf(this.#findings, requirement).failures, details);
        const judged = details.exchanges[details.exchanges.length - 1];
        if (
          judged &&
          sideOf(requirementOf(requirement) ?? {}) === 'server' &&
          this.#serverFailures.size < SERVER_FAILURES_KEPT
        )
          this.#serverFailures.add(judged.seq);
      },
      observe: (requirement, details) => {
        if (ok(requirement)) keep(entryOf(this.#findings, requirement).observations, details);
      },
      deviation: (requirement, kind, details) => {
        if (!ok(requirement)) return;
        let kinds = this.#deviations.get(requirement);
        if (!kinds) this.#deviations.set(requirement, (kinds = new Map<string, Deviations>()));
        let d = kinds.get(kind);
        if (!d) kinds.set(kind, (d = { accepted: empty(), refused: empty() }));
        const last = details.exchanges[details.exchanges.length - 1];
        const refused = details.refused ?? (last !== undefined && new ExchangeView(last).refused);
        keep(refused ? d.refused : d.accepted, details);
      },
    };
  }

  #serverFailed(details: FindingDetails): boolean {
    const judged = details.exchanges[details.exchanges.length - 1];
    return judged !== undefined && this.#serverFailures.has(judged.seq);
  }

  #noteUnjudgeable(seq: number, reason: string): void {
    this.#unjudgeable.count += 1;
    if (this.#unjudgeable.kept.length < EXAMPLES_KEPT) this.#unjudgeable.kept.push({ seq, reason });
  }
}

function empty(): Examples {
  return { count: 0, kept: [] };
}

function copy(e: Examples): Examples {
  return { count: e.count, kept: [...e.kept] };
}

function keep(examples: Examples, details: FindingDetails): void {
  examples.count += 1;
  if (examples.kept.length < EXAMPLES_KEPT) examples.kept.push(details);
}

function merge(into: Examples, from: Examples): void {
  into.count += from.count;
  for (const d of from.kept) if (into.kept.length < EXAMPLES_KEPT) into.kept.push(d);
}

function entryOf(map: Map<string, RequirementFindings>, id: string): RequirementFindings {
  let entry = map.get(id);
  if (!entry)
    map.set(id, (entry = { passes: 0, failures: empty(), observations: empty(), probes: empty() }));
  return entry;
}
