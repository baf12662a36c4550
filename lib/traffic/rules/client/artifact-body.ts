/**
 * The JSON bodies of the artifact routes. §2.2: the creation body (POST /artifacts) has tracker,
 * an object with an integer id, and values, an array of objects each with an integer field_id and
 * value or bind_value_ids (an array of integers). §4.5.3–4 fix the update body (PUT
 * /artifacts/<id>) in XML as a document that mirrors the JSON keys, values one item per entry with
 * field_id and value or bind_value_ids: its JSON form is that object, values (when sent) that
 * array. Judged on every such request whose body is not XML (xml-request.ts judges those), whatever
 * the server answered. An update without values (a comment only) keeps the shape.
 */
import type { RuleFactory } from '../../rule.ts';
import type { ExchangeView } from '../../view.ts';
import { isObject, jsonKind, valuesProblems } from './json-shape.ts';
import { mediaTypeOf, requestName } from './request-facts.ts';
import { isXmlBody } from './xml-content-type.ts';

const CREATION = 'client.rest.creation-body';
const UPDATE = 'client.rest.update-body';

export const artifactBodyRule: RuleFactory = () => ({
  requirements: [CREATION, UPDATE],
  observe(view, verdicts) {
    const requirement = requirementOf(view);
    if (requirement === undefined) return;
    const creation = requirement === CREATION;
    const problems = bodyProblems(view.exchange.requestBody, creation);
    const kind = creation ? 'POST /artifacts' : 'PUT /artifacts/<id>';
    if (problems.length === 0) {
      verdicts.pass(requirement, [view.exchange], kind);
      return;
    }
    verdicts.deviation(requirement, kind, {
      message: `${requestName(view)} sends an artifact ${creation ? 'creation' : 'update'} body that is not ${creation ? 'the §2.2 one' : 'the one §4.5.3 mirrors'}: ${problems.join('; ')}`,
      expected: creation
        ? '{"tracker": {"id": integer}, "values": [{"field_id": integer, "value": … | "bind_value_ids": [integer, …]}, …]}'
        : '{"values": [{"field_id": integer, "value": … | "bind_value_ids": [integer, …]}, …]}',
      actual: problems.join('; '),
      exchanges: [view.exchange],
    });
  },
});

function requirementOf(view: ExchangeView): string | undefined {
  const shape = view.rest?.shape;
  const requirement =
    view.method === 'POST' && shape === '/artifacts'
      ? CREATION
      : view.method === 'PUT' && shape === '/artifacts/<id>'
        ? UPDATE
        : undefined;
  if (requirement === undefined || view.exchange.truncated) return undefined;
  const body = view.exchange.requestBody;
  if (mediaTypeOf(view.requestHeader('content-type')) === 'application/xml' || isXmlBody(body))
    return undefined;
  // An update with no body sends nothing to judge; a creation with none lacks its tracker.
  return body.trim() === '' && requirement === UPDATE ? undefined : requirement;
}

function bodyProblems(text: string, creation: boolean): string[] {
  if (text.trim() === '') return ['no body'];
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    return [`not JSON: ${(error as Error).message}`];
  }
  if (!isObject(body)) return [`${jsonKind(body)}, not an object`];
  const problems: string[] = [];
  if (creation) {
    const tracker = body['tracker'];
    if (!isObject(tracker))
      problems.push(
        tracker === undefined ? 'no tracker' : `tracker is ${jsonKind(tracker)}, not {"id": …}`,
      );
    else if (!Number.isInteger(tracker['id']))
      problems.push(
        'id' in tracker
          ? `tracker.id is ${jsonKind(tracker['id'])}, not an integer`
          : 'tracker has no id',
      );
  }
  if (body['values'] !== undefined) problems.push(...valuesProblems(body['values']));
  return problems;
}
