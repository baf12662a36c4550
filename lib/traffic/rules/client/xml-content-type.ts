/**
 * §4.5.1: to send XML, the client sets Content-type to application/xml. Judged on every REST
 * request whose body is an XML document (it begins with '<'): sent as anything else (text/xml,
 * application/json, none), the server is not told it is XML.
 */
import type { RuleFactory } from '../../rule.ts';
import { mediaTypeOf, requestName, routeKey } from './request-facts.ts';

const REQUIREMENT = 'client.rest.xml-content-type';
const XML_MEDIA_TYPE = 'application/xml';

export const xmlContentTypeRule: RuleFactory = () => ({
  requirements: [REQUIREMENT],
  observe(view, verdicts) {
    const route = routeKey(view);
    if (route === undefined || !isXmlBody(view.exchange.requestBody)) return;
    const contentType = view.requestHeader('content-type');
    if (mediaTypeOf(contentType) === XML_MEDIA_TYPE) {
      verdicts.pass(REQUIREMENT, [view.exchange], route);
      return;
    }
    verdicts.deviation(REQUIREMENT, route, {
      message: `${requestName(view)} sends an XML document as ${contentType === undefined ? 'no Content-type' : `Content-type ${contentType}`}`,
      expected: `Content-type: ${XML_MEDIA_TYPE}`,
      actual: contentType === undefined ? 'no Content-type' : `Content-type: ${contentType}`,
      exchanges: [view.exchange],
    });
  },
});

/** A body that is an XML document: its first character, past a BOM and white space, is '<'. */
export function isXmlBody(body: string): boolean {
  return /^\uFEFF?\s*</.test(body);
}
