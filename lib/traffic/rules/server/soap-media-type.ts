/**
 * §4.1 "SOAP over HTTP" (SOAP 1.1 §6): every answer of the SOAP endpoint, a fault included, is
 * text/xml (soap.wire.media-type), judged by the suites' own reading of the media type. Only
 * answers that are SOAP messages are judged: 200 and 500; a 413 or a 429 of the HTTP layer is not.
 */
import { soapMediaTypeProblem } from '../../../kit/soap/media-type.ts';
import type { RuleFactory } from '../../rule.ts';
import { soapCallOf } from './soap-call.ts';

const REQUIREMENT = 'soap.wire.media-type';

export const soapMediaTypeRule: RuleFactory = () => ({
  requirements: [REQUIREMENT],
  observe(view, verdicts) {
    const call = soapCallOf(view);
    const status = view.exchange.status;
    if (!call || (status !== 200 && status !== 500)) return;
    const contentType = view.responseHeader('content-type');
    const problem = soapMediaTypeProblem(contentType);
    if (problem === undefined) verdicts.pass(REQUIREMENT, [view.exchange]);
    else
      verdicts.fail(REQUIREMENT, {
        message: `${call.operation.name} answered HTTP ${status} with ${problem}: SOAP 1.1 over HTTP sends text/xml`,
        expected: 'Content-Type text/xml (a charset parameter allowed)',
        actual: contentType === undefined ? 'no Content-Type' : `Content-Type ${contentType}`,
        exchanges: [view.exchange],
      });
  },
});
