/** §4.5 over the wire: XML in (root request, item arrays) and out on the three artifact routes. */
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { RunningServer } from '../listen.ts';
import {
  call,
  issuesTracker,
  startRest,
  tokenCaller,
  type Caller,
} from '../../tests/support/rest-calls.ts';

let server: RunningServer;
let alice: Caller;
let issues: Awaited<ReturnType<typeof issuesTracker>>;
beforeAll(async () => {
  server = await startRest();
  alice = await tokenCaller(server, 'alice');
  issues = await issuesTracker(server, alice, 101);
});
afterAll(() => server.close());

const XML_IN = { 'content-type': 'application/xml' };
const XML_OUT = { accept: 'application/xml' };
const parse = (text: string) =>
  new XMLParser({ parseTagValue: false, isArray: (name) => name === 'item' }).parse(text) as {
    response: Record<string, unknown>;
  };

function creation(summary: string, labels: number[]): string {
  const items = labels.map((id) => `<item>${id}</item>`).join('');
  return `<?xml version="1.0"?><request><tracker><id>${issues.id}</id></tracker><values>
<item><field_id>${issues.summary}</field_id><value>${summary}</value></item>
<item><field_id>${issues.labels}</field_id><bind_value_ids>${items}</bind_value_ids></item>
</values></request>`;
}

describe('XML (§4.5)', () => {
  test('POST as XML, GET as XML and as JSON agree; arrays are item elements', async () => {
    const created = await call(server, alice, 'POST', '/artifacts', {
      body: creation('a &lt;b&gt; &amp; c', issues.labelValues.slice(0, 2)),
      headers: { ...XML_IN, ...XML_OUT },
    });
    expect(created.status).toBe(201);
    expect(created.headers.get('content-type')).toMatch(/^application\/xml/);
    const id = Number(parse(created.text).response['id']);
    const xml = await call(server, alice, 'GET', `/artifacts/${id}`, { headers: XML_OUT });
    expect(xml.headers.get('etag')).toBeTruthy();
    const values = (parse(xml.text).response['values'] as { item: Array<Record<string, unknown>> })
      .item;
    expect(values.find((v) => v['field_id'] === String(issues.summary))?.['value']).toBe(
      'a <b> & c',
    );
    const labels = values.find((v) => v['field_id'] === String(issues.labels)) as {
      bind_value_ids: { item: string[] };
    };
    expect(labels.bind_value_ids.item).toEqual(issues.labelValues.slice(0, 2).map(String));
    const json = (await call(server, alice, 'GET', `/api/artifacts/${id}`)).json<{
      values: Array<{ field_id: number; value?: string }>;
    }>();
    expect(json.values.find((v) => v.field_id === issues.summary)?.value).toBe('a <b> & c');
  });

  test('PUT as XML updates; an empty values list is an empty array', async () => {
    const id = (
      await call(server, alice, 'POST', '/artifacts', {
        body: creation('one', []),
        headers: XML_IN,
      })
    ).json<{ id: number }>().id;
    const body = `<request><values><item><field_id>${issues.summary}</field_id><value>two</value></item></values></request>`;
    const updated = await call(server, alice, 'PUT', `/artifacts/${id}`, { body, headers: XML_IN });
    expect(updated.status).toBe(200);
    const empty = await call(server, alice, 'PUT', `/artifacts/${id}`, {
      body: '<request><values/></request>',
      headers: XML_IN,
    });
    expect(empty.status).toBe(200);
    const read = (await call(server, alice, 'GET', `/artifacts/${id}`)).json<{
      values: Array<{ value?: string }>;
    }>();
    expect(read.values[0]?.value).toBe('two');
  });

  test.each([
    ['a DOCTYPE', '<!DOCTYPE request [<!ENTITY x "y">]><request><values/></request>', 'DOCTYPE'],
    [
      'an external entity',
      '<!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]><request>&x;</request>',
      'DOCTYPE',
    ],
    ['another root', '<artifact><values/></artifact>', 'must be <request>'],
    ['malformed XML', '<request><values></request>', 'Malformed XML'],
    [
      'an undeclared entity',
      '<request><values><item><field_id>1</field_id><value>&x;</value></item></values></request>',
      '',
    ],
    ['deep nesting', `<request>${'<a>'.repeat(5000)}${'</a>'.repeat(5000)}</request>`, 'nested'],
    [
      'a non-item array entry',
      '<request><values><entry/></values></request>',
      'each entry is an <item>',
    ],
  ])('refuses %s with 400, answering in XML when asked', async (_, body, message) => {
    const answer = await call(server, alice, 'POST', '/artifacts', {
      body,
      headers: { ...XML_IN, ...XML_OUT },
    });
    expect(answer.status).toBe(400);
    const error = parse(answer.text).response['error'] as { code: string; message: string };
    expect(error.code).toBe('400');
    expect(error.message).toContain(message);
    expect(answer.text).not.toContain('root:');
  });

  test('other routes do not speak XML: Accept application/xml → 406, an XML body → 415', async () => {
    expect((await call(server, alice, 'GET', '/api/projects', { headers: XML_OUT })).status).toBe(
      406,
    );
    const query = await call(server, alice, 'POST', `/api/trackers/${issues.id}/artifacts`, {
      body: '<request/>',
      headers: XML_IN,
    });
    expect(query.status).toBe(415);
  });

  test('Accept negotiation: q-values, wildcards, and an unsupported type → 406', async () => {
    const id = (
      await call(server, alice, 'POST', '/artifacts', { body: creation('n', []), headers: XML_IN })
    ).json<{ id: number }>().id;
    const type = async (accept: string) => {
      const answer = await call(server, alice, 'GET', `/artifacts/${id}`, { headers: { accept } });
      return answer.status === 200
        ? answer.headers.get('content-type')?.split(';')[0]
        : answer.status;
    };
    expect(await type('application/xml;q=0.9, application/json')).toBe('application/json');
    expect(await type('application/json;q=0.1, application/xml')).toBe('application/xml');
    expect(await type('*/*')).toBe('application/json');
    expect(await type('text/html')).toBe(406);
  });
});
