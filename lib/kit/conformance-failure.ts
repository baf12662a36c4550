/**
 * A failed check said in the domain's words, as data: the message, the expected and the actual
 * are domain values (the fault, the status, the ids in a list), and the rule it judged when the
 * check knows it. What the assertion helpers (lib/kit/soap/expect.ts, expectListed) throw.
 */
import { Judging } from './judging.ts';

/** A failed check, said in the domain's words, with domain values as expected and actual. */
export class ConformanceFailure extends Error {
  override name = 'ConformanceFailure';
  /** vitest prints no diff of these: they are words, not values to compare. */
  readonly showDiff = false;
  constructor(
    message: string,
    readonly expected: string,
    readonly actual: string,
    /**
     * The rule the check itself judges, when it knows it (a §7.1 fault code, a fault's HTTP
     * status; several when the spec allows any of them): lib/kit/judging.ts attributes the failure
     * to it, or to the test's scope relying on it.
     */
    readonly requirement?: string | readonly string[],
    /**
     * The rules the check's oracle relies on beside the scope's (a read-back through another
     * route): race-free where several chains of one test judge side by side.
     */
    readonly reliesOn?: readonly string[],
  ) {
    super(message);
    // Thrown inside a property, it is caught by fast-check: the scope is the one it is made in.
    Judging.current()?.stamp(this);
  }
}

/** `ids` (a list the target answered) holds every one of `wanted`; else the missing are named. */
export function expectListed(
  ids: readonly (number | string)[],
  wanted: readonly (number | string)[],
  what: string,
  noun = 'project',
): void {
  const missing = wanted.filter((id) => !ids.includes(id));
  if (missing.length === 0) return;
  const names =
    missing.length === 1
      ? `${noun} ${missing[0]} is`
      : `${noun}s ${missing.slice(0, -1).join(', ')} and ${missing.at(-1)} are`;
  throw new ConformanceFailure(
    `${what}: ${names} missing from the list (listed: ${idList(ids)})`,
    `${noun}s ${idList(wanted)} among those listed`,
    `${noun}s listed: ${idList(ids)}; missing: ${idList(missing)}`,
  );
}

function idList(ids: readonly (number | string)[]): string {
  return ids.length === 0 ? 'nothing' : ids.join(', ');
}
