/**
 * What a traffic rule is: it sees each exchange in the traffic's order, keeps the little state its
 * requirement needs (the last Etag of an artifact, when a token was issued), and says, per
 * exchange, that the requirement held, failed, or was only observed (INFO). A rule of the
 * client's side reports a deviation instead of a failure: the judge decides at the end whether it
 * was a probe (judge.ts).
 */
import type { TrafficExchange } from './exchange.ts';
import type { ExchangeView } from './view.ts';

export interface FindingDetails {
  /** In the domain's words: 'PUT with a stale If-match answered 200', never the rule's internals. */
  message: string;
  expected?: string;
  actual?: string;
  /** The exchanges it judged, in order; the last is the one judged (several for a rule that spans messages). */
  exchanges: readonly TrafficExchange[];
  /**
   * For a client deviation: whether the server did not honour the request. Absent: an error
   * answer (4xx, 5xx, a SOAP fault, none) is a refusal; a rule sets it when the answer shows the
   * server corrected the request instead (a limit over the maximum served capped).
   */
  refused?: boolean;
}

export interface Verdicts {
  /** The requirement held on these exchanges. `kind`: for client rules, what kind of request it was. */
  pass(requirement: string, exchanges: readonly TrafficExchange[], kind?: string): void;
  fail(requirement: string, details: FindingDetails): void;
  /** What an INFO requirement observed (the spec leaves it open). */
  observe(requirement: string, details: FindingDetails): void;
  /**
   * A request that breaks a client rule. It is a failure of the client, unless the server refused
   * it (or corrected it: `details.refused`) and the traffic holds that kind of request sent right:
   * then it was a probe of the refusal (a conformance suite's deliberate bad request), observed,
   * not failed. So is one the server accepted where a server rule failed that same exchange: the
   * server's failure is the root cause.
   */
  deviation(requirement: string, kind: string, details: FindingDetails): void;
}

export interface TrafficRule {
  /** The requirement ids it can judge (catalogue ids; tests check them). */
  readonly requirements: readonly string[];
  observe(view: ExchangeView, verdicts: Verdicts): void;
  /**
   * The traffic ended: a finding that waited for a later exchange (one that might still explain
   * it away) is decided now, since no exchange can come.
   */
  end?(verdicts: Verdicts): void;
}

/** A rule with fresh state: one per judgement (a monitor run, an analysis). */
export type RuleFactory = () => TrafficRule;
