import { describe, expect, test } from 'vitest';
import type { JudgedRun } from '../../run-result.ts';
import { judgeRun } from '../results/judge.ts';
import { RUN_HEADER } from '../../../tests/support/run-header.ts';
import { renderHtml } from './html.ts';
import { renderJunit } from './junit.ts';

const run: JudgedRun = judgeRun({
  ...RUN_HEADER,
  totals: { pass: 1, observed: 0, fail: 1, skip: 1, error: 0, 'expected-fail': 0, blocked: 0 },
  requirementTotals: {
    pass: 1,
    observed: 0,
    fail: 1,
    skip: 1,
    'not-run': 0,
    blocked: 0,
    error: 0,
    'expected-fail': 0,
    'not-covered': 0,
  },
  requirements: [
    {
      id: 'rest.tokens.fields',
      section: '§2.2',
      level: 'MUST',
      text: 't',
      status: 'fail',
      tests: [{ id: 'f::b', status: 'fail' }],
    },
  ],
  tests: [
    {
      id: 'f::a',
      file: 'f',
      name: 'a',
      status: 'pass',
      requirements: ['rest.tokens.fields'],
      durationMs: 3,
    },
    {
      id: 'f::b',
      file: 'f',
      name: 'b <"&>',
      status: 'fail',
      requirements: ['rest.tokens.fields'],
      durationMs: 3,
      message: 'got <x>\u0001 & "y"',
      transcript: '<soap:Envelope/>',
    },
    {
      id: 'f::c',
      file: 'f',
      name: 'c',
      status: 'skip',
      requirements: [],
      durationMs: 0,
      message: 'no test control',
    },
  ],
  harnessErrors: [],
});

describe('renderJunit', () => {
  test('escapes names, messages and control characters into well-formed XML', () => {
    const xml = renderJunit(run);
    expect(xml).toContain('name="b &lt;&quot;&amp;&gt;"');
    expect(xml).toContain('<failure message="got &lt;x&gt;\\u0001 &amp; &quot;y&quot;">');
    expect(xml).toContain('<skipped message="no test control"/>');
    expect(xml).toContain('tests="3" failures="1" errors="0" skipped="1"');
    // eslint-disable-next-line no-control-regex -- the control character must not be left raw
    expect(xml).not.toMatch(/[\u0001]/);
  });
});

describe('renderHtml', () => {
  test('escapes what came back from the target and loads nothing from the network', () => {
    const html = renderHtml(run);
    expect(html).toContain('&lt;soap:Envelope/&gt;');
    expect(html).not.toContain('<soap:Envelope/>');
    expect(html).not.toMatch(/<script[^>]*src|<link|src=|@import/);
  });
});
