/**
 * Assertions on SOAP answers for the suites, each with the expectation in its message (style.md 1):
 * a §7.1 fault (exact faultcode, HTTP 500), a successful answer, and typed reads of the §2.1 arrays.
 */
import { expect } from 'vitest';
import type { SoapAnswer, SoapClient } from './client.ts';
import { ConformanceFailure } from '../failure-words.ts';

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

/** §7.1: the answer is a SOAP fault whose faultcode is exactly `code`, sent with HTTP 500. */
export function expectFault(answer: SoapAnswer, code: number, what: string): void {
  answer.http.judge();
  if (answer.fault?.faultcode !== String(code))
    throw new ConformanceFailure(
      `${what}: expected fault ${code}, got ${describeAnswer(answer)}`,
      `fault ${code} (HTTP 500)`,
      answerValue(answer),
    );
  expectFaultStatus(answer, what);
}

/** A SOAP fault is sent with HTTP 500 (SOAP 1.1 over HTTP). */
function expectFaultStatus(answer: SoapAnswer, what: string): void {
  if (answer.http.status !== 500)
    throw new ConformanceFailure(
      `${what}: a SOAP fault must be sent with HTTP 500, got HTTP ${answer.http.status}`,
      'HTTP 500',
      answerValue(answer),
    );
}

/**
 * §7.1 lists several codes and orders no checks: the answer is a SOAP fault whose faultcode is
 * exactly one of `codes`, sent with HTTP 500.
 */
export function expectFaultAmong(answer: SoapAnswer, codes: readonly number[], what: string): void {
  answer.http.judge();
  const among = codes.join(' or ');
  if (answer.fault === undefined || !codes.map(String).includes(answer.fault.faultcode))
    throw new ConformanceFailure(
      `${what}: expected fault ${among} (the spec does not order the checks), got ${describeAnswer(answer)}`,
      `fault ${among} (HTTP 500)`,
      answerValue(answer),
    );
  expectFaultStatus(answer, what);
}

/** The answer is any SOAP fault (for rules where the spec gives no code), sent with HTTP 500. */
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

/** The answer is a successful response whose output is the boolean true (§4.2 boolean outputs). */
export function expectTrue(answer: SoapAnswer, what: string): void {
  expect(expectSuccess(answer, what), `${what}: the boolean output`).toBe(true);
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
