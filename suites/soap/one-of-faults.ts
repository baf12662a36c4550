/**
 * A refusal whose code the spec leaves between several (§7.1 lists the codes but orders no checks):
 * any of them, sent as a SOAP fault with HTTP 500.
 */
import type { SoapAnswer } from '../../lib/kit/soap/client.ts';
import { expectFaultAmong } from '../../lib/kit/soap/expect.ts';

export function expectOneOfFaults(
  answer: SoapAnswer,
  codes: readonly number[],
  what: string,
): void {
  expectFaultAmong(answer, codes, what);
}
