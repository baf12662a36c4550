/**
 * §4.5.1 on the artifact routes of §4.5.2: Accept chooses the answer's format, Content-type the
 * request's. A 2xx answer with a body, to a request asking for XML, is application/xml and
 * well-formed (rest.xml.get, rest.xml.post-answer, rest.xml.put-answer); to a write sent as XML
 * asking for JSON, it is JSON (rest.xml.answer-follows-accept). An answer with no body (the real
 * system's PUT) has no format to judge; what the document holds ('not shown') is not judged here.
 */
import { XML_TYPE } from '../../../kit/rest/requests.ts';
import { parseXml } from '../../../kit/xml/tree.ts';
import type { RuleFactory } from '../../rule.ts';
import type { ExchangeView } from '../../view.ts';
import { requestLine } from './page-answer.ts';

const FOLLOWS_ACCEPT = 'rest.xml.answer-follows-accept';

/** The media types a header names, lower case, without parameters. */
function mediaTypes(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((t) => t.split(';')[0]!.trim().toLowerCase())
    .filter((t) => t !== '');
}

/** The requirement of the XML answer of an artifact route, or undefined for other routes. */
function xmlRequirement(view: ExchangeView): string | undefined {
  const shape = view.rest?.shape;
  if (view.method === 'GET' && shape === '/artifacts/<id>') return 'rest.xml.get';
  if (view.method === 'POST' && shape === '/artifacts') return 'rest.xml.post-answer';
  if (view.method === 'PUT' && shape === '/artifacts/<id>') return 'rest.xml.put-answer';
  return undefined;
}

export const xmlAnswersRule: RuleFactory = () => ({
  requirements: ['rest.xml.get', 'rest.xml.post-answer', 'rest.xml.put-answer', FOLLOWS_ACCEPT],
  observe(view, verdicts) {
    const requirement = xmlRequirement(view);
    const status = view.exchange.status;
    const body = view.exchange.responseBody ?? '';
    if (!requirement || status === undefined || status < 200 || status >= 300) return;
    if (body.trim() === '' || view.exchange.truncated) return;
    const accepts = mediaTypes(view.requestHeader('accept'));
    const answered = mediaTypes(view.responseHeader('content-type'))[0] ?? '';
    const exchanges = [view.exchange];
    const line = `${requestLine(view)} (Accept: ${view.requestHeader('accept')})`;
    if (accepts.length === 1 && accepts[0] === XML_TYPE) {
      let problem: string | undefined;
      if (answered !== XML_TYPE)
        problem = `Content-Type ${view.responseHeader('content-type') ?? 'none'}`;
      else
        try {
          parseXml(body);
        } catch (error) {
          problem = `a body that is ${(error as Error).message}`;
        }
      if (problem === undefined) verdicts.pass(requirement, exchanges);
      else
        verdicts.fail(requirement, {
          message: `${line} answered ${status} with ${problem}: the answer asked in XML is application/xml, well-formed`,
          expected: `Content-Type ${XML_TYPE}, a well-formed document`,
          actual: problem,
          exchanges,
        });
      return;
    }
    const sentXml = mediaTypes(view.requestHeader('content-type'))[0] === XML_TYPE;
    if (
      !sentXml ||
      view.method === 'GET' ||
      accepts.length !== 1 ||
      accepts[0] !== 'application/json'
    )
      return;
    let json = !answered.endsWith('xml');
    if (json) json = 'value' in view.responseJson();
    if (json) verdicts.pass(FOLLOWS_ACCEPT, exchanges);
    else
      verdicts.fail(FOLLOWS_ACCEPT, {
        message: `${requestLine(view)} sent as XML with Accept: application/json answered ${status} with Content-Type ${view.responseHeader('content-type') ?? 'none'}: Content-type sets the format of the request only`,
        expected: 'a JSON answer',
        actual: `Content-Type ${view.responseHeader('content-type') ?? 'none'}`,
        exchanges,
      });
  },
});
