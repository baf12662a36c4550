/** An Allure result once judged: one node under its section, statements, reproduce, a clean trace. */
import { expect, test } from 'vitest';
import type { TestResult } from '../../run-result.ts';
import { SECTIONS, SECTION_TITLES } from '../../requirements/index.ts';
import { enrichResult, TREE_SORT, withoutHarnessFrames } from './allure-enrich.ts';

const test1: TestResult = {
  id: 'suites/rest/tokens.test.ts::POST /api/tokens > the uri must have the form',
  file: 'suites/rest/tokens.test.ts',
  name: 'POST /api/tokens > the uri must have the form',
  status: 'fail',
  requirements: ['rest.tokens.uri-form', 'rest.tokens.create'],
  durationMs: 3,
  reproduce: "curl -i -X POST 'http://t/api/tokens'",
};

test('one parentSuite (the first requirement’s section) and one suite, whatever the stories', () => {
  const enriched = enrichResult(
    {
      labels: [
        { name: 'story', value: 'rest.tokens.uri-form' },
        { name: 'story', value: 'rest.tokens.create' },
        { name: 'parentSuite', value: 'POST /api/tokens' },
        { name: 'subSuite', value: 'x' },
      ],
    },
    test1,
  );
  const labels = (name: string) =>
    enriched.labels!.filter((l) => l.name === name).map((l) => l.value);
  expect(labels('parentSuite')).toEqual(['§2.2 REST resources']);
  expect(labels('suite')).toEqual(['POST /api/tokens']);
  expect(labels('subSuite')).toEqual([]);
  // Idempotent: merge runs it again over the shares' results.
  expect(enrichResult(enriched, test1)).toEqual(enriched);
});

test('the statements and the reproduce command are on the page, with links to index.html', () => {
  const enriched = enrichResult({}, test1);
  expect(enriched.descriptionHtml).toContain(
    'The token response uri has the form /api/tokens/&lt;token&gt;.',
  );
  expect(enriched.descriptionHtml).toContain('curl -i -X POST &#39;http://t/api/tokens&#39;');
  expect(enriched.links!.map((l) => l.url)).toEqual([
    '../index.html#req-rest.tokens.uri-form',
    '../index.html#req-rest.tokens.create',
  ]);
});

test('no frame of node_modules, node or the harness (lib/) is left in a trace', () => {
  const trace = [
    "AssertionError: expected 'a' to be 'b'",
    '    at file:///p/node_modules/allure-vitest/dist/matchers.js:353:170',
    '    at /p/suites/rest/tokens.test.ts:38:44',
    '    at process.processTicksAndRejections (node:internal/process/task_queues:95:5)',
    '    at /p/lib/conformance-test.ts:77:7',
  ].join('\n');
  expect(withoutHarnessFrames(trace)).toBe(
    "AssertionError: expected 'a' to be 'b'\n    at /p/suites/rest/tokens.test.ts:38:44",
  );
  // Only harness frames: the message says it all.
  expect(withoutHarnessFrames('Error: x\n    at /p/lib/clients/http.ts:1:1')).toBeUndefined();
  const enriched = enrichResult(
    { statusDetails: { message: 'x', trace: 'Error: x\n    at /p/lib/a.ts:1:1' } },
    test1,
  );
  expect(enriched.statusDetails).toEqual({ message: 'x' });
});

test("Allure's tree, sorted by name (TREE_SORT), shows the sections in specification order", () => {
  // Allure's web app compares names with localeCompare: a '§10' would come before '§2'.
  expect(TREE_SORT).toBe('name,asc');
  const labels = SECTIONS.map((s) => `${s} ${SECTION_TITLES[s]}`);
  expect([...labels].sort((a, b) => a.localeCompare(b))).toEqual(labels);
  expect(labels[0]).toMatch(/^§1 /);
});
