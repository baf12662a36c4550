import { resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { parseRunArgs } from './args.ts';
import { checkSuiteSelection } from './suite-names.ts';

const ROOT = resolve(import.meta.dirname, '../../..');

describe('--suite', () => {
  test('a misspelt file name gets the suite meant', () => {
    expect(() => checkSuiteSelection(ROOT, ['concurency'])).toThrow(
      /--suite concurency selects no suite file \(did you mean rest\/concurrency\?\)/,
    );
  });

  test('a,b names two suites, as two --suite do', () => {
    expect(
      parseRunArgs(['--suite', 'rest/tokens,soap/wsdl', '--suite', 'rest/auth']).suites,
    ).toEqual(['rest/tokens', 'soap/wsdl', 'rest/auth']);
  });
});
