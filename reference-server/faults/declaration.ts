/**
 * What a planted fault is: one declaration with its name, what it does wrong, the requirements it
 * breaks, and its rewrite. The rewrite is one or more hooks, each at one hook point the server's
 * parts declare (server-state.ts: the domain's options, its named hooks, the §4.2 operations;
 * rest/hooks.ts: the REST adapter's edge; soap/hooks.ts: the SOAP wire and WSDL). The app
 * (app.ts) hands the planted faults to those parts as their hook sets, so that the handlers and the
 * domain stay correct and name no fault; faults/ imports them, never the other way.
 */
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
   * Exactly the requirement ids (lib/requirements) the fault breaks: a run against it must fail
   * these MUST requirements and no other (docs/reading-the-report.md, "One bug, one failing requirement"), and fail at least one of
   * them to catch it. Strings: the reference server imports only spec/;
   * tests/fault-declarations.test.ts checks each is a catalogue id that a suite test names.
   */
  breaks: readonly string[];
}

/** A declaration whose name keeps its literal type, so that FaultName is a union of them. */
export const fault = <N extends string>(declaration: FaultDeclaration<N>): FaultDeclaration<N> =>
  declaration;
