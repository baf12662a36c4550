import { describe, expect, test } from 'vitest';
import { ConformanceFailure, expectListed } from './conformance-failure.ts';
import {
  failureWordsProblems,
  inDomainWords,
  runnerWords,
  valuesInWords,
  type ErrorParts,
} from './failure-words.ts';

/** vitest's errors as the collector gets them (messages copied from real runs' summary.json). */
describe("the runner's wrappers said in the domain's words", () => {
  test('toBe: "what: expected 412, got 200", without "// Object.is equality"', () => {
    const error = {
      message: 'PUT with If-match "5e01": expected 200 to be 412 // Object.is equality',
      expected: '412',
      actual: '200',
    };
    expect(inDomainWords(error)).toBe('PUT with If-match "5e01": expected 412, got 200');
    expect(valuesInWords(error)).toEqual({ expected: '412', actual: '200' });
  });

  test('strings keep their quotes; a custom message holding ": expected" keeps its words', () => {
    expect(
      inDomainWords({
        message:
          "the artifact is unchanged: expected 'must not be stored' to be 'v2 x' // Object.is equality",
        expected: 'v2 x',
        actual: 'must not be stored',
      }),
    ).toBe("the artifact is unchanged: expected 'v2 x', got 'must not be stored'");
    expect(
      inDomainWords({
        message:
          "a: expected fault 3203, got true: expected undefined to be '3203' // Object.is equality",
        expected: '3203',
        actual: 'undefined',
      }),
    ).toBe("a: expected fault 3203, got true: expected '3203', got nothing");
  });

  test('toBeUndefined: the whole value, not chai\'s abridged "…(1)"', () => {
    const error = {
      message: "x: expected { faultcode: '3203', …(1) } to be undefined",
      expected: 'undefined',
      actual: '{\n  "faultcode": "3203",\n  "faultstring": "User not member of project",\n}',
    };
    const words = inDomainWords(error);
    expect(words).toBe(
      'x: expected nothing, got {"faultcode": "3203", "faultstring": "User not member of project"}',
    );
    expect(valuesInWords(error).expected).toBe('nothing');
  });

  test('toBe(true): the custom message states the condition, which does not hold', () => {
    const error = {
      message: 'each integer is an <item>: expected false to be true // Object.is equality',
      expected: 'true',
      actual: 'false',
    };
    expect(inDomainWords(error)).toBe('each integer is an <item>: does not hold');
    expect(valuesInWords(error)).toEqual({ expected: 'holds', actual: 'does not hold' });
    expect(
      inDomainWords({
        message: 'x listed: expected true to be false',
        expected: 'false',
        actual: 'true',
      }),
    ).toBe('x listed: holds, and must not');
  });

  test("toHaveLength: the counts, the custom message naming what is counted (not 'items')", () => {
    const error = {
      message: 'successful PUTs: expected [ Array(25) ] to have a length of 1 but got 25',
      expected: '1',
      actual: '25',
    };
    expect(inDomainWords(error)).toBe('successful PUTs: expected 1, got 25');
    expect(valuesInWords(error)).toEqual({ expected: '1', actual: '25' });
    const none = {
      message: 'x: expected [] to have a length of 1 but got +0',
      expected: '1',
      actual: '0',
    };
    expect(inDomainWords(none)).toBe('x: expected 1, got 0');
    expect(valuesInWords(none)).toEqual({ expected: '1', actual: '0' });
  });

  test('expect.arrayContaining: "a list holding …", not its serialised { inverse, sample }', () => {
    const error = {
      message: 'the projects: expected [ 101, 104 ] to deeply equal ArrayContaining [104, 105]',
      expected: '{\n  "inverse": false,\n  "sample": [\n    104,\n    105,\n  ],\n}',
      actual: '[\n  101,\n  104,\n]',
    };
    expect(inDomainWords(error)).toBe(
      'the projects: expected a list holding 104, 105, got [101, 104]',
    );
    expect(valuesInWords(error)).toEqual({
      expected: 'a list holding 104, 105',
      actual: '[\n  101,\n  104,\n]',
    });
  });

  test("fast-check's report: a counterexample line, the check in words, seed and path", () => {
    const message = [
      "share 1 of 2 (10 of the 20 runs, on project 106 'p')",
      'Property failed after 9 tests',
      '{ seed: 1640954531, path: "8:1", endOnFailure: true }',
      'Counterexample: [removeProjectMember(projectMember) by projectAdmin /*replayPath="H:B"*/]',
      'Shrunk 1 time(s)',
      "Got AssertionError: remove: expected fault 3203, got true: expected undefined to be '3203' // Object.is equality",
      '    at expectFault (/w/lib/soap/expect.ts:20:5)',
      '',
      'Hint: Enable verbose mode in order to have the list of all failing values encountered during the run',
    ].join('\n');
    // The counterexample first (the terminal's why: line), no stack frame, the share last.
    expect(inDomainWords({ message })).toBe(
      [
        'counterexample (found after 9 runs, shrunk 1 time): [removeProjectMember(projectMember) by projectAdmin]',
        "remove: expected fault 3203, got true: expected '3203', got nothing",
        '(replayed by fast-check seed 1640954531, path "8:1"; share 1 of 2 (10 of the 20 runs, on project 106 \'p\'))',
      ].join('\n'),
    );
  });

  test("fast-check's report without the error: the check in words from its cause", () => {
    const message = [
      'Property failed after 1 tests',
      '{ seed: 7, path: "0:1", endOnFailure: true }',
      'Counterexample: [6]',
      'Shrunk 29 time(s)',
      '',
      'Hint: Enable verbose mode in order to have the list of all failing values encountered during the run',
    ].join('\n');
    const cause = {
      message:
        "remove: expected fault 3203, got true: expected undefined to be '3203' // Object.is equality",
      stack: 'AssertionError: …\n    at expectFault (/w/lib/soap/expect.ts:20:5)',
    };
    expect(inDomainWords({ message, cause })).toBe(
      [
        'counterexample (found after 1 run, shrunk 29 times): [6]',
        "remove: expected fault 3203, got true: expected '3203', got nothing",
        '(replayed by fast-check seed 7, path "0:1")',
      ].join('\n'),
    );
  });

  test('other messages pass through, less the runner suffix', () => {
    expect(inDomainWords({ message: 'HarnessError: no answer' })).toBe('HarnessError: no answer');
    expect(
      inDomainWords({
        message: 'x: expected 200 to be greater than 300',
        expected: '300',
        actual: '200',
      }),
    ).toBe('x: expected a value greater than 300, got 200');
    expect(inDomainWords({ message: "x: expected 'a' to be a number" })).toBe(
      "x: expected 'a' to be a number",
    );
    expect(inDomainWords({ message: 'x: expected 200 not to be 200 // Object.is equality' })).toBe(
      'x: expected anything but 200, got 200',
    );
    expect(inDomainWords({ message: "x: expected 'ab' not to contain 'a'" })).toBe(
      "x: 'a' is in 'ab', and must not be",
    );
    expect(inDomainWords({ message: 'x: expected 0 to be truthy' })).toBe(
      'x: expected a value, got 0',
    );
  });

  test('toContain: "… is not in …", chai\'s "…(11)" as "… (11 more)"', () => {
    expect(inDomainWords({ message: "x: expected 'abc' to contain 'z'" })).toBe(
      "x: 'z' is not in 'abc'",
    );
    expect(
      inDomainWords({
        message: "the WSDL declares getX: expected [ 'login', 'logout', …(11) ] to include 'getX'",
      }),
    ).toBe("the WSDL declares getX: 'getX' is not in ['login', 'logout', … (11 more)]");
  });
});

describe('expectListed', () => {
  test('names the missing ids, the list as Actual', () => {
    expect(() => expectListed([101, 104], [104], 'GET /api/projects')).not.toThrow();
    let thrown: unknown;
    try {
      expectListed([101, 104], [104, 105], 'GET /api/projects');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ConformanceFailure);
    const failure = thrown as ConformanceFailure;
    expect(failure.message).toBe(
      'GET /api/projects: project 105 is missing from the list (listed: 101, 104)',
    );
    expect(failure.expected).toBe('projects 104, 105 among those listed');
    expect(failure.actual).toBe('projects listed: 101, 104; missing: 105');
    expect(() => expectListed([], [1, 2], 'l', 'tracker')).toThrow(
      'l: trackers 1 and 2 are missing from the list (listed: nothing)',
    );
  });
});

describe('values vitest did not serialise as text', () => {
  test('an array or an object is said as JSON, never a throw (a throw lost the failure)', () => {
    const parts = {
      message: "AssertionError: location: expected [ 'a' ] to include 'b'",
      expected: 'b',
      actual: ['a'],
    };
    expect(valuesInWords(parts)).toEqual({ expected: 'b', actual: '["a"]' });
    expect(() => inDomainWords(parts)).not.toThrow();
  });
});

/** Errors as real runs under planted faults gave them (summary.json), each with its runner words. */
describe('no runner words in a failure: the classes seen under planted faults', () => {
  const cases: Array<[string, ErrorParts, string, { expected?: string; actual?: string }]> = [
    [
      'toBeGreaterThan: the bound is not the expected value',
      {
        message:
          'X-PAGINATION headers (integers): expected 0 to be greater than 0 // Object.is equality',
        expected: '0',
        actual: '0',
      },
      'X-PAGINATION headers (integers): expected a value greater than 0, got 0',
      { expected: 'a value greater than 0', actual: '0' },
    ],
    [
      'not.toBe: anything but the value, whole where chai abridges it',
      {
        message:
          "answered fault 3001, yet the value was written: expected 'written with a session key in another…' not to be 'written with a session key in another…' // Object.is equality",
        expected: 'written with a session key in another form k1',
        actual: 'written with a session key in another form k1',
      },
      "answered fault 3001, yet the value was written: expected anything but 'written with a session key in another form k1', got 'written with a session key in another form k1'",
      {
        expected: 'anything but written with a session key in another form k1',
        actual: 'written with a session key in another form k1',
      },
    ],
    [
      'toBeTruthy: a value, not "to be truthy"',
      { message: 'Etag after creation: expected undefined to be truthy', expected: 'true' },
      'Etag after creation: expected a value, got nothing',
      { expected: 'a value' },
    ],
    [
      'toMatch: a value matching the pattern, not the RegExp serialised as {}',
      {
        message: "faultcode: the §7.1 number: expected 'SOAP-ENV:Server' to match /^\\d+$/",
        expected: '{}',
        actual: 'SOAP-ENV:Server',
      },
      "faultcode: the §7.1 number: expected a value matching /^\\d+$/, got 'SOAP-ENV:Server'",
      { expected: 'a value matching /^\\d+$/', actual: 'SOAP-ENV:Server' },
    ],
    [
      "toContain: the list whole, not chai's '[ Array(1) ]'",
      {
        message: "soap:address: 'http://h/soap/project/' is not in [ Array(1) ]"
          .replace("'http", "expected [ Array(1) ] to include 'http")
          .replace(' is not in [ Array(1) ]', ''),
        actual: '[\n  "http://other.invalid/soap/project/",\n]',
      },
      'soap:address: \'http://h/soap/project/\' is not in ["http://other.invalid/soap/project/"]',
      { actual: '[\n  "http://other.invalid/soap/project/",\n]' },
    ],
    [
      "toBe(true) of a string 'true': Expected and Actual tell them apart",
      {
        message:
          "deactivateService of a service already in that state: expected 'true' to be true // Object.is equality",
        expected: 'true',
        actual: 'true',
      },
      "deactivateService of a service already in that state: expected true, got 'true'",
      { expected: 'true', actual: "'true'" },
    ],
    [
      'toBeTypeOf: a number, not "to be type of \'number\'"',
      {
        message:
          "X-PAGINATION-SIZE is no such header, expected an integer: expected undefined to be type of 'number'",
        expected: 'number',
        actual: 'undefined',
      },
      'X-PAGINATION-SIZE is no such header, expected an integer: expected a number, got nothing',
      { expected: 'a number', actual: 'nothing' },
    ],
    [
      "toContain of a list chai writes '[ +0, 1 ]'",
      { message: "is_used of summary: expected [ +0, 1 ] to include '1'", actual: '[0,1]' },
      "is_used of summary: '1' is not in [0,1]",
      { actual: '[0,1]' },
    ],
  ];
  test.each(cases)('%s', (_, error, words, values) => {
    expect(inDomainWords(error)).toBe(words);
    expect(valuesInWords(error)).toEqual(values);
    const problems = failureWordsProblems({ message: words, ...values });
    expect(problems).toEqual([]);
    // What the report said before, for the record of the class: the detector names it.
    expect(
      failureWordsProblems(error as Parameters<typeof failureWordsProblems>[0]).length,
    ).toBeGreaterThan(0);
  });

  test('the detector: runner and parser words, an Expected equal to its Actual', () => {
    expect(runnerWords('successful PUTs: expected 1 item, got 25')).toMatch(/items/);
    expect(runnerWords("not well-formed XML: char '{' is not expected. (line 1)")).toMatch(
      /parser/,
    );
    expect(runnerWords("x: expected 'a' to match /b/")).toMatch(/chai/);
    expect(
      runnerWords(
        "y: expected the services, got fault 3203 'Permission denied: need to be project admin'",
      ),
    ).toBeUndefined();
    expect(failureWordsProblems({ expected: '0', actual: '0' })).toEqual([
      "Expected and Actual are the same, '0'",
    ]);
  });
});
