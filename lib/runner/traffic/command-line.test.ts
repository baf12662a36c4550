import { describe, expect, test } from 'vitest';
import { commandThatRan } from './command-line.ts';

const CWD = '/home/u/conformance';
const ARGS = ['monitor', '--upstream', 'http://t:8080', '--grep', 'a b'];

describe('the Command line of a traffic report: the command that ran', () => {
  test('started by npm: the npm script, with its arguments as given', () => {
    const argv = ['/usr/bin/node', `${CWD}/scripts/conformance-from-source.js`, ...ARGS];
    const env = {
      npm_command: 'run-script',
      npm_lifecycle_event: 'conformance',
      npm_lifecycle_script: 'node scripts/conformance-from-source.js',
    };
    expect(commandThatRan(argv, env, CWD)).toBe(
      "npm run conformance -- monitor --upstream http://t:8080 --grep 'a b'",
    );
  });

  test("started otherwise: node and the script that ran, not a reconstructed 'npm run conformance --'", () => {
    const argv = ['/usr/local/bin/node', `${CWD}/scripts/conformance-from-source.js`, ...ARGS];
    expect(commandThatRan(argv, {}, CWD)).toBe(
      "node scripts/conformance-from-source.js monitor --upstream http://t:8080 --grep 'a b'",
    );
    // Under another program's npm script (the tests' `npx vitest`): still what ran.
    expect(commandThatRan(argv, { npm_command: 'exec', npm_lifecycle_event: 'npx' }, CWD)).toMatch(
      /^node scripts\/conformance-from-source\.js monitor/,
    );
  });

  test("npx: the package's bin", () => {
    const argv = ['/usr/bin/node', '/tmp/x/node_modules/.bin/soap-rest-conformance', ...ARGS];
    expect(commandThatRan(argv, { npm_command: 'exec' }, CWD)).toBe(
      "npx soap-rest-conformance monitor --upstream http://t:8080 --grep 'a b'",
    );
  });
});
