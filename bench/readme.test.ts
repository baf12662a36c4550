import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { BEGIN, END, replaceReadmeBlock } from './readme.ts';

test('replaceReadmeBlock rewrites only what stands between the markers', () => {
  const readme = `# T\n\ntext before\n\n${BEGIN}\n\nold | table\n\n${END}\n\ntext after\n`;
  expect(replaceReadmeBlock(readme, '| new |\n')).toBe(
    `# T\n\ntext before\n\n${BEGIN}\n\n| new |\n\n${END}\n\ntext after\n`,
  );
});

test('replaceReadmeBlock refuses a README without both markers in order, once each', () => {
  const block = `${BEGIN}\nx\n${END}`;
  for (const readme of ['no markers', `${END}\n${BEGIN}`, `${BEGIN} only`, `${block}\n${block}`])
    expect(() => replaceReadmeBlock(readme, 'b')).toThrow(/once each/);
});

test("the repository's README holds the block, so that the bench can rewrite it", () => {
  const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
  expect(() => replaceReadmeBlock(readme, 'b')).not.toThrow();
});
