/**
 * Whatever a client sends, the client rules judge it or leave it, never throw: broken envelopes,
 * JSON and XML, headers in any case and with any value, redacted secrets, no answer at all. A
 * rule that threw would be a harness error of the whole run (judge.ts), not a verdict on the
 * client.
 */
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { REDACTED } from '../../../kit/clients/redact.ts';
import type { TrafficExchange } from '../../exchange.ts';
import { TrafficJudge } from '../../judge.ts';
import { CLIENT_RULES } from './index.ts';

const PATHS = [
  '/soap/project/',
  '/soap/project/?wsdl',
  '/api/tokens',
  '/api/projects?limit=5&offset=10',
  '/api/trackers/9/artifacts?limit=2&offset=0',
  '/api/trackers/9/artifacts?limit=2&offset=2',
  '/api/trackers/9/artifacts?limit=abc&offset=-1',
  '/api/trackers/9/artifacts?query=%7B%22a%22%3A5%7D&limit=5.0',
  '/api/tokens/c0ffee',
  '/artifacts',
  '/artifacts/7',
  '/api/artifacts/7',
];
const HEADER_NAMES = [
  'SOAPAction',
  'Content-Type',
  'X-Auth-Token',
  'x-auth-userid',
  'If-Match',
  'If-Unmodified-Since',
  'If-None-Match',
  'ETag',
  'Last-Modified',
  'X-PAGINATION-LIMIT-MAX',
  'X-PAGINATION-LIMIT',
  'X-PAGINATION-OFFSET',
  'Location',
];
const BODIES = fc.oneof(
  fc.string(),
  fc.constantFrom(
    '',
    '<',
    '<request><values><item/></values></request>',
    '<?xml version="1.0"?><S:Envelope xmlns:S="http://schemas.xmlsoap.org/soap/envelope/"><S:Body><ns:getProjectServicesUsage xmlns:ns="urn:x"><session_key>k</session_key></ns:getProjectServicesUsage></S:Body></S:Envelope>',
    '<?xml version="1.0"?><S:Envelope xmlns:S="http://schemas.xmlsoap.org/soap/envelope/"><S:Body/></S:Envelope>',
    '<definitions xmlns="http://schemas.xmlsoap.org/wsdl/" targetNamespace="ftp://x">',
    '{"token":"«redacted»","user_id":null}',
    '{"id":"7"}',
    '{"status":{"operator":"contains","value":5}}',
    '{"tracker":9,"values":{"1":"x"}}',
    '{"tracker":{"id":9},"values":[{"field_id":1,"bind_value_ids":["5"]},null]}',
    '[1,2]',
    'null',
    REDACTED,
  ),
);
const HEADERS = fc.dictionary(
  fc.constantFrom(...HEADER_NAMES),
  fc.oneof(
    fc.string(),
    fc.constantFrom('50', '"v1"', '*', REDACTED, 'text/xml', 'application/xml'),
  ),
);

const EXCHANGE = fc.record({
  method: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'get'),
  path: fc.constantFrom(...PATHS),
  requestHeaders: HEADERS,
  requestBody: BODIES,
  status: fc.option(fc.constantFrom(200, 201, 400, 412, 500), { nil: undefined }),
  responseHeaders: HEADERS,
  responseBody: BODIES,
  truncated: fc.boolean(),
});

test('no client rule throws, whatever the traffic', () => {
  fc.assert(
    fc.property(fc.array(EXCHANGE, { maxLength: 12 }), (drawn) => {
      const judge = new TrafficJudge(CLIENT_RULES, () => true);
      drawn.forEach((d, i) => {
        const exchange: TrafficExchange = {
          seq: i + 1,
          startedMs: i,
          endedMs: i + 1,
          method: d.method,
          url: `http://127.0.0.1:8080${d.path}`,
          requestHeaders: d.requestHeaders,
          requestBody: d.requestBody,
          ...(d.status === undefined
            ? { error: 'no answer' }
            : {
                status: d.status,
                responseHeaders: d.responseHeaders,
                responseBody: d.responseBody,
              }),
          ...(d.truncated ? { truncated: true } : {}),
          durationMs: 1,
        };
        judge.observe(exchange);
      });
      expect([...judge.outcome().ruleErrors.keys()]).toEqual([]);
    }),
    { seed: 27, numRuns: 300 },
  );
});
