/**
 * The answer to POST /api/tokens (§4.3, §2.2), judged as the suites judge it when it gives a
 * token: status 200 with a JSON body (rest.tokens.create); user_id, token and uri all strings,
 * the token not empty (rest.tokens.fields); uri of the form /api/tokens/<token>, compared as a URI
 * reference (rest.tokens.uri-form). A recording that redacted the token redacted it in the uri
 * alike, so the form is still judged.
 */
import { sameUrl } from '../../../kit/url-equivalence.ts';
import type { RuleFactory } from '../../rule.ts';

const CREATE = 'rest.tokens.create';
const FIELDS = 'rest.tokens.fields';
const URI_FORM = 'rest.tokens.uri-form';

export const tokenAnswerRule: RuleFactory = () => ({
  requirements: [CREATE, FIELDS, URI_FORM],
  observe(view, verdicts) {
    const status = view.exchange.status;
    if (view.method !== 'POST' || view.rest?.shape !== '/tokens' || !view.rest.api) return;
    if (status === undefined || status < 200 || status >= 300 || view.exchange.truncated) return;
    const exchanges = [view.exchange];
    const json = view.responseJson();
    const body =
      'value' in json && json.value !== null && typeof json.value === 'object'
        ? (json.value as Record<string, unknown>)
        : undefined;
    if (status === 200 && body) verdicts.pass(CREATE, exchanges);
    else
      verdicts.fail(CREATE, {
        message: `POST ${view.url.pathname} gave a token with HTTP ${status}${body ? '' : ' and a body that is not a JSON object'}: §4.3 answers 200 with the token response`,
        expected: 'HTTP 200 with a JSON object',
        actual: `HTTP ${status}`,
        exchanges,
      });
    if (!body) return;
    const wrong = (['user_id', 'token', 'uri'] as const)
      .filter((key) => typeof body[key] !== 'string')
      .map(
        (key) =>
          `${key} ${body[key] === undefined ? 'missing' : `is ${JSON.stringify(body[key])}`}`,
      );
    if (body['token'] === '') wrong.push('token is empty');
    if (wrong.length === 0) verdicts.pass(FIELDS, exchanges);
    else
      verdicts.fail(FIELDS, {
        message: `the token response of POST ${view.url.pathname}: ${wrong.join(', ')}`,
        expected: 'user_id, token and uri, all strings (§2.2)',
        actual: wrong.join(', '),
        exchanges,
      });
    const { token, uri } = body;
    if (typeof token !== 'string' || typeof uri !== 'string' || token === '') return;
    const route = `/api/tokens/${token}`;
    if (sameUrl(uri, route)) verdicts.pass(URI_FORM, exchanges);
    else
      verdicts.fail(URI_FORM, {
        message: `the token response's uri is '${uri}': §2.2 gives the form /api/tokens/<token>`,
        expected: route,
        actual: uri,
        exchanges,
      });
  },
});
