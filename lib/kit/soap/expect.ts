/**
 * Assertions on SOAP answers for the suites, each with the expectation in its message:
 * a §7.1 fault (exact faultcode, HTTP 500), a successful answer, and typed reads of the §2.1 arrays.
 */
import { expect } from 'vitest';
import type { SoapAnswer, SoapClient } from './client.ts';
import { ConformanceFailure } from '../conformance-failure.ts';
import { attribute } from '../xml/tree.ts';
import { SOAP_NS } from './envelope.ts';

function describeAnswer(answer: SoapAnswer): string {
  if (answer.fault)
    return `fault ${answer.fault.faultcode} '${answer.fault.faultstring}' (HTTP ${answer.http.status})`;
  const value = answer.value === undefined ? '' : ` with ${JSON.stringify(answer.value)}`;
  return `a ${answer.response?.name ?? 'response'} (HTTP ${answer.http.status})${value}`;
}

/** The answer as the report's Actual shows it: the fault (code and string) or the response. */
function answerValue(answer: SoapAnswer): string {
  if (answer.fault)
    return `fault ${answer.fault.faultcode} '${answer.fault.faultstring}' (HTTP ${answer.http.status})`;
  const value = answer.value === undefined ? '' : ` ${JSON.stringify(answer.value)}`;
  return `${answer.response?.name ?? 'a response'}${value} (HTTP ${answer.http.status})`;
}

/** The §7.1 pair's requirement: soap.<operation>.fault.<code>. */
function codeRequirement(answer: SoapAnswer, code: number): string {
  return `soap.${answer.operation}.fault.${code}`;
}

/**
 * §7.1: a refusal carries a bare number as its faultcode (soap.fault.numeric-code); a qualified
 * name (SOAP-ENV:Server) with the number in the faultstring breaks that rule, not the pair's.
 */
function expectNumericCode(answer: SoapAnswer, what: string): void {
  const code = answer.fault?.faultcode ?? '';
  if (!/^\d+$/.test(code))
    throw new ConformanceFailure(
      `${what}: the faultcode must be the bare §7.1 number, got '${code}'`,
      'a numeric faultcode',
      answerValue(answer),
      'soap.fault.numeric-code',
    );
}

/**
 * §7.1: the answer is a SOAP fault whose faultcode is exactly `code`, sent with HTTP 500. Each
 * part judges its own rule: no fault or another code, the pair soap.<op>.fault.<code>; a faultcode
 * that is no number, soap.fault.numeric-code; another status, soap.fault.http-500.
 */
export function expectFault(answer: SoapAnswer, code: number, what: string): void {
  answer.http.judge();
  if (answer.fault === undefined)
    throw new ConformanceFailure(
      `${what}: expected fault ${code}, got ${describeAnswer(answer)}`,
      `fault ${code} (HTTP 500)`,
      answerValue(answer),
      codeRequirement(answer, code),
    );
  expectNumericCode(answer, what);
  if (answer.fault.faultcode !== String(code))
    throw new ConformanceFailure(
      `${what}: expected fault ${code}, got ${describeAnswer(answer)}`,
      `fault ${code} (HTTP 500)`,
      answerValue(answer),
      codeRequirement(answer, code),
    );
  expectFaultStatus(answer, what);
}

/** A SOAP fault is sent with HTTP 500 (SOAP 1.1 over HTTP): soap.fault.http-500. */
function expectFaultStatus(answer: SoapAnswer, what: string): void {
  if (answer.http.status !== 500)
    throw new ConformanceFailure(
      `${what}: a SOAP fault must be sent with HTTP 500, got HTTP ${answer.http.status}`,
      'HTTP 500',
      answerValue(answer),
      'soap.fault.http-500',
    );
}

/**
 * §7.1 lists several codes and orders no checks: the answer is a SOAP fault whose faultcode is
 * exactly one of `codes`, sent with HTTP 500. Another answer breaks each pair it could have been.
 */
export function expectFaultAmong(answer: SoapAnswer, codes: readonly number[], what: string): void {
  answer.http.judge();
  const among = codes.join(' or ');
  const fail = () =>
    new ConformanceFailure(
      `${what}: expected fault ${among} (the spec does not order the checks), got ${describeAnswer(answer)}`,
      `fault ${among} (HTTP 500)`,
      answerValue(answer),
      codes.map((code) => codeRequirement(answer, code)),
    );
  if (answer.fault === undefined) throw fail();
  expectNumericCode(answer, what);
  if (!codes.map(String).includes(answer.fault.faultcode)) throw fail();
  expectFaultStatus(answer, what);
}

/**
 * The answer is any SOAP fault (a refusal, for rules where the spec gives no code, or before its
 * code is judged), sent with HTTP 500. No fault breaks the rule the test judges (its scope).
 */
export function expectAnyFault(answer: SoapAnswer, what: string): void {
  answer.http.judge();
  if (answer.fault === undefined)
    throw new ConformanceFailure(
      `${what}: expected a SOAP fault, got ${describeAnswer(answer)}`,
      'a SOAP fault (HTTP 500)',
      answerValue(answer),
    );
  expectFaultStatus(answer, what);
}

/** The answer is a successful response (HTTP 200, no fault); returns the decoded output part. */
export function expectSuccess(answer: SoapAnswer, what: string): unknown {
  answer.http.judge();
  if (answer.fault !== undefined)
    throw new ConformanceFailure(
      `${what}: expected success, got ${describeAnswer(answer)}`,
      'success (HTTP 200, no fault)',
      answerValue(answer),
    );
  if (answer.http.status !== 200)
    throw new ConformanceFailure(
      `${what}: a successful call must be answered with HTTP 200, got HTTP ${answer.http.status}`,
      'HTTP 200',
      answerValue(answer),
    );
  return answer.value;
}

/**
 * The answer is a successful response whose output is the boolean true (§4.2 boolean outputs). A
 * 'true' sent without xsi:type cannot be read as a boolean: that breaks soap.wire.xsi-type.
 */
export function expectTrue(answer: SoapAnswer, what: string): void {
  const value = expectSuccess(answer, what);
  if (value === true) return;
  const untyped =
    answer.part !== undefined &&
    attribute(answer.part, SOAP_NS.xsi, 'type') === undefined &&
    typeof value === 'string' &&
    ['true', '1'].includes(value.trim());
  throw new ConformanceFailure(
    untyped
      ? `${what}: the boolean output '${value}' carries no xsi:type (rpc/encoded types every value)`
      : `${what}: the boolean output: expected true, got ${JSON.stringify(value) ?? 'nothing'}`,
    untyped ? 'xsd:boolean true, typed' : 'true',
    JSON.stringify(value) ?? 'nothing',
    untyped ? 'soap.wire.xsi-type' : undefined,
  );
}

export interface ServiceValue {
  id: number;
  short_name: string;
  is_used: number;
}

export interface DescFieldValue {
  id: number;
  value: string;
}

/** getProjectServicesUsage as `key`, which must succeed. */
export async function servicesOf(
  soap: SoapClient,
  key: string,
  project: number,
): Promise<ServiceValue[]> {
  const value = expectSuccess(
    await soap.call('getProjectServicesUsage', { session_key: key, group_id: project }),
    `getProjectServicesUsage of project ${project} (read back)`,
  );
  expect(Array.isArray(value), 'getProjectServicesUsage answers an array').toBe(true);
  return value as ServiceValue[];
}

/** getProjectDescriptionFieldsValue as `key`, which must succeed: field id → value. */
export async function descriptionValuesOf(
  soap: SoapClient,
  key: string,
  project: number,
): Promise<Map<number, string>> {
  const value = expectSuccess(
    await soap.call('getProjectDescriptionFieldsValue', { session_key: key, group_id: project }),
    `getProjectDescriptionFieldsValue of project ${project} (read back)`,
  );
  expect(Array.isArray(value), 'getProjectDescriptionFieldsValue answers an array').toBe(true);
  return new Map((value as DescFieldValue[]).map((v) => [v.id, v.value]));
}
