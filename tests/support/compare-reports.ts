/**
 * Two report directories compared with what differs between two runs of the same code masked:
 * summary.json, junit.xml and index.html, ids and times masked (times, durations, ports, dates,
 * names made unique per run, the ids the target gave) and the order of tests ignored (vitest starts
 * the suite files in the order of its last run's durations). What is left is what the code
 * changed. Used to show a refactor of the results leaves the reports as they were:
 *
 *   npx tsx tests/support/compare-reports.ts BEFORE_DIR AFTER_DIR [--full]
 *
 * Prints the differences, file by file (each line cut at 400 characters; --full: whole), and exits
 * 1 when there are any.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

export const REPORT_FILES = ['summary.json', 'junit.xml', 'index.html'] as const;

/** What differs between two runs of unchanged code, each with what it becomes. */
/** A masked number becomes 0: summary.json stays JSON. */
const MASKS: ReadonlyArray<
  readonly [RegExp, string | ((match: string, before: string) => string)]
> = [
  // The reference server's port, and the report directory (absolute or relative).
  [/127\.0\.0\.1:\d+/g, '127.0.0.1:PORT'],
  [/\b(port) \d{4,5}\b/g, '$1 PORT'],
  // Times: ISO, HTTP dates, the quota's hour, durations of the run and of each test.
  [/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?(?:Z|[+-]\d\d:\d\d)/g, 'TIME'],
  [/\b(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d\d \w{3} \d{4} \d\d:\d\d:\d\d GMT/g, 'HTTP-DATE'],
  [/until \d\d:\d\d local time/g, 'until HH:MM local time'],
  [/"durationMs": \d+/g, '"durationMs": 0'],
  [/\btime="[\d.]+"/g, 'time="T"'],
  [/\b\d+(?:\.\d+)? (m?s)\b/g, 'N $1'],
  // Names made unique per run (a base-36 suffix), and the ids the target gave in that order.
  [/(?<![a-z\d])m(?=[a-z]*\d)[a-z\d]{7}(?![a-z\d])/g, 'RUN'],
  [/\bRUN[- ]\d+/g, 'RUN-N'],
  // The order of the tests: the ids of what they created, the numbers of a requirement's tests.
  [
    /(&quot;id&quot;: ?|\\?"id\\?": ?|&lt;id&gt;|<id>|artifacts?[/ ])\d+/g,
    (_, before: string) => `${before}0`,
  ],
  [/(title="[^"]*">)\d+(?=<\/a>)/g, (_, before: string) => `${before}0`],
];

export function mask(text: string, reportDir?: string): string {
  let masked = text;
  if (reportDir !== undefined) masked = masked.split(reportDir).join('REPORT_DIR');
  for (const [pattern, replacement] of MASKS)
    masked =
      typeof replacement === 'string'
        ? masked.replace(pattern, replacement)
        : masked.replace(pattern, replacement);
  return masked;
}

/** summary.json as data, every array sorted: the order of the tests is the run's, not the code's. */
export function canonicalJson(text: string): string {
  const sorted = (value: unknown): unknown => {
    if (Array.isArray(value))
      return value
        .map(sorted)
        .map((v) => JSON.stringify(v))
        .sort()
        .map((v) => JSON.parse(v) as unknown);
    if (value !== null && typeof value === 'object')
      return Object.fromEntries(
        Object.entries(value)
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([k, v]) => [k, sorted(v)]),
      );
    return value;
  };
  return JSON.stringify(sorted(JSON.parse(text)), null, 1);
}

/** junit.xml and index.html: one line per element, sorted (the same elements, in any order). */
export function canonicalMarkup(text: string): string {
  return text
    .split(/(?=<[a-zA-Z/!])/)
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .sort()
    .join('\n');
}

/** The lines only one side has, each with its count: '-' before, '+' after. */
export function lineDifferences(before: string, after: string): string[] {
  const count = (text: string) => {
    const counts = new Map<string, number>();
    for (const line of text.split('\n')) counts.set(line, (counts.get(line) ?? 0) + 1);
    return counts;
  };
  const a = count(before);
  const b = count(after);
  const out: string[] = [];
  for (const [line, n] of a) {
    const d = n - (b.get(line) ?? 0);
    if (d > 0) out.push(`- ${d > 1 ? `(×${d}) ` : ''}${line}`);
  }
  for (const [line, n] of b) {
    const d = n - (a.get(line) ?? 0);
    if (d > 0) out.push(`+ ${d > 1 ? `(×${d}) ` : ''}${line}`);
  }
  return out;
}

export function compareReports(
  beforeDir: string,
  afterDir: string,
  files: readonly string[] = REPORT_FILES,
): Record<string, string[]> {
  const differences: Record<string, string[]> = {};
  for (const file of files) {
    const read = (dir: string) => mask(readFileSync(join(dir, file), 'utf8'), dir);
    const canonical = file.endsWith('.json') ? canonicalJson : canonicalMarkup;
    differences[file] = lineDifferences(canonical(read(beforeDir)), canonical(read(afterDir)));
  }
  return differences;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = process.argv.slice(2);
  const full = args.includes('--full');
  const [before, after] = args.filter((a) => a !== '--full');
  if (before === undefined || after === undefined) {
    process.stderr.write(
      'usage: npx tsx tests/support/compare-reports.ts BEFORE_DIR AFTER_DIR [--full]\n',
    );
    process.exit(2);
  }
  const differences = compareReports(before, after);
  let any = false;
  for (const [file, lines] of Object.entries(differences)) {
    process.stdout.write(
      `${file}: ${lines.length === 0 ? 'same (masked)' : `${lines.length} lines differ`}\n`,
    );
    for (const line of lines) process.stdout.write(`  ${full ? line : line.slice(0, 400)}\n`);
    any ||= lines.length > 0;
  }
  process.exit(any ? 1 : 0);
}
