/** index.html's parts that need no browser: leftovers by test, collapsed harness errors, transcripts. */
import { expect, test } from 'vitest';
import { Transcript } from '../../kit/clients/transcript.ts';
import { assembleRun } from '../results/assemble.ts';
import type { TestResult } from '../../run-result.ts';
import { renderHtml } from './html.ts';
import { toText } from './html-template.ts';
import { renderTranscript } from './html-transcript.ts';

const header = {
  target: 'http://t',
  targetKind: 'external' as const,
  startedAt: '2026-01-01T00:00:00.000Z',
  durationMs: 1,
  seed: 1,
  runs: 1,
  capabilities: {},
  command: 'c',
};
const left = (name: string, what: string[]): TestResult => ({
  id: `f::${name}`,
  file: 'f',
  name,
  status: 'pass',
  requirements: ['rest.tokens.create'],
  durationMs: 1,
  cleanup: { undone: [], remaining: what.map((w) => ({ kind: 'artifact', what: w })) },
});

test('leftovers are grouped by the test that left them, each linking to its row', () => {
  const run = assembleRun(
    header,
    [],
    [left('one', ['artifact 7', 'artifact 8']), left('two', ['artifact 9'])],
    [],
  );
  const html = renderHtml(run);
  const groups = [
    ...html.matchAll(
      /<details class="leftover" data-test="([^"]+)"><summary>(.*?)<\/summary><ul>(.*?)<\/ul>/g,
    ),
  ];
  expect(groups.map((g) => [g[1], g[2], (g[3]!.match(/<li>/g) ?? []).length])).toEqual([
    ['f::one', '<a href="#test-f-one">one</a> (2)', 2],
    ['f::two', '<a href="#test-f-two">two</a> (1)', 1],
  ]);
  expect(html).toContain('<tr id="test-f-one"');
});

test('a collapsed harness error shows how many times it happened', () => {
  const run = assembleRun(header, [], [], []);
  run.harnessErrors = [
    { message: 'login refused', count: 17 },
    { message: 'once', count: 1 },
  ];
  const html = renderHtml(run);
  expect(html).toContain('<span class="harness-count" data-count="17">×17</span>login refused');
  expect(html).toContain('<pre>once</pre>');
});

test('a transcript shows each exchange as its text does; bodies indented, raw bytes kept', () => {
  const transcript = new Transcript();
  transcript.secrets.add('s3cret');
  transcript.record({
    method: 'POST',
    url: 'http://t/api/tokens',
    requestHeaders: { 'content-type': 'application/json' },
    requestBody: '{"username":"bob","password":"s3cret"}',
    status: 200,
    responseHeaders: { 'content-type': 'application/json' },
    responseBody: '{"a":\n\n1}',
    durationMs: 3,
  });
  transcript.record({
    method: 'GET',
    url: 'http://t/x',
    requestHeaders: {},
    requestBody: '',
    error: 'ECONNRESET',
    note: 'sent again after an idle close',
    durationMs: 1,
  });
  const exchanges = transcript.redactedExchanges();
  const html = toText(renderTranscript({ exchanges }));
  expect(html).not.toContain('s3cret');
  expect(html).toContain('<code>POST http://t/api/tokens</code> → HTTP 200 (3 ms)</summary>');
  expect(html).toContain('<pre>POST http://t/api/tokens\ncontent-type: application/json</pre>');
  expect(html).toContain('<pre>--- HTTP 200 (3 ms)\ncontent-type: application/json</pre>');
  expect(html).toContain('<pre class="body pretty">{\n  &quot;a&quot;: 1\n}</pre>');
  expect(html).toContain(
    '<summary>raw bytes</summary><pre class="body">{&quot;a&quot;:\n\n1}</pre>',
  );
  expect(html).toContain(
    '<pre>--- no answer after 1 ms: ECONNRESET\n--- sent again after an idle close</pre></details>',
  );
  expect(html.match(/<details class="exchange" data-exchange="\d+"( open)?>/g)).toEqual([
    '<details class="exchange" data-exchange="0">',
    '<details class="exchange" data-exchange="1" open>',
  ]);
  // Every line the block shows is a line of the plain text of summary.json and junit.xml.
  const text = transcript.render();
  for (const shown of [
    'POST http://t/api/tokens',
    '--- HTTP 200 (3 ms)',
    '{"a":',
    '--- sent again after an idle close',
  ])
    expect(text.split('\n')).toContain(shown);
});

test('a judged exchange is open, highlighted and labelled; a text read back from a summary is shown as it is', () => {
  const transcript = new Transcript();
  for (const path of ['/a', '/b'])
    transcript.record({
      method: 'GET',
      url: `http://t${path}`,
      requestHeaders: {},
      requestBody: '',
      status: 200,
      durationMs: 1,
    });
  const html = toText(renderTranscript({ exchanges: transcript.redactedExchanges() }, 0, 'card-x'));
  expect(html).toContain(
    '<details class="exchange judged" data-exchange="0" id="card-x-judged" open><summary><span class="judged-label">judged</span> <code>GET http://t/a</code>',
  );
  expect(toText(renderTranscript({ transcript: 'GET http://t/a' }))).toBe(
    '<pre class="raw">GET http://t/a</pre>',
  );
  expect(toText(renderTranscript({}))).toBe('<pre>(no exchange recorded)</pre>');
});

test("a failure's card links to its judged exchange; a summary's text (merge) gets no dead link", () => {
  const transcript = new Transcript();
  transcript.record({
    method: 'PUT',
    url: 'http://t/api/artifacts/1',
    requestHeaders: {},
    requestBody: '',
    status: 200,
    durationMs: 1,
  });
  const failed: TestResult = {
    id: 'f::put',
    file: 'f',
    name: 'put',
    status: 'fail',
    requirements: ['rest.tokens.create'],
    durationMs: 1,
    message: 'expected 412',
    reproduce: 'curl -X PUT http://t/api/artifacts/1',
    judgedExchange: 0,
  };
  const page = (t: TestResult) => renderHtml(assembleRun(header, [], [t], []));
  const structured = page({ ...failed, exchanges: transcript.redactedExchanges() });
  expect(structured).toContain('<a href="#card-f-put-judged">the judged exchange</a>');
  expect(structured).toContain('id="card-f-put-judged"');
  const merged = page({ ...failed, transcript: transcript.render() });
  expect(merged).not.toContain('-judged');
  expect(merged).toContain('<pre class="raw">PUT http://t/api/artifacts/1');
});
