/** index.html's parts that need no browser: leftovers by test, collapsed harness errors, transcripts. */
import { expect, test } from 'vitest';
import { Transcript } from '../../kit/clients/transcript.ts';
import { assembleRun } from '../results/assemble.ts';
import type { TestResult } from '../../run-result.ts';
import { renderHtml } from './html.ts';
import { toText } from './html-template.ts';
import { renderTranscript, splitTranscript } from './html-transcript.ts';

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

test('a transcript is read back into its exchanges; bodies indented, raw bytes kept', () => {
  const transcript = new Transcript();
  transcript.record({
    method: 'POST',
    url: 'http://t/api/tokens',
    requestHeaders: { 'content-type': 'application/json' },
    requestBody: '{"username":"bob"}',
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
    durationMs: 1,
  });
  const parts = splitTranscript(transcript.render());
  expect(parts).toEqual([
    {
      requestLine: 'POST http://t/api/tokens',
      request: { headers: 'content-type: application/json', body: '{"username":"bob"}' },
      statusLine: '--- HTTP 200 (3 ms)',
      response: { headers: 'content-type: application/json', body: '{"a":\n\n1}' },
    },
    {
      requestLine: 'GET http://t/x',
      request: { headers: '', body: '' },
      statusLine: '--- no answer after 1 ms: ECONNRESET',
      response: { headers: '', body: '' },
    },
  ]);
  const html = toText(renderTranscript(transcript.render()));
  expect(html).toContain('<pre class="body pretty">{\n  &quot;a&quot;: 1\n}</pre>');
  expect(html).toContain(
    '<summary>raw bytes</summary><pre class="body">{&quot;a&quot;:\n\n1}</pre>',
  );
  expect(html.match(/<details class="exchange" data-exchange="\d+"( open)?>/g)).toEqual([
    '<details class="exchange" data-exchange="0">',
    '<details class="exchange" data-exchange="1" open>',
  ]);
});
