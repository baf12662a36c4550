import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { PERFORMANCE, replaceBlock } from './doc-block.ts';

const { begin: BEGIN, end: END } = PERFORMANCE;

test('replaceBlock rewrites only what stands between the markers', () => {
  const page = `# T\n\ntext before\n\n${BEGIN}\n\nold | table\n\n${END}\n\ntext after\n`;
  expect(replaceBlock(page, '| new |\n')).toBe(
    `# T\n\ntext before\n\n${BEGIN}\n\n| new |\n\n${END}\n\ntext after\n`,
  );
});

test('replaceBlock takes other markers', () => {
  const markers = { begin: '<!-- a -->', end: '<!-- b -->' };
  expect(replaceBlock('x <!-- a --> old <!-- b --> y', 'new', markers)).toBe(
    'x <!-- a -->\n\nnew\n\n<!-- b --> y',
  );
});

test('replaceBlock refuses a page without both markers in order, once each', () => {
  const block = `${BEGIN}\nx\n${END}`;
  for (const page of ['no markers', `${END}\n${BEGIN}`, `${BEGIN} only`, `${block}\n${block}`])
    expect(() => replaceBlock(page, 'b')).toThrow(/once each/);
});

test('docs/performance.md holds the block, so that the bench can rewrite it', () => {
  const page = readFileSync(new URL('../docs/performance.md', import.meta.url), 'utf8');
  expect(() => replaceBlock(page, 'b')).not.toThrow();
});
