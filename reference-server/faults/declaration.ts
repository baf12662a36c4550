/**
 * What a planted fault is: one declaration with its name, what it does wrong, the requirements it
 * breaks, and its rewrite. The rewrite is one or more hooks, each at one point of the
 * server where a fault may change what the correct implementation does; the apply sites (rest/
 * planted.ts, soap/planted-wire.ts, soap/planted-operations.ts, server-state.ts) call the hook of
 * every planted fault that has one, so that the handlers and the domain stay correct and name no
 * fault.
 */
import type { IncomingMessage } from 'node:http';
import type { RequirementId } from '../../spec/requirements/catalogue.ts';
import type { DomainHooks } from '../domain/hooks.ts';
import type { ProjectAdmin, ProjectAdminDeps } from '../domain/project-admin.ts';
import type { Projects } from '../domain/projects.ts';
import type { StateOptions } from '../domain/state.ts';
import type { Answer, RestContext } from '../rest/context.ts';
import type { Format } from '../rest/negotiation.ts';
import type { CollectionKind, Page } from '../rest/pagination.ts';
import type { RouteKey } from '../rest/routes.ts';
import type { ServerState } from '../server-state.ts';

/** A collection cut into a page for a query: the correct one (pagination.ts) or a planted one. */
export type PageStep = <T>(
  all: readonly T[],
  query: URLSearchParams,
  kind: CollectionKind,
) => Page<T>;

/** The §4.2 operations of the project administration. */
export type OperationName = {
  [K in keyof ProjectAdmin]: ProjectAdmin[K] extends (...args: never[]) => unknown ? K : never;
}[keyof ProjectAdmin];

/** An operation rewritten around the correct one (`call`), with the domain's parts at hand. */
export type OperationRewrites = {
  [K in OperationName]?: (
    deps: ProjectAdminDeps,
    call: ProjectAdmin[K],
    ...args: Parameters<ProjectAdmin[K]>
  ) => ReturnType<ProjectAdmin[K]>;
};

/** A SOAP fault as the endpoint sends it: HTTP status, faultcode, faultstring. */
export interface SentFault {
  status: number;
  code: string;
  message: string;
}

export interface Hooks {
  // The domain, built with other options or hooks.
  /** Options the domain is built with, over the server's own. */
  state?: Pick<StateOptions, 'projectQuota' | 'tokenLifetimeMs'>;
  /** A rule changed from inside, through the domain's named hooks (domain/hooks.ts). */
  domain?: (projects: () => Projects) => DomainHooks;
  /** §4.2 operations rewritten around the correct ones. */
  operations?: OperationRewrites;

  // The REST interface, at the adapter's edge (rest/planted.ts).
  /** The request's headers rewritten before the router reads them. */
  request?: (state: ServerState, req: IncomingMessage) => void;
  /** Before the handler: refuse the request, or race it. */
  before?: (ctx: RestContext, route: RouteKey) => void | Promise<void>;
  /** The stores as the handler sees them. */
  stores?: (ctx: RestContext, route: RouteKey, state: ServerState) => ServerState;
  /** The format of the answer. */
  format?: (ctx: RestContext, route: RouteKey, format: Format) => Format;
  /** The root element an XML request body must have. */
  xmlRequestRoot?: string;
  /** The page of a collection, around the correct cut (`next`). */
  page?: (ctx: RestContext, route: RouteKey, next: PageStep) => PageStep;
  /** The answer before it is serialized. */
  answer?: (ctx: RestContext, route: RouteKey, answer: Answer) => Answer;
  /** The bytes a successful XML answer's text is written as (UTF-8, as it declares, else). */
  xmlBytes?: (xml: string) => Buffer;
  /** An error the handler threw, before it is answered. */
  error?: (state: ServerState, error: unknown) => unknown;

  // The SOAP wire and WSDL (soap/planted-wire.ts).
  /** The text of a successful answer. */
  soapAnswer?: (xml: string) => string;
  /** The project service's namespace, in the WSDL and in answers. */
  namespace?: (namespace: string) => string;
  /** The namespace answers are written in. */
  answerNamespace?: (namespace: string) => string;
  /** A fault's HTTP status, faultcode and faultstring. */
  soapFault?: (fault: SentFault) => SentFault;
  /** The Content-Type of an answer of `operation` (undefined: the call could not be read). */
  mediaType?: (operation: string | undefined, answer: 'success' | 'fault', type: string) => string;
  /** True refuses a SOAPAction header (its raw text) the correct server takes. */
  soapActionRefused?: (raw: string) => boolean;
  /** The WSDL text. */
  wsdl?: (wsdl: string) => string;
}

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
