/**
 * What a planted fault is: one declaration with its name, what it does wrong, the requirements it
 * breaks, and its rewrite. The rewrite is one or more hooks, each at one hook point the server's
 * parts declare (server-state.ts: the domain's options, its named hooks, the §4.2 operations;
 * rest/hooks.ts: the REST adapter's edge; soap/hooks.ts: the SOAP wire and WSDL). The app
 * (app.ts) hands the planted faults to those parts as their hook sets, so that the handlers and the
 * domain stay correct and name no fault; faults/ imports them, never the other way.
 */
import type { RequirementId } from '../../spec/requirements/catalogue.ts';
import type { RestHooks } from '../rest/hooks.ts';
import type { StateHooks } from '../server-state.ts';
import type { SoapHooks } from '../soap/hooks.ts';

export type { OperationRewrites } from '../soap/operation-hooks.ts';

/** The hooks a fault may have: the domain's, the REST adapter's, the SOAP wire's. */
export interface Hooks extends StateHooks, RestHooks, SoapHooks {}

export interface FaultDeclaration<N extends string = string> extends Hooks {
  name: N;
  /** What the server does wrong, in words, with its § (shown by --help and --fault errors). */
  does: string;
  /**
   * Exactly the requirements (spec/requirements) the fault breaks: a run against it must fail
   * these MUST requirements and no other (docs/reading-the-report.md, "One bug, one failing
   * requirement"). tests/self-validation.test.ts checks it; the reports' evidence per requirement
   * (lib/requirements/planted-fault-evidence.json) is made from it.
   */
  breaks: readonly RequirementId[];
  /**
   * Why the monitor cannot see this fault in the suites' traffic (a state only a read-back
   * shows, an account's role or password the traffic does not tell). Absent: the server's traffic
   * rules (lib/traffic/rules/server) must fail one of `breaks` on the suites' traffic
   * (tests/self-validation.test.ts, "caught passively").
   */
  notInTraffic?: string;
}

/** A declaration whose name keeps its literal type, so that FaultName is a union of them. */
export const fault = <N extends string>(declaration: FaultDeclaration<N>): FaultDeclaration<N> =>
  declaration;
