/**
 * The client rules on hand-written traffic: each keeps a correct client's every spec-allowed
 * choice (quoted or bare SOAPAction, a URL spelt otherwise, untyped parts, an HTTP-date in
 * another form) and catches the wrong request, as the client's deviation with the exchanges
 * that show it; a refused deviation of a kind also sent right is a probe.
 */
import { describe, expect, test } from 'vitest';
import { buildRequest, type Part } from '../../../kit/soap/envelope.ts';
import { REDACTED } from '../../../kit/clients/redact.ts';
import type { TrafficExchange } from '../../exchange.ts';
import { TrafficJudge, type RequirementFindings } from '../../judge.ts';
import type { RuleFactory } from '../../rule.ts';
import { CLIENT_RULES } from './index.ts';
import { targetNamespaceOf } from './soap-bases.ts';

const HOST = 'http://127.0.0.1:8080';
const NS = `${HOST}/soap/project`;
let seq = 0;

function exchange(
  method: string,
  path: string,
  request: { headers?: Record<string, string>; body?: string } = {},
  answer: { status?: number; headers?: Record<string, string>; body?: string } = {},
): TrafficExchange {
  seq += 1;
  return {
    seq,
    startedMs: seq * 10,
    endedMs: seq * 10 + 5,
    method,
    url: path.startsWith('http') ? path : `${HOST}${path}`,
    requestHeaders: request.headers ?? {},
    requestBody: request.body ?? '',
    status: answer.status ?? 200,
    responseHeaders: answer.headers ?? {},
    responseBody: answer.body ?? '',
    durationMs: 5,
  };
}

function judge(traffic: readonly TrafficExchange[], rules: readonly RuleFactory[] = CLIENT_RULES) {
  const judgeOf = new TrafficJudge(rules, () => true);
  for (const e of traffic) judgeOf.observe(e);
  return judgeOf.outcome();
}

function findings(traffic: readonly TrafficExchange[], id: string): RequirementFindings {
  return (
    judge(traffic).findings.get(id) ?? {
      passes: 0,
      failures: { count: 0, kept: [] },
      observations: { count: 0, kept: [] },
      probes: { count: 0, kept: [] },
    }
  );
}

const counts = (f: RequirementFindings) => ({
  passes: f.passes,
  failures: f.failures.count,
  probes: f.probes.count,
});

const SESSION = 'c0ffee00c0ffee00c0ffee00c0ffee00';
const usage = (parts?: Part[]): Part[] =>
  parts ?? [
    { name: 'session_key', type: 'xsd:string', value: SESSION },
    { name: 'group_id', type: 'xsd:int', value: 101 },
  ];

function soapCall(
  options: {
    operation?: string;
    parts?: Part[];
    action?: string | null;
    namespace?: string;
    contentType?: string;
    untyped?: boolean;
    status?: number;
    url?: string;
  } = {},
): TrafficExchange {
  const operation = options.operation ?? 'getProjectServicesUsage';
  const namespace = options.namespace ?? NS;
  const action = options.action === undefined ? `"${namespace}#${operation}"` : options.action;
  return exchange(
    'POST',
    options.url ?? '/soap/project/',
    {
      headers: {
        'content-type': options.contentType ?? 'text/xml; charset=utf-8',
        ...(action === null ? {} : { soapaction: action }),
      },
      body: buildRequest(
        namespace,
        operation,
        usage(options.parts),
        options.untyped ? { untyped: true } : {},
      ),
    },
    { status: options.status ?? 200 },
  );
}

const wsdlOf = (namespace: string, prefix = 'wsdl') =>
  exchange(
    'GET',
    '/soap/project/?wsdl',
    {},
    {
      body:
        `<?xml version="1.0"?>\n<${prefix}:definitions xmlns:${prefix}="http://schemas.xmlsoap.org/wsdl/" ` +
        `xmlns:tns="${namespace}" targetNamespace="${namespace}"></${prefix}:definitions>`,
    },
  );

describe('client.soap.soap-action', () => {
  const id = 'client.soap.soap-action';

  test('the action of the called operation passes, quoted or bare, however the URL is spelt', () => {
    const traffic = [
      soapCall(),
      soapCall({ action: `${NS}#getProjectServicesUsage` }),
      soapCall({ action: `"HTTP://127.0.0.1:8080/soap/project#getProjectServicesUsage"` }),
    ];
    expect(counts(findings(traffic, id))).toEqual({ passes: 3, failures: 0, probes: 0 });
  });

  test('an action of another service, of no operation, or none at all is the client failing', () => {
    for (const action of [
      '"urn:ProjectAPI#getProjectServicesUsage"',
      '"getProjectServicesUsage"',
      '""',
      null,
    ]) {
      const f = findings([soapCall({ action })], id);
      expect(counts(f), String(action)).toEqual({ passes: 0, failures: 1, probes: 0 });
      expect(f.failures.kept[0]!.expected).toContain(`${NS}#getProjectServicesUsage`);
    }
  });

  test('the base the WSDL names rules over the URL the call went to (a server knowing itself by another name)', () => {
    const other = 'https://tuleap.example/soap/project';
    const right = soapCall({ namespace: other });
    const wrong = soapCall({ namespace: other, action: `"${NS}#getProjectServicesUsage"` });
    expect(counts(findings([wsdlOf(other), right], id))).toMatchObject({ passes: 1, failures: 0 });
    expect(counts(findings([wsdlOf(other), wrong], id))).toMatchObject({ failures: 1 });
  });

  test('a refused wrong action of an operation also called right is a probe', () => {
    const traffic = [soapCall(), soapCall({ action: '"nothing"', status: 500 })];
    expect(counts(findings(traffic, id))).toEqual({ passes: 1, failures: 0, probes: 1 });
  });
});

describe('client.soap.envelope', () => {
  const id = 'client.soap.envelope';

  test('a SOAP 1.1 call as text/xml of a §4.2 operation in {base_url}/soap/project passes', () => {
    expect(counts(findings([soapCall(), soapCall({ contentType: 'Text/XML' })], id))).toEqual({
      passes: 2,
      failures: 0,
      probes: 0,
    });
  });

  test('another media type, an unknown operation, a broken body or a foreign namespace fails', () => {
    const broken = exchange('POST', '/soap/project/', {
      headers: { 'content-type': 'text/xml' },
      body: '<Envelope',
    });
    for (const call of [
      soapCall({ contentType: 'application/soap+xml' }),
      soapCall({ operation: 'getProjectServices' }),
      soapCall({ namespace: 'urn:ProjectAPI' }),
      broken,
    ])
      expect(counts(findings([call], id)), call.requestBody.slice(-120)).toMatchObject({
        failures: 1,
      });
  });

  test('with the WSDL in the traffic, the namespace must be the one it declares', () => {
    const other = 'https://tuleap.example/soap/project';
    expect(counts(findings([wsdlOf(other), soapCall()], id))).toMatchObject({ failures: 1 });
    expect(counts(findings([wsdlOf(other), soapCall({ namespace: other })], id))).toMatchObject({
      passes: 1,
      failures: 0,
    });
  });
});

describe('the rpc parts: client.soap.parts, client.soap.session-first, client.soap.xsi-types', () => {
  test('the §4.2 parts in order pass, typed or untyped (as zeep and node-soap send them)', () => {
    const outcome = judge([soapCall(), soapCall({ untyped: true })]);
    for (const id of ['client.soap.parts', 'client.soap.session-first', 'client.soap.xsi-types'])
      expect(counts(outcome.findings.get(id)!), id).toEqual({ passes: 2, failures: 0, probes: 0 });
  });

  test('a misnamed, missing, extra or reordered part fails client.soap.parts', () => {
    const key: Part = { name: 'session_key', type: 'xsd:string', value: SESSION };
    const group: Part = { name: 'group_id', type: 'xsd:int', value: 101 };
    for (const parts of [
      [key, { ...group, name: 'groupId' }],
      [key],
      [key, group, { name: 'extra', type: 'xsd:int', value: 1 } as Part],
      [group, key],
    ]) {
      const f = findings([soapCall({ parts })], 'client.soap.parts');
      expect(counts(f), parts.map((p) => p.name).join()).toMatchObject({ failures: 1 });
      expect(f.failures.kept[0]!.expected).toBe('the parts (session_key, group_id), in that order');
    }
  });

  test('a call whose first part is not the session key fails client.soap.session-first', () => {
    const parts: Part[] = [
      { name: 'group_id', type: 'xsd:int', value: 101 },
      { name: 'session_key', type: 'xsd:string', value: SESSION },
    ];
    expect(counts(findings([soapCall({ parts })], 'client.soap.session-first'))).toMatchObject({
      failures: 1,
    });
  });

  test('a wrong xsi:type or a non-integer int fails client.soap.xsi-types; SOAP-ENC types pass', () => {
    const key: Part = { name: 'session_key', type: 'xsd:string', value: SESSION };
    const id = 'client.soap.xsi-types';
    const typed = (group: Part) => findings([soapCall({ parts: [key, group] })], id);
    expect(counts(typed({ name: 'group_id', type: 'xsd:string', value: 101 }))).toMatchObject({
      failures: 1,
    });
    expect(counts(typed({ name: 'group_id', type: 'xsd:int', value: 'abc' }))).toMatchObject({
      failures: 1,
    });
    const encTyped = soapCall();
    encTyped.requestBody = encTyped.requestBody.replace(
      'xsi:type="xsd:int"',
      'xsi:type="SOAP-ENC:int"',
    );
    expect(counts(findings([encTyped], id))).toMatchObject({ passes: 1, failures: 0 });
  });

  test('a session key hidden by the recording is still a string part', () => {
    const parts: Part[] = [
      { name: 'session_key', type: 'xsd:string', value: REDACTED },
      { name: 'group_id', type: 'xsd:int', value: 101 },
    ];
    const outcome = judge([soapCall({ parts })]);
    expect([...outcome.findings.values()].every((f) => f.failures.count === 0)).toBe(true);
  });
});

describe('tokens: client.rest.token-request, token-headers-together, token-user-id', () => {
  const issue = (token = 'a1b2c3d4e5f6', userId: unknown = 102) =>
    exchange(
      'POST',
      '/api/tokens',
      {
        headers: { 'content-type': 'application/json' },
        body: '{"username":"alice","password":"pw"}',
      },
      { body: JSON.stringify({ user_id: userId, token, uri: `/api/tokens/${token}` }) },
    );
  const use = (headers: Record<string, string>, status = 200) =>
    exchange('GET', '/api/projects', { headers }, { status });

  test('a JSON object with username and password strings passes; anything else fails', () => {
    expect(counts(findings([issue()], 'client.rest.token-request'))).toMatchObject({ passes: 1 });
    for (const body of [
      'username=alice&password=pw',
      '{"username":"alice"}',
      '["alice","pw"]',
      '{"username":"alice","password":7}',
    ])
      expect(
        counts(findings([exchange('POST', '/api/tokens', { body })], 'client.rest.token-request')),
        body,
      ).toMatchObject({ failures: 1 });
  });

  test('the two token headers together pass; one alone fails', () => {
    const id = 'client.rest.token-headers-together';
    expect(
      counts(findings([use({ 'x-auth-token': 't', 'x-auth-userid': '1' })], id)),
    ).toMatchObject({ passes: 1 });
    expect(counts(findings([use({ 'x-auth-token': 't' })], id))).toMatchObject({ failures: 1 });
    expect(counts(findings([use({ 'x-auth-userid': '1' })], id))).toMatchObject({ failures: 1 });
  });

  test('X-Auth-UserId must be the user id the token came with, when the traffic shows both', () => {
    const id = 'client.rest.token-user-id';
    const token = 'a1b2c3d4e5f6';
    expect(
      counts(findings([issue(), use({ 'x-auth-token': token, 'x-auth-userid': '102' })], id)),
    ).toMatchObject({ passes: 1, failures: 0 });
    const wrong = findings([issue(), use({ 'x-auth-token': token, 'x-auth-userid': '104' })], id);
    expect(counts(wrong)).toMatchObject({ failures: 1 });
    expect(wrong.failures.kept[0]!.exchanges).toHaveLength(2);
    // Unknown: a token issued outside the traffic, or hidden by the recording.
    expect(
      counts(findings([use({ 'x-auth-token': 'other', 'x-auth-userid': '104' })], id)),
    ).toMatchObject({ passes: 0, failures: 0 });
    expect(
      counts(
        findings([issue(REDACTED), use({ 'x-auth-token': REDACTED, 'x-auth-userid': '104' })], id),
      ),
    ).toMatchObject({ passes: 0, failures: 0 });
  });
});

describe('preconditions: client.rest.precondition-header, client.rest.precondition-echo', () => {
  const LAST_MODIFIED = 'Thu, 26 Nov 2026 12:00:00 GMT';
  const read = (etag = '"v1"', lastModified = LAST_MODIFIED) =>
    exchange('GET', '/api/artifacts/7', {}, { headers: { etag, 'last-modified': lastModified } });
  const put = (
    headers: Record<string, string>,
    status = 200,
    answer: Record<string, string> = {},
  ) =>
    exchange(
      'PUT',
      '/artifacts/7',
      { headers, body: '{"values":[]}' },
      { status, headers: answer },
    );

  test('If-match or If-Unmodified-Since passes; another precondition alone fails; none is not judged', () => {
    const id = 'client.rest.precondition-header';
    expect(
      counts(
        findings([put({ 'if-match': '"v1"' }), put({ 'if-unmodified-since': LAST_MODIFIED })], id),
      ),
    ).toMatchObject({ passes: 2, failures: 0 });
    expect(counts(findings([put({ 'if-none-match': '"v1"' })], id))).toMatchObject({ failures: 1 });
    expect(counts(findings([put({ 'if-modified-since': LAST_MODIFIED })], id))).toMatchObject({
      failures: 1,
    });
    expect(counts(findings([put({})], id))).toMatchObject({ passes: 0, failures: 0 });
  });

  test('an Etag or Last-Modified the server gave passes, an older one too (its 412 is the server right)', () => {
    const id = 'client.rest.precondition-echo';
    const traffic = [
      read(),
      put({ 'if-match': '"v1"' }, 200, {
        etag: '"v2"',
        'last-modified': 'Thu, 26 Nov 2026 12:00:05 GMT',
      }),
      put({ 'if-match': '"v1"' }, 412),
      put({ 'if-unmodified-since': LAST_MODIFIED }, 412),
      // The same instant in ISO 8601 is the same value.
      put({ 'if-unmodified-since': '2026-11-26T12:00:05+00:00' }),
    ];
    expect(counts(findings(traffic, id))).toEqual({ passes: 4, failures: 0, probes: 0 });
  });

  test('a value the server never gave fails, unless refused while the client also echoed right (a probe)', () => {
    const id = 'client.rest.precondition-echo';
    const never = findings([read(), put({ 'if-match': '"made-up"' })], id);
    expect(counts(never)).toMatchObject({ failures: 1 });
    expect(never.failures.kept[0]!.exchanges.map((e) => e.method)).toEqual(['GET', 'PUT']);
    expect(counts(findings([read(), put({ 'if-match': '*' })], id))).toMatchObject({ failures: 1 });
    const probed = findings(
      [
        read(),
        put({ 'if-match': '"v1"' }, 200, { etag: '"v2"' }),
        put({ 'if-match': '"made-up"' }, 412),
      ],
      id,
    );
    expect(counts(probed)).toEqual({ passes: 1, failures: 0, probes: 1 });
  });

  test('an artifact whose versions the traffic never showed is not judged', () => {
    expect(
      counts(findings([put({ 'if-match': '"x"' })], 'client.rest.precondition-echo')),
    ).toMatchObject({ passes: 0, failures: 0 });
  });
});

describe('pagination: client.rest.limit-within-max, client.rest.paging-forward', () => {
  const page = (query: string, status = 200, headers: Record<string, string> = {}, user = '102') =>
    exchange(
      'POST',
      `/api/trackers/9/artifacts${query}`,
      { headers: { 'x-auth-token': 't', 'x-auth-userid': user }, body: '{}' },
      {
        status,
        headers: { 'x-pagination-limit-max': '50', 'x-pagination-size': '30', ...headers },
      },
    );

  test('a limit within the announced maximum passes; over it fails, unless a refused probe', () => {
    const id = 'client.rest.limit-within-max';
    expect(counts(findings([page(''), page('?limit=50')], id))).toEqual({
      passes: 1,
      failures: 0,
      probes: 0,
    });
    expect(counts(findings([page(''), page('?limit=60')], id))).toMatchObject({ failures: 1 });
    expect(
      counts(
        findings(
          [page(''), page('?limit=10'), page('?limit=51', 406, { 'x-pagination-limit-max': '' })],
          id,
        ),
      ),
    ).toEqual({ passes: 1, failures: 0, probes: 1 });
  });

  test('a right limit before any announcement, within the maximum its own answer announced, makes a refused over-max a probe', () => {
    const id = 'client.rest.limit-within-max';
    const first = page('?limit=10');
    const over = page('?limit=51', 406, { 'x-pagination-limit-max': '' });
    expect(counts(findings([first, over], id))).toEqual({ passes: 1, failures: 0, probes: 1 });
    // Only ever over the maximum: the client's failure, refused or not.
    expect(counts(findings([page(''), over], id))).toEqual({ passes: 0, failures: 1, probes: 0 });
    // A first limit over the maximum its own answer announced (served capped) is not judged.
    const capped = page('?limit=60', 200, { 'x-pagination-limit': '50' });
    expect(counts(findings([capped], id))).toEqual({ passes: 0, failures: 0, probes: 0 });
  });

  test('before the server announced a maximum, the limit is not judged', () => {
    const first = exchange(
      'POST',
      '/api/trackers/9/artifacts?limit=500',
      { body: '{}' },
      { status: 406 },
    );
    expect(counts(findings([first], 'client.rest.limit-within-max'))).toMatchObject({
      passes: 0,
      failures: 0,
    });
  });

  test('paging forward by the limit passes; by another constant step fails', () => {
    const id = 'client.rest.paging-forward';
    const walk = (offsets: number[], limit = 5) =>
      offsets.map((o) => page(`?limit=${limit}&offset=${o}`));
    expect(counts(findings(walk([0, 5, 10, 15]), id))).toEqual({
      passes: 3,
      failures: 0,
      probes: 0,
    });
    expect(counts(findings(walk([0, 1, 2]), id))).toMatchObject({ failures: 1 });
    expect(counts(findings(walk([0, 6, 12]), id))).toMatchObject({ failures: 1 });
    // Once paging, a step of another size fails too.
    expect(counts(findings(walk([0, 5, 10, 14]), id))).toMatchObject({ passes: 2, failures: 1 });
  });

  test('a step by the chunk the server says it used (fewer than asked) is paging right', () => {
    const id = 'client.rest.paging-forward';
    const capped = [0, 20, 40].map((o) =>
      page(`?limit=30&offset=${o}`, 200, { 'x-pagination-limit': '20' }),
    );
    expect(counts(findings(capped, id))).toEqual({ passes: 2, failures: 0, probes: 0 });
    const skipping = [0, 25, 50].map((o) =>
      page(`?limit=30&offset=${o}`, 200, { 'x-pagination-limit': '20' }),
    );
    expect(counts(findings(skipping, id))).toMatchObject({ failures: 1 });
  });

  test('what is not clearly paging is not judged: random offsets, two clients, another limit, a restart', () => {
    const id = 'client.rest.paging-forward';
    const unjudged = [
      [page('?limit=5&offset=0'), page('?limit=5&offset=3'), page('?limit=5&offset=12')],
      [page('?limit=5&offset=7'), page('?limit=5&offset=8'), page('?limit=5&offset=9')],
      [
        page('?limit=5&offset=0'),
        page('?limit=5&offset=1', 200, {}, '103'),
        page('?limit=5&offset=2'),
      ],
      [page('?limit=5&offset=0'), page('?limit=4&offset=1'), page('?limit=5&offset=2')],
    ];
    for (const traffic of unjudged)
      expect(counts(findings(traffic, id)), traffic.map((e) => e.url).join(' ')).toEqual({
        passes: 0,
        failures: 0,
        probes: 0,
      });
  });
});

describe('XML requests: client.rest.xml-content-type, client.rest.xml-request', () => {
  const DOC =
    '<?xml version="1.0"?><request><tracker><id>9</id></tracker><values><item><field_id>1</field_id><value>x</value></item>' +
    '<item><field_id>2</field_id><bind_value_ids><item>5</item><item>6</item></bind_value_ids></item></values></request>';
  const post = (body: string, contentType?: string, status = 201) =>
    exchange(
      'POST',
      '/artifacts',
      { headers: contentType ? { 'content-type': contentType } : {}, body },
      { status },
    );

  test('an XML body as application/xml passes; as text/xml or untyped fails', () => {
    const id = 'client.rest.xml-content-type';
    expect(counts(findings([post(DOC, 'application/xml; charset=utf-8')], id))).toMatchObject({
      passes: 1,
    });
    expect(counts(findings([post(DOC, 'text/xml')], id))).toMatchObject({ failures: 1 });
    expect(counts(findings([post(DOC)], id))).toMatchObject({ failures: 1 });
    expect(counts(findings([post('{"tracker":{"id":9}}', 'application/json')], id))).toMatchObject({
      passes: 0,
      failures: 0,
    });
  });

  test('a §4.5 request document passes; another root, entries not <item>, a broken document fail', () => {
    const id = 'client.rest.xml-request';
    expect(counts(findings([post(DOC, 'application/xml')], id))).toMatchObject({
      passes: 1,
      failures: 0,
    });
    for (const body of [
      DOC.replaceAll('request>', 'artifact>'),
      DOC.replace('<item><field_id>1', '<value><field_id>1').replace(
        '</value></item><item>',
        '</value></value><item>',
      ),
      DOC.replace('<item>5</item>', '<id>5</id>'),
      DOC.replace('<tracker><id>9</id></tracker>', ''),
      '<request><values>',
    ])
      expect(counts(findings([post(body, 'application/xml')], id)), body).toMatchObject({
        failures: 1,
      });
  });
});

describe('JSON request bodies: client.rest.query-body, client.rest.creation-body, client.rest.update-body', () => {
  const json = { 'content-type': 'application/json' };
  const query = (body: string, status = 200) =>
    exchange('POST', '/api/trackers/9/artifacts', { headers: json, body }, { status });
  const getQuery = (text: string) =>
    exchange('GET', `/api/trackers/9/artifacts?query=${encodeURIComponent(text)}`);

  test('criteria with operator and value strings pass, in the body or the ?query= parameter; none is not judged', () => {
    const id = 'client.rest.query-body';
    const right = '{"status":{"operator":"contains","value":"5"},"summary":"bare string"}';
    expect(counts(findings([query(right), getQuery(right)], id))).toEqual({
      passes: 2,
      failures: 0,
      probes: 0,
    });
    expect(counts(findings([query(''), getQuery(''), query('{}')], id))).toMatchObject({
      passes: 1,
      failures: 0,
    });
  });

  test('a value that is a number, an object or missing fails, even served; a refused one also sent right is a probe', () => {
    const id = 'client.rest.query-body';
    for (const body of [
      '{"status":{"operator":"contains","value":5}}',
      '{"status":{"operator":"contains","value":["5"]}}',
      '{"status":{"operator":"contains"}}',
      '{"status":5}',
      '[{"status":"5"}]',
      '5',
      '{"status":',
    ]) {
      expect(counts(findings([query(body)], id)), body).toMatchObject({ failures: 1 });
      expect(counts(findings([getQuery(body)], id)), body).toMatchObject({ failures: 1 });
    }
    const right = query('{"status":{"operator":"contains","value":"5"}}');
    const refused = query('{"status":{"operator":"contains","value":5}}', 400);
    expect(counts(findings([right, refused], id))).toEqual({ passes: 1, failures: 0, probes: 1 });
  });

  const create = (body: string, contentType = 'application/json') =>
    exchange(
      'POST',
      '/artifacts',
      { headers: { 'content-type': contentType }, body },
      { status: 201 },
    );
  const update = (body: string, contentType = 'application/json') =>
    exchange('PUT', '/artifacts/7', { headers: { 'content-type': contentType }, body });

  test('the §2.2 creation body passes; a bare or missing tracker, a tracker without an integer id, a wrong values fail', () => {
    const id = 'client.rest.creation-body';
    const values = '[{"field_id":1,"value":"x"},{"field_id":2,"bind_value_ids":[5,6]}]';
    expect(counts(findings([create(`{"tracker":{"id":9},"values":${values}}`)], id))).toEqual({
      passes: 1,
      failures: 0,
      probes: 0,
    });
    for (const body of [
      `{"tracker":9,"values":${values}}`,
      `{"values":${values}}`,
      `{"tracker":{"id":"9"},"values":${values}}`,
      '{"tracker":{"id":9},"values":{"1":"x"}}',
      '{"tracker":{"id":9},"values":[{"field_id":"1","value":"x"}]}',
      '{"tracker":{"id":9},"values":[{"field_id":1}]}',
      '{"tracker":{"id":9},"values":[{"field_id":2,"bind_value_ids":["5"]}]}',
      '',
      'tracker=9',
    ])
      expect(counts(findings([create(body)], id)), body).toMatchObject({ failures: 1 });
    // An XML creation is the XML rules' to judge.
    expect(counts(findings([create('<request/>', 'application/xml')], id))).toMatchObject({
      passes: 0,
      failures: 0,
    });
  });

  test('the update body mirrors the XML one: values a list of field_id/value objects; a comment alone passes', () => {
    const id = 'client.rest.update-body';
    for (const body of [
      '{"values":[{"field_id":1,"value":"x"},{"field_id":2,"bind_value_ids":[]}]}',
      '{"values":[],"comment":{"body":"c","format":"text"}}',
      '{"comment":{"body":"c","format":"text"}}',
    ])
      expect(counts(findings([update(body)], id)), body).toMatchObject({ passes: 1, failures: 0 });
    for (const body of [
      '{"values":{"1":"x"}}',
      '{"values":[{"value":"x"}]}',
      '{"values":[["1","x"]]}',
      '[{"field_id":1,"value":"x"}]',
    ])
      expect(counts(findings([update(body)], id)), body).toMatchObject({ failures: 1 });
    expect(counts(findings([update('')], id))).toMatchObject({ passes: 0, failures: 0 });
  });
});

describe('client.rest.page-parameters', () => {
  const id = 'client.rest.page-parameters';
  const page = (search: string, status = 200) =>
    exchange('GET', `/api/projects/101/trackers${search}`, {}, { status });

  test('limit and offset in decimal digits pass; other number forms fail, served or refused', () => {
    expect(counts(findings([page('?limit=5&offset=10'), page('?offset=0')], id))).toEqual({
      passes: 2,
      failures: 0,
      probes: 0,
    });
    expect(counts(findings([page('')], id))).toMatchObject({ passes: 0, failures: 0 });
    for (const search of ['?limit=5.0', '?offset=1e1', '?limit=-1', '?limit=', '?limit=%205'])
      expect(counts(findings([page(search)], id)), search).toMatchObject({ failures: 1 });
    expect(counts(findings([page('?limit=5'), page('?limit=5.0', 400)], id))).toEqual({
      passes: 1,
      failures: 0,
      probes: 1,
    });
  });
});

describe('client.rest.new-token-after-401', () => {
  const id = 'client.rest.new-token-after-401';
  const call = (token: string, status: number, user = '102', at?: number) => {
    const e = exchange(
      'GET',
      '/api/projects/101',
      { headers: { 'x-auth-token': token, 'x-auth-userid': user } },
      { status },
    );
    if (at !== undefined) Object.assign(e, { startedMs: at, endedMs: at + 5 });
    return e;
  };

  test('after its 401 the client sends a new token: kept; the token answered 401 sent again: failed', () => {
    expect(counts(findings([call('t1', 200), call('t1', 401), call('t2', 200)], id))).toEqual({
      passes: 1,
      failures: 0,
      probes: 0,
    });
    const reused = findings([call('t1', 200), call('t1', 401), call('t1', 401)], id);
    expect(counts(reused)).toEqual({ passes: 0, failures: 1, probes: 0 });
    expect(reused.failures.kept[0]!.exchanges.map((e) => e.status)).toEqual([401, 401]);
  });

  test('a request under way when the 401 came, another user id, a hidden token: not judged', () => {
    const refused = call('t1', 401, '102', 1_000);
    const concurrent = call('t1', 401, '102', 1_002);
    expect(counts(findings([refused, concurrent], id))).toMatchObject({ failures: 0 });
    expect(counts(findings([call('t1', 401, '104'), call('t1', 200, '102')], id))).toMatchObject({
      failures: 0,
    });
    expect(
      counts(findings([call(REDACTED, 401), call(REDACTED, 401), call(REDACTED, 200)], id)),
    ).toEqual({ passes: 0, failures: 0, probes: 0 });
  });

  test('revoking the token answered 401 (DELETE /api/tokens/<it>) is letting it go, not using it', () => {
    const revoke = exchange(
      'DELETE',
      '/api/tokens/t1',
      { headers: { 'x-auth-token': 't1', 'x-auth-userid': '102' } },
      { status: 401 },
    );
    expect(counts(findings([call('t1', 401), revoke], id))).toEqual({
      passes: 0,
      failures: 0,
      probes: 0,
    });
  });

  test('a client that renews after one 401 but sends a dead token again on purpose: a probe', () => {
    const traffic = [call('t1', 401), call('t2', 200), call('t1', 401)];
    expect(counts(findings(traffic, id))).toEqual({ passes: 1, failures: 0, probes: 1 });
  });
});

describe('the WSDL namespace read from its head', () => {
  test('any prefix of the WSDL namespace, or the default one; nothing from another document', () => {
    expect(targetNamespaceOf(wsdlOf(NS).responseBody!)).toBe(NS);
    expect(targetNamespaceOf(wsdlOf(NS, 'w').responseBody!)).toBe(NS);
    expect(
      targetNamespaceOf(
        `<definitions xmlns="http://schemas.xmlsoap.org/wsdl/" targetNamespace='${NS}'>`,
      ),
    ).toBe(NS);
    expect(
      targetNamespaceOf(`<definitions xmlns="urn:other" targetNamespace="${NS}">`),
    ).toBeUndefined();
    expect(targetNamespaceOf('{"json": true}')).toBeUndefined();
  });
});
