/**
 * §4.5.3–4: an XML request document has the root element request; its children mirror the JSON
 * keys (tracker with its id, values), and every element of an array is an item: values holds one
 * item per entry, each with field_id and value or bind_value_ids, and bind_value_ids one item per
 * integer. Judged on every REST request sent as application/xml; the artifact bodies (POST
 * /artifacts, PUT /artifacts/<id>) for their members too.
 */
import { child, parseXml, type XmlNode } from '../../../kit/xml/tree.ts';
import type { RuleFactory } from '../../rule.ts';
import type { ExchangeView } from '../../view.ts';
import { mediaTypeOf, requestName, routeKey } from './request-facts.ts';

const REQUIREMENT = 'client.rest.xml-request';

export const xmlRequestRule: RuleFactory = () => ({
  requirements: [REQUIREMENT],
  observe(view, verdicts) {
    const route = routeKey(view);
    if (route === undefined || view.exchange.truncated) return;
    if (mediaTypeOf(view.requestHeader('content-type')) !== 'application/xml') return;
    const problems = documentProblems(view);
    if (problems.length === 0) {
      verdicts.pass(REQUIREMENT, [view.exchange], route);
      return;
    }
    verdicts.deviation(REQUIREMENT, route, {
      message: `${requestName(view)} sends an XML document that is not a §4.5 request: ${problems.join('; ')}`,
      expected:
        '<request> whose children mirror the JSON keys, every array entry an <item> (values/item with field_id and value or bind_value_ids/item)',
      actual: problems.join('; '),
      exchanges: [view.exchange],
    });
  },
});

function documentProblems(view: ExchangeView): string[] {
  let root: XmlNode;
  try {
    root = parseXml(view.exchange.requestBody);
  } catch (error) {
    return [`the body is not XML: ${(error as Error).message}`];
  }
  const problems: string[] = [];
  if (root.name !== 'request') problems.push(`the root element is <${root.name}>, not <request>`);
  const shape = view.rest?.shape;
  const artifactBody =
    (view.method === 'POST' && shape === '/artifacts') ||
    (view.method === 'PUT' && shape === '/artifacts/<id>');
  if (!artifactBody) return problems;
  if (view.method === 'POST') {
    const tracker = child(root, 'tracker');
    if (tracker === undefined || child(tracker, 'id') === undefined)
      problems.push('no <tracker> with its <id>');
  }
  const values = child(root, 'values');
  if (values !== undefined) problems.push(...valuesProblems(values));
  return problems;
}

function valuesProblems(values: XmlNode): string[] {
  const problems: string[] = [];
  values.children.forEach((entry, i) => {
    const where = `values/${entry.name}[${i + 1}]`;
    if (entry.name !== 'item') problems.push(`${where} is not an <item>`);
    if (child(entry, 'field_id') === undefined) problems.push(`${where} has no <field_id>`);
    const bound = child(entry, 'bind_value_ids');
    if (child(entry, 'value') === undefined && bound === undefined)
      problems.push(`${where} has neither <value> nor <bind_value_ids>`);
    for (const id of bound?.children ?? [])
      if (id.name !== 'item') problems.push(`${where}/bind_value_ids/${id.name} is not an <item>`);
  });
  return problems;
}
