/**
 * The requirement catalogue: every testable statement of the specification (spec/interfaces.md), the single
 * source of truth for test metadata and reports. MUST = stated by the spec; INFO = 'not shown' in
 * the spec, observed and reported but never failing a run (its decision says what the reference
 * server does, following the real system: docs/real-system.md). The rows are in
 * tables/, one table per section, in document order.
 */
import { soapAuth, restAuth } from './tables/auth.ts';
import { restErrors, soapFaults } from './tables/errors.ts';
import { limits, versioning } from './tables/limits.ts';
import { discovery, restResources, soapTypes } from './tables/overview.ts';
import { concurrency, restRoutes, xml } from './tables/rest.ts';
import { soapOperations, soapTransport } from './tables/soap.ts';
import {
  clientAuth,
  clientConcurrency,
  clientLimits,
  clientResources,
  clientRest,
  clientRestAuth,
  clientSoapOperations,
  clientSoapTransport,
  clientXml,
} from './tables/client.ts';
import type { Requirement } from './types.ts';

const TABLES = [
  discovery,
  soapTypes,
  restResources,
  soapTransport,
  soapOperations,
  restRoutes,
  concurrency,
  xml,
  soapAuth,
  restAuth,
  soapFaults,
  restErrors,
  limits,
  versioning,
];

const CLIENT_TABLES = [
  clientResources,
  clientSoapTransport,
  clientSoapOperations,
  clientRest,
  clientConcurrency,
  clientXml,
  clientAuth,
  clientRestAuth,
  clientLimits,
];

/** The id of a catalogued requirement: the compiler refuses any other. */
export type RequirementId = (typeof TABLES)[number][number]['id'];

/** The id of an INFO requirement: what the spec leaves open (each has its review, lib/requirements/info-review.ts). */
export type InfoId = Extract<(typeof TABLES)[number][number], { level: 'INFO' }>['id'];

/** The id of a requirement of the client's side (judged by monitor and analyze). */
export type ClientRequirementId = (typeof CLIENT_TABLES)[number][number]['id'];

/**
 * The server's side, in document order: what the suites judge. Typed by plain ids: reports and
 * tools look up ids read from files.
 */
export const CATALOGUE: readonly Requirement[] = TABLES.flat();

/** The client's side, in document order: judged on requests by monitor and analyze only. */
export const CLIENT_CATALOGUE: readonly Requirement[] = CLIENT_TABLES.flat();
