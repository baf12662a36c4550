/**
 * §2.2: the artifact query is a JSON object whose keys are field shortnames and whose criteria are
 * objects with operator (a string) and value (a string: the id of a bound value, sent as a
 * string). Judged on POST /trackers/<id>/artifacts (its body) and on GET
 * /trackers/<id>/artifacts?query= (the real system's form of the same query), whatever the server
 * answered: a server that reads a number as its digits still got a value §2.2 does not give. A
 * criterion written as a bare string (the real system's short form of 'contains') gives its value
 * as a string. A POST without a body, or a GET without query, asks for no criterion: not judged.
 */
import type { RuleFactory } from '../../rule.ts';
import type { ExchangeView } from '../../view.ts';
import { isObject, jsonKind } from './json-shape.ts';
import { requestName } from './request-facts.ts';

const REQUIREMENT = 'client.rest.query-body';
const KIND = 'artifact query';

export const queryBodyRule: RuleFactory = () => ({
  requirements: [REQUIREMENT],
  observe(view, verdicts) {
    const sent = queryOf(view);
    if (sent === undefined) return;
    const problems = queryProblems(sent.text);
    if (problems.length === 0) {
      verdicts.pass(REQUIREMENT, [view.exchange], KIND);
      return;
    }
    verdicts.deviation(REQUIREMENT, KIND, {
      message: `${requestName(view)} sends an artifact query ${sent.where} that is not the §2.2 query: ${problems.join('; ')}`,
      expected:
        'a JSON object {"<field>": {"operator": string, "value": string}, …} (value: a bound value id as a string)',
      actual: problems.join('; '),
      exchanges: [view.exchange],
    });
  },
});

function queryOf(view: ExchangeView): { text: string; where: string } | undefined {
  if (view.rest?.shape !== '/trackers/<id>/artifacts' || view.exchange.truncated) return undefined;
  const text =
    view.method === 'POST'
      ? view.exchange.requestBody
      : view.method === 'GET'
        ? view.url.searchParams.get('query')
        : null;
  if (text === null || text.trim() === '') return undefined;
  return { text, where: view.method === 'POST' ? 'body' : 'parameter' };
}

function queryProblems(text: string): string[] {
  let query: unknown;
  try {
    query = JSON.parse(text);
  } catch (error) {
    return [`not JSON: ${(error as Error).message}`];
  }
  if (!isObject(query)) return [`${jsonKind(query)}, not an object`];
  const problems: string[] = [];
  for (const [field, criterion] of Object.entries(query)) {
    if (typeof criterion === 'string') continue;
    if (!isObject(criterion)) {
      problems.push(`${field} is ${jsonKind(criterion)}, not {operator, value}`);
      continue;
    }
    for (const key of ['operator', 'value'])
      if (typeof criterion[key] !== 'string')
        problems.push(
          key in criterion
            ? `${field}.${key} is ${jsonKind(criterion[key])}, not a string`
            : `${field} has no ${key}`,
        );
  }
  return problems;
}
