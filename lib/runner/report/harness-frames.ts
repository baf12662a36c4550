/**
 * Stack frames of the harness itself (node_modules, node's internals, lib/) say nothing about the
 * target: reports leave them out, keeping the frames of the suite that made the check.
 */
const HARNESS_FRAME = /^\s+at .*(node_modules|node:internal|\/lib\/)/;
/** A suite's frame: kept, also from the installed package (node_modules/…/dist/suites/). */
const SUITE_FRAME = /\/suites\/[^/\s]+\/[^/\s]+\.test\.[jt]s:/;

export function isHarnessFrame(line: string): boolean {
  return HARNESS_FRAME.test(line) && !SUITE_FRAME.test(line);
}

/** The text without the harness's stack frames (a message that carries a stack). */
export function stripHarnessFrames(text: string): string {
  if (!text.includes('    at ')) return text;
  return text
    .split('\n')
    .filter((line) => !isHarnessFrame(line))
    .join('\n');
}
