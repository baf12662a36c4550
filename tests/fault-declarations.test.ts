/**
 * The planted faults' declarations (reference-server/faults/rest.ts, soap.ts) hold what the
 * self-validation needs: each says what it does wrong and names the requirements of the catalogue it
 * breaks, and has a rewrite. Which suite files hold those requirements' checks is derived
 * (tests/support/fault-suites.ts), and a fault no suite test can catch stops the self-validation.
 */
import { describe, expect, test } from 'vitest';
import { CATALOGUE } from '../lib/requirements/index.ts';
import type { Hooks } from '../reference-server/faults/declaration.ts';
import { PLANTED_FAULTS } from '../reference-server/faults/index.ts';
import { suitesByRequirement, withSuites } from './support/fault-suites.ts';

/** Every hook of declaration.ts, as a record: a hook added there and not here does not compile. */
const EVERY_HOOK: Record<keyof Hooks, true> = {
  state: true,
  domain: true,
  operations: true,
  request: true,
  before: true,
  stores: true,
  format: true,
  xmlRequestRoot: true,
  page: true,
  answer: true,
  xmlBytes: true,
  error: true,
  soapAnswer: true,
  namespace: true,
  answerNamespace: true,
  soapFault: true,
  mediaType: true,
  soapActionRefused: true,
  wsdl: true,
};
const HOOKS = Object.keys(EVERY_HOOK) as Array<keyof Hooks>;

describe('the planted faults', () => {
  test('each breaks MUST requirements of the catalogue, each named once', () => {
    const must = new Set<string>(CATALOGUE.filter((r) => r.level === 'MUST').map((r) => r.id));
    const unknown = PLANTED_FAULTS.flatMap((f) => [
      ...(f.breaks.length === 0 ? [`${f.name}: breaks nothing`] : []),
      ...f.breaks.filter((id) => !must.has(id)).map((id) => `${f.name}: ${id}`),
      ...f.breaks
        .filter((id, i) => f.breaks.indexOf(id) !== i)
        .map((id) => `${f.name}: ${id} twice`),
    ]);
    expect(
      unknown,
      'reference-server/faults/: breaks ids that are no MUST requirement of lib/requirements',
    ).toEqual([]);
  });

  test('each has a unique name, says what it does wrong, and rewrites something', () => {
    const names = PLANTED_FAULTS.map((f) => f.name);
    expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
    expect(PLANTED_FAULTS.filter((f) => f.does.length < 10).map((f) => f.name)).toEqual([]);
    const inert = PLANTED_FAULTS.filter((f) => HOOKS.every((hook) => f[hook] === undefined));
    expect(
      inert.map((f) => f.name),
      'faults without a rewrite (declaration.ts Hooks)',
    ).toEqual([]);
  });
});

describe('the suites of a planted fault, derived from the tests of a run', () => {
  const run = {
    tests: [
      { file: 'suites/rest/xml.test.ts', requirements: ['rest.xml.get'] },
      { file: 'suites/rest/xml-directions.test.ts', requirements: ['rest.xml.put-answer'] },
      { file: 'suites/rest/xml-directions.test.ts', requirements: ['rest.xml.get'] },
      { file: '(setup)', requirements: ['rest.tokens.create'] },
    ],
  };

  test('each requirement gets the suite names of the files whose tests name it', () => {
    const suites = suitesByRequirement(run as Parameters<typeof suitesByRequirement>[0]);
    expect(suites.get('rest.xml.get')).toEqual(['rest/xml', 'rest/xml-directions']);
    expect(suites.get('rest.xml.put-answer')).toEqual(['rest/xml-directions']);
    expect(suites.has('rest.tokens.create')).toBe(false);
  });

  test('a fault that no suite test can catch stops the derivation, naming it', () => {
    const suites = suitesByRequirement(run as Parameters<typeof suitesByRequirement>[0]);
    const fault = { does: 'b (§4.3)' } as const;
    expect(
      withSuites(
        [
          {
            ...fault,
            name: 'xml-answered-as-json',
            breaks: ['rest.xml.get', 'rest.tokens.fields'],
          },
        ],
        suites,
      )[0]?.suites,
    ).toEqual(['rest/xml', 'rest/xml-directions']);
    expect(() =>
      withSuites([{ ...fault, name: 'token-status-201', breaks: ['rest.tokens.create'] }], suites),
    ).toThrow(/token-status-201: no suite test names rest\.tokens\.create/);
  });
});
