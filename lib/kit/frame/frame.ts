/**
 * Frame conditions (docs/what-the-suites-assume.md, "Frame conditions"): a write changes only what
 * §4.2 says it changes. A frame is the observable state around a write, as places (a user group's
 * users, a project's services) each read as a sorted list of entries; the suites read it before
 * and after their writes and judge every change the writes do not account for.
 */
import { ConformanceFailure } from '../conformance-failure.ts';
import type { ConformanceContext } from '../conformance-test.ts';
import type { RequirementId } from '../../requirements/index.ts';

/** One place of the frame and how to read it: its entries, or undefined when it is unreadable. */
export interface FramePart {
  place: string;
  read: () => Promise<readonly string[] | undefined>;
}

export type FrameState = ReadonlyMap<string, readonly string[] | undefined>;

const sortedOrUndefined = (entries: readonly string[] | undefined) =>
  entries === undefined ? undefined : [...entries].sort();

/** Every part, read side by side. */
export async function readFrame(parts: readonly FramePart[]): Promise<FrameState> {
  const read = await Promise.all(
    parts.map(async (p) => [p.place, sortedOrUndefined(await p.read())] as const),
  );
  return new Map(read);
}

/** What changed at one place: the entries that went and came; unreadable: readable before, not now. */
export interface FrameChange {
  place: string;
  gone: readonly string[];
  came: readonly string[];
  unreadable?: boolean;
}

/** The changes from `before` to `after`, place by place (a place unreadable before is not judged). */
export function frameChanges(before: FrameState, after: FrameState): FrameChange[] {
  const changes: FrameChange[] = [];
  for (const [place, was] of before) {
    if (was === undefined) continue;
    const now = after.get(place);
    if (now === undefined) {
      changes.push({ place, gone: [], came: [], unreadable: true });
      continue;
    }
    const gone = was.filter((e) => !now.includes(e));
    const came = now.filter((e) => !was.includes(e));
    if (gone.length > 0 || came.length > 0) changes.push({ place, gone, came });
  }
  return changes;
}

/** A change in words; `names`: what an entry stands for (a user id's login). */
export function describeChange(
  change: FrameChange,
  names: ReadonlyMap<string, string> = new Map(),
): string {
  if (change.unreadable) return `${change.place}: readable before, not after`;
  const say = (entries: readonly string[]) =>
    entries.map((e) => (names.has(e) ? `${e} (${names.get(e)})` : e)).join(', ');
  const parts = [
    ...(change.gone.length > 0 ? [`lost ${say(change.gone)}`] : []),
    ...(change.came.length > 0 ? [`gained ${say(change.came)}`] : []),
  ];
  return `${change.place}: ${parts.join('; ')}`;
}

/**
 * Fails `rule` with the changes the writes `what` made beyond what §4.2 says they change; `sampled`
 * says which state was read (the frame is a sample where the whole is costly).
 */
export function failFrame(
  changes: readonly FrameChange[],
  rule: RequirementId | readonly RequirementId[],
  what: string,
  sampled: string,
  reliesOn?: readonly RequirementId[],
  names?: ReadonlyMap<string, string>,
): never {
  const lines = changes.map((c) => describeChange(c, names));
  throw new ConformanceFailure(
    `after ${what}: ${lines.join(' | ')} (beyond what §4.2 says the write changes; read back: ${sampled})`,
    'nothing changed beyond what the write names (§4.2)',
    lines.join('; '),
    rule,
    reliesOn,
  );
}

/**
 * Reads `parts` again and fails `rule` (judged in a scope of its own, after the test's other
 * checks) when anything changed since `before`: the frame of one write.
 */
export async function expectUnchanged(
  ctx: ConformanceContext,
  frame: { parts: readonly FramePart[]; sampled: string },
  before: FrameState,
  rule: RequirementId,
  what: string,
): Promise<void> {
  ctx.judging(rule);
  const changes = frameChanges(before, await readFrame(frame.parts));
  if (changes.length > 0) failFrame(changes, rule, what, frame.sampled);
}
