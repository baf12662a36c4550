/** `npm run reference-server -- --help` names every planted fault and every variant, once each. */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from 'vitest';
import { PLANTED_FAULTS } from './faults/index.ts';
import { helpText } from './usage.ts';
import { VARIANTS } from './variants.ts';

/** The lines of `text` that begin with `  name: `, one per listed name. */
const listed = (text: string, name: string) =>
  text.split('\n').filter((line) => line.startsWith(`  ${name}: `));

test('the help lists each planted fault with the rule it breaks, once', () => {
  const help = helpText();
  for (const fault of PLANTED_FAULTS)
    expect(listed(help, fault.name), fault.name).toEqual([`  ${fault.name}: ${fault.does}`]);
});

test('the help lists each variant with the choice it takes, once', () => {
  const help = helpText();
  for (const variant of VARIANTS)
    expect(listed(help, variant.name), variant.name).toEqual([
      `  ${variant.name}: ${variant.chooses}`,
    ]);
});

test('--help and -h print it and exit 0, without listening', async () => {
  const main = join(import.meta.dirname, 'main.ts');
  for (const flag of ['--help', '-h']) {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', main, flag],
      {
        timeout: 30_000,
      },
    );
    expect(stdout, flag).toBe(helpText());
  }
});
