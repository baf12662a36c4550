/**
 * Failure messages in the report's words, not the test runner's (design.md: "expected success,
 * got fault 3203"). Two halves:
 *
 * - ConformanceFailure (conformance-failure.ts): what the assertion helpers throw: the message, the
 *   expected and the actual are already domain values (the fault, the status, the ids in a list),
 *   so nothing of vitest's matcher wording reaches the report.
 * - inDomainWords / valueInWords: for the suites' plain `expect(x, 'what').toBe(y)`, the
 *   collector rewrites vitest's wrapper ("what: expected 200 to be 412 // Object.is equality")
 *   as "what: expected 412, got 200", and fast-check's failure report as a counterexample line.
 *   Only the wording changes: every check stays as it was.
 */

/** One line of a (pretty-printed, multi-line) value: `[\n  101,\n  104,\n]` → `[101, 104]`. */
export function oneLine(value: string, max = 300): string {
  const line = value
    .replace(/,\s*\n\s*([\]}])/g, '$1')
    .replace(/([[{])\s*\n\s*/g, '$1')
    .replace(/\s*\n\s*/g, ' ');
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/**
 * vitest's serialisation of an asymmetric matcher (expect.arrayContaining…) loses its class:
 * `{ "inverse": false, "sample": [104, 105] }`. Said as what it asks for.
 */
const ASYMMETRIC = /^\{\s*"inverse": (true|false),\s*"sample": ([\s\S]*?),?\s*\}$/;

/** An expected or actual value of vitest's, as the report shows it. */
export function valueInWords(value: string): string {
  const asymmetric = ASYMMETRIC.exec(value.trim());
  if (asymmetric) {
    const sample = oneLine(asymmetric[2]!);
    const items = /^\[(.*)\]$/s.exec(sample)?.[1];
    const what = items === undefined ? sample : items === '' ? 'nothing' : items;
    return asymmetric[1] === 'true' ? `a list without ${what}` : `a list holding ${what}`;
  }
  const containing = /^Array(Not)?Containing (\[[\s\S]*\])$/.exec(value.trim());
  if (containing) {
    const items = oneLine(containing[2]!).slice(1, -1);
    return `a list ${containing[1] ? 'without' : 'holding'} ${items === '' ? 'nothing' : items}`;
  }
  if (value === 'undefined') return 'nothing';
  return value;
}

/** The parts of an error the collector reads (vitest's SerializedError). */
export interface ErrorParts {
  message: string;
  /** vitest's serialised values: mostly a string, pretty-printed; a list or object at times. */
  expected?: unknown;
  actual?: unknown;
  /** A property's failed check (fast-check's report without includeErrorInReport). */
  cause?: unknown;
}

/** chai's words after a custom message, e.g. `expected 200 to be 412 // Object.is equality`. */
const CHAI_TAIL =
  /^expected ([\s\S]*) to (be undefined|be defined|be|equal|deeply equal|strictly equal|have a length of)\b([\s\S]*?)(?: \/\/ Object\.is equality)?$/;

/**
 * One assertion's message in the report's words: a custom message keeps its words and says
 * "expected E, got A" from the error's own expected and actual; "AssertionError:" and "// Object.is
 * equality" go; fast-check's report becomes a counterexample line.
 */
export function inDomainWords(error: ErrorParts): string {
  const message = error.message;
  const property = propertyFailure(message, error.cause);
  if (property) return property;
  return assertionInWords(message, asText(error.expected), asText(error.actual));
}

function assertionInWords(
  message: string,
  expected: string | undefined,
  actual: string | undefined,
): string {
  const text = message.replace(/^(AssertionError|ConformanceFailure|Error): /, '');
  const cut = text.lastIndexOf(': expected ');
  if (cut < 0) return withoutRunnerSuffix(text);
  const custom = text.slice(0, cut);
  const negated = NOT_TAIL.exec(text.slice(cut + 2));
  if (negated) {
    // The error's own values, whole, where chai abridges a long string ('…').
    const but = typeof expected === 'string' ? quotedAs(negated[2]!, expected) : negated[2]!;
    const got = typeof actual === 'string' ? quotedAs(negated[1]!, actual) : negated[1]!;
    return withoutRunnerSuffix(
      `${custom}: expected anything but ${oneLine(but)}, got ${oneLine(got)}`,
    );
  }
  const match = MATCH_TAIL.exec(text.slice(cut + 2));
  if (match) return `${custom}: expected a value matching ${match[2]}, got ${match[1]}`;
  const notContain =
    /^expected ([\s\S]*) not to (?:include|contain|deep equally contain) ([\s\S]*)$/.exec(
      text.slice(cut + 2),
    );
  if (notContain)
    return withoutRunnerSuffix(
      `${custom}: ${chaiList(notContain[2]!)} is in ${chaiList(notContain[1]!)}, and must not be`,
    );
  // Other negated matchers: chai's words stay.
  if (/^expected [\s\S]* (not to|to not) /.test(text.slice(cut + 2)))
    return withoutRunnerSuffix(text);
  const contain = CONTAIN_TAIL.exec(text.slice(cut + 2));
  if (contain) {
    // chai abridges the list ('[ Array(1) ]', '…(11)'): the error's actual holds it whole.
    const list = typeof actual === 'string' ? oneLine(actual) : chaiList(contain[1]!);
    return withoutRunnerSuffix(`${custom}: ${chaiList(contain[2]!)} is not in ${list}`);
  }
  const tail = CHAI_TAIL.exec(text.slice(cut + 2));
  if (!tail) return withoutRunnerSuffix(text);
  const matcher = tail[2]!;
  if (matcher === 'have a length of') {
    // The custom message names what is counted ('successful PUTs'): the counts alone.
    const lengths = /^ (\d+) but got \+?(\d+)/.exec(tail[3]!);
    if (lengths) return `${custom}: expected ${lengths[1]}, got ${lengths[2]}`;
  }
  if (matcher === 'be undefined')
    return withoutRunnerSuffix(
      `${custom}: expected nothing, got ${typeof actual === 'string' ? oneLine(actual) : tail[1]!}`,
    );
  if (matcher === 'be defined') return `${custom}: expected a value, got nothing`;
  const type = matcher === 'be' ? /^ type of '(\w+)'$/.exec(tail[3]!) : null;
  if (type) {
    const got = tail[1] === 'undefined' ? 'nothing' : oneLine(actualShown(tail[1]!, actual));
    return `${custom}: expected ${article(type[1]!)}, got ${got}`;
  }
  if (matcher === 'be' && /^ (truthy|falsy)$/.test(tail[3]!)) {
    const got = tail[1] === 'undefined' ? 'nothing' : oneLine(actualShown(tail[1]!, actual));
    return `${custom}: expected ${tail[3] === ' truthy' ? 'a value' : 'no value'}, got ${got}`;
  }
  if (matcher === 'be' && /^ (greater|less) than /.test(tail[3]!))
    return withoutRunnerSuffix(`${custom}: expected a value${tail[3]!}, got ${tail[1]!}`);
  // Other "to be …" matchers (truthy, one of, a string, close to, NaN…): chai's words stay.
  if (matcher === 'be' && !/^ (['"[{(<-]|\d|true\b|false\b|undefined\b)/.test(tail[3]!))
    return withoutRunnerSuffix(text);
  // The error's own values (printed in full, where chai abridges: "…(1)"), a string quoted as
  // chai quotes it; in a property's report, where only chai's words remain, those.
  const chaiWant = tail[3]!.trim();
  const want = typeof expected === 'string' ? quotedAs(chaiWant, expected) : chaiWant;
  const got = typeof actual === 'string' ? quotedAs(tail[1]!, actual) : tail[1]!;
  if (want === '') return withoutRunnerSuffix(text);
  // expect(condition, 'what').toBe(true): the custom message states the condition.
  if (isBooleanPair(want, got))
    return `${custom}: ${want === 'true' ? 'does not hold' : 'holds, and must not'}`;
  return `${custom}: expected ${oneLine(valueInWords(want))}, got ${oneLine(valueInWords(got))}`;
}

/** The actual value as the message shows it: the error's own (whole), quoted as chai quotes it. */
function actualShown(chai: string, actual: string | undefined): string {
  return typeof actual === 'string' && actual !== 'nothing' ? quotedAs(chai, actual) : chai;
}

/** 'a number', 'an object'. */
function article(type: string): string {
  return `${/^[aeiou]/.test(type) ? 'an' : 'a'} ${type}`;
}

/** chai's rendering of a list, '[ +0, 1 ]', as the report writes one: '[0, 1]'. */
function chaiList(text: string): string {
  return text.replace(/^\[ ([\s\S]*) \]$/, '[$1]').replace(/(^|[\s[,])\+0(?=[,\s\]]|$)/g, '$10');
}

function isBooleanPair(expected: string, actual: string): boolean {
  return /^(true|false)$/.test(expected) && /^(true|false)$/.test(actual) && expected !== actual;
}

const HOLDS: Record<string, string> = { true: 'holds', false: 'does not hold' };

/** A raw string value (vitest keeps a string's expected and actual unquoted) as chai showed it. */
function quotedAs(chai: string, value: string): string {
  return /^'[\s\S]*'$/.test(chai) ? `'${value}'` : value;
}

/**
 * vitest hands a value it could not serialise as it was (an object, a number): said as text, so
 * that reading a failure never throws (a throw here lost the failure: a harness error instead).
 */
function asText(value: unknown): string | undefined {
  if (value === undefined || typeof value === 'string') return value;
  try {
    return JSON.stringify(value) ?? typeof value;
  } catch {
    return Object.prototype.toString.call(value);
  }
}

/** The error's expected and actual as the report's Expected and Actual show them. */
export function valuesInWords(parts: ErrorParts): { expected?: string; actual?: string } {
  const expected = asText(parts.expected);
  const actual = asText(parts.actual);
  const error = {
    message: parts.message,
    ...(expected === undefined ? {} : { expected }),
    ...(actual === undefined ? {} : { actual }),
  };
  const length = /: expected [\s\S]* to have a length of (\d+) but got \+?(\d+)$/.exec(
    error.message,
  );
  if (length) return { expected: length[1]!, actual: length[2]! };
  // Matchers whose expected is a bound, a pattern or a negation, not a value: said as such (chai
  // gives the bound as the expected: 'Expected 0 / Actual 0' for 'greater than 0, got 0').
  const cut = error.message.lastIndexOf(': expected ');
  const chai = cut < 0 ? '' : error.message.slice(cut + 2);
  const actualWords = error.actual === undefined ? {} : { actual: valueInWords(error.actual) };
  const bound = /^expected [\s\S]* to be ((?:greater|less) than (?:or equal to )?\S+)/.exec(chai);
  if (bound) return { expected: `a value ${bound[1]!}`, ...actualWords };
  const pattern = MATCH_TAIL.exec(chai);
  if (pattern) return { expected: `a value matching ${pattern[2]!}`, ...actualWords };
  const negated = NOT_TAIL.exec(chai);
  if (negated && error.expected !== undefined)
    return { expected: `anything but ${valueInWords(error.expected)}`, ...actualWords };
  const type = /^expected [\s\S]* to be type of '(\w+)'$/.exec(chai);
  if (type) return { expected: article(type[1]!), ...actualWords };
  const truthy = /^expected [\s\S]* to be (truthy|falsy)$/.exec(chai);
  if (truthy) return { expected: truthy[1] === 'truthy' ? 'a value' : 'no value', ...actualWords };
  const tail = CHAI_TAIL.exec(chai);
  if (
    tail &&
    error.expected !== undefined &&
    error.actual !== undefined &&
    error.expected === error.actual
  ) {
    // The same text, different values (true and 'true'): as chai quoted each.
    return {
      expected: quotedAs(tail[3]!.trim(), error.expected),
      actual: quotedAs(tail[1]!, error.actual),
    };
  }
  if (
    error.expected !== undefined &&
    error.actual !== undefined &&
    isBooleanPair(error.expected, error.actual)
  )
    return { expected: HOLDS[error.expected]!, actual: HOLDS[error.actual]! };
  return {
    ...(error.expected === undefined ? {} : { expected: valueInWords(error.expected) }),
    ...(error.actual === undefined ? {} : { actual: valueInWords(error.actual) }),
  };
}

/** `.not.toBe(x)` and `.not.toEqual(x)`, in chai's words. */
const NOT_TAIL =
  /^expected ([\s\S]*) not to (?:be|equal|deeply equal|strictly equal) ([\s\S]*?)(?: \/\/ Object\.is equality)?$/;

/** toMatch, in chai's words. */
const MATCH_TAIL = /^expected ([\s\S]*) to match (\/[\s\S]*\/[a-z]*)$/;

/** chai's words of toContain and toContainEqual (no expected or actual of their own). */
const CONTAIN_TAIL = /^expected ([\s\S]*) to (?:include|contain|deep equally contain) ([\s\S]*)$/;

/** Less "// Object.is equality"; chai's abridged "[ 'a', …(11) ]" says how many it left out. */
function withoutRunnerSuffix(text: string): string {
  return text.replace(/ \/\/ Object\.is equality/g, '').replace(/…\((\d+)\)/g, '… ($1 more)');
}

/** The check without its stack frames: they say nothing of the target (the transcript does). */
function withoutFrames(text: string): string {
  const lines = text.split('\n');
  const firstFrame = lines.findIndex((l) => /^\s+at /.test(l));
  return (firstFrame < 0 ? lines : lines.slice(0, firstFrame)).join('\n');
}

/** The failed check fast-check kept as the report's cause, in words. */
function causeInWords(cause: unknown): string {
  if (typeof cause !== 'object' || cause === null || !('message' in cause)) return '';
  const parts = cause as ErrorParts;
  return withoutFrames(inDomainWords({ ...parts, message: String(parts.message) }));
}

/**
 * fast-check's failure report ("Property failed after 9 tests\n{ seed: …, path: … }\n
 * Counterexample: [...]\nShrunk 1 time(s)\nGot AssertionError: …\n<stack>\n\nHint: …") as
 * "counterexample (found after 9 runs, shrunk 1 time): […]" first (the terminal's why: line), the
 * failed check in words, and the seed and path that replay it, with the lines before the report
 * (a share's note); no stack frame.
 */
function propertyFailure(message: string, cause: unknown): string | undefined {
  const report =
    /^([\s\S]*?)Property failed after (\d+) tests?\n\{ seed: (-?\d+), path: "([^"]*)"[^\n]*\}\nCounterexample: ([^\n]*)\n(?:Shrunk (\d+) time\(s\)\n)?(?:Got (?:error: )?([\s\S]*?))?(?:\n*Hint: [^\n]*)?\s*$/.exec(
      message,
    );
  if (!report) return undefined;
  const [, before, runs, seed, path, counterexample, shrunk, got] = report;
  const check =
    got === undefined
      ? causeInWords(cause)
      : assertionInWords(withoutFrames(got), undefined, undefined);
  const example = counterexample!.replace(/ ?\/\*replayPath="[^"]*"\*\//g, '');
  const shrinks = shrunk === undefined ? '' : `, shrunk ${shrunk} time${shrunk === '1' ? '' : 's'}`;
  const note = before!.trim();
  return [
    `counterexample (found after ${runs} run${runs === '1' ? '' : 's'}${shrinks}): ${example}`,
    check,
    `(replayed by fast-check seed ${seed}, path "${path}"${note === '' ? '' : `; ${note}`})`,
  ].join('\n');
}

/**
 * The test runner's or a parser's vocabulary, which no report may show (a failure says what was
 * checked, what was expected and what came back, in the spec's words): each pattern with what it
 * is. Self-validation runs every check that fails under a planted fault through `runnerWords`.
 */
const RUNNER_VOCABULARY: ReadonlyArray<readonly [RegExp, string]> = [
  [/\/\/ Object\.is equality|\bObject\.is\b/, "chai's '// Object.is equality'"],
  [/\b(?:AssertionError|TypeError|RangeError|SyntaxError|ReferenceError)\b/, 'an error class'],
  [
    /: expected (?:(?!, got )[^\n])*? (?:not )?to (?:be|equal|deeply equal|strictly equal|have a length of|have property|include|contain|deep equally contain|match|satisfy|throw)\b/,
    "chai's 'expected … to be …'",
  ],
  [/…\(\d+\)/, "chai's abridged '…(N)'"],
  [
    /\b(?:Array|Object)(?:Not)?Containing\b|"inverse":|\[Object\]|\[Array\]|\bArray\(\d+\)|\[Function\b|\[ [^\]\n]* \]|(?:^|[\s[,])\+0[,\s\]]/,
    "vitest's serialisation of a value",
  ],
  [
    /\bis not expected\.|\bUnexpected token\b|\bInvalid(?:Char|Tag|Attr|Xml)\b|\bin JSON at position\b|\bUnexpected end of JSON\b|\bchar '.' is not\b/,
    "a parser's error words",
  ],
  [/\bexpected \d+ items?, got \d+/, "a count of 'items': the harness's word, not what is counted"],
  [/\b(?:toBe|toEqual|toStrictEqual|toHaveLength|toContain|toMatch|toThrow)\w*\(/, 'a matcher'],
];

/** The runner's or a parser's words in a failure's text: what they are, or undefined. */
export function runnerWords(text: string): string | undefined {
  for (const [pattern, what] of RUNNER_VOCABULARY) {
    const found = pattern.exec(text);
    if (found) return `${what}: "${found[0].slice(0, 80)}"`;
  }
  return undefined;
}

/**
 * What is wrong with the words of a failure (its message, expected and actual), one line each:
 * the runner's vocabulary, or an Expected equal to its Actual ("Expected 0 / Actual 0" says
 * nothing of what was due).
 */
export function failureWordsProblems(failure: {
  message?: string;
  expected?: string;
  actual?: string;
}): string[] {
  const problems: string[] = [];
  for (const [part, text] of [
    ['message', failure.message],
    ['expected', failure.expected],
    ['actual', failure.actual],
  ] as const) {
    const words = text === undefined ? undefined : runnerWords(text);
    if (words !== undefined) problems.push(`${part}: ${words}`);
  }
  if (
    failure.expected !== undefined &&
    failure.expected !== '' &&
    failure.expected === failure.actual
  )
    problems.push(`Expected and Actual are the same, '${failure.expected.slice(0, 80)}'`);
  return problems;
}
