/**
 * SOAP faults (§7.1): sent with HTTP 500 (SOAP 1.1 §6.2, soap.fault.http-500), with the bare
 * §7.1 number as faultcode (soap.fault.numeric-code). A code §7.1 does not list for the
 * operation, or one the real system sends beyond §7.1, is only observed (soap.fault.unlisted-codes,
 * INFO): which situation the call was in, the traffic does not say. A SOAP-ENV:Client,
 * VersionMismatch or MustUnderstand fault says the request itself was refused (a malformed part, a
 * SOAPAction of another operation): no §7.1 code answers that, so its faultcode is not judged.
 */
import type { RuleFactory } from '../../rule.ts';
import { soapCallOf } from './soap-call.ts';

const HTTP_500 = 'soap.fault.http-500';
const NUMERIC = 'soap.fault.numeric-code';
const UNLISTED = 'soap.fault.unlisted-codes';

const REQUEST_REFUSED = /^(?:[^:]+:)?(?:Client|VersionMismatch|MustUnderstand)(?:\.|$)/;

export const soapFaultRule: RuleFactory = () => ({
  requirements: [HTTP_500, NUMERIC, UNLISTED],
  observe(view, verdicts) {
    if (!view.isSoapCall || view.exchange.status === undefined) return;
    const answer = view.soapAnswer();
    if ('problem' in answer || answer.value.fault === undefined) return;
    const { code, text } = answer.value.fault;
    const exchanges = [view.exchange];
    const status = view.exchange.status;
    if (status === 500) verdicts.pass(HTTP_500, exchanges);
    else
      verdicts.fail(HTTP_500, {
        message: `fault ${code} came with HTTP ${status}: a SOAP fault is sent with HTTP 500`,
        expected: 'HTTP 500',
        actual: `HTTP ${status}`,
        exchanges,
      });
    const call = soapCallOf(view);
    // PHP refuses a DTD with SOAP-ENV:Server: the request, not an operation, was refused.
    if (!call || REQUEST_REFUSED.test(code) || /<!DOCTYPE/i.test(view.exchange.requestBody)) return;
    const op = call.operation.name;
    if (!/^\d+$/.test(code)) {
      verdicts.fail(NUMERIC, {
        message: `${op} answered fault '${code}' ('${text.slice(0, 120)}'): the faultcode of a §7.1 error is its bare number`,
        expected: 'a numeric faultcode (§7.1)',
        actual: `faultcode '${code}'`,
        exchanges,
      });
      return;
    }
    verdicts.pass(NUMERIC, exchanges);
    if (!(call.operation.faults ?? []).includes(Number(code)))
      verdicts.observe(UNLISTED, {
        message: `${op} answered fault ${code} ('${text.slice(0, 120)}'), a code §7.1 does not list for ${op}`,
        actual: `fault ${code}`,
        exchanges,
      });
  },
});
