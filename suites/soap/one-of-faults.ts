/**
 * A refusal whose code the spec leaves between several (§7.1 lists the codes but orders no checks):
 * any of them, sent as a SOAP fault with HTTP 500.
 */
import { expect } from 'vitest';
import type { SoapAnswer } from '../../lib/soap/client.ts';
import { expectAnyFault } from '../../lib/soap/expect.ts';

export function expectOneOfFaults(
  answer: SoapAnswer,
  codes: readonly number[],
  what: string,
): void {
  expectAnyFault(answer, `${what}: expected fault ${codes.join(' or ')}`);
  expect(
    codes.map(String),
    `${what}: expected fault ${codes.join(' or ')} (the spec does not order the checks), got fault ${answer.fault?.faultcode}`,
  ).toContain(answer.fault?.faultcode);
}
