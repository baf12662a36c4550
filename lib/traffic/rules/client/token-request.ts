/** §4.3 and §5.2.3: POST /api/tokens sends a JSON object with username and password strings. */
import type { RuleFactory } from '../../rule.ts';
import { requestName } from './request-facts.ts';

const REQUIREMENT = 'client.rest.token-request';
const KIND = 'token request';

export const tokenRequestRule: RuleFactory = () => ({
  requirements: [REQUIREMENT],
  observe(view, verdicts) {
    if (view.method !== 'POST' || view.rest?.shape !== '/tokens' || view.exchange.truncated) return;
    const problem = bodyProblem(view.requestJson());
    if (problem === undefined) {
      verdicts.pass(REQUIREMENT, [view.exchange], KIND);
      return;
    }
    verdicts.deviation(REQUIREMENT, KIND, {
      message: `${requestName(view)} asks for a token with ${problem}`,
      expected: 'a JSON object {"username": string, "password": string}',
      actual: problem,
      exchanges: [view.exchange],
    });
  },
});

function bodyProblem(body: { value: unknown } | { problem: string }): string | undefined {
  if ('problem' in body) return `a body that is ${body.problem}`;
  const value = body.value;
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    return `the JSON ${value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value}, not an object`;
  const fields = value as Record<string, unknown>;
  const wrong = ['username', 'password'].filter((key) => typeof fields[key] !== 'string');
  return wrong.length === 0
    ? undefined
    : `${wrong.map((key) => (key in fields ? `${key} not a string` : `no ${key}`)).join(' and ')}`;
}
