/**
 * A server's hook points take any number of hook sets (rest/hooks.ts, soap/hooks.ts,
 * server-state.ts), each with a hook at some of the points: at one point, the hooks of every set
 * that has one run in the sets' order. No set: the correct server.
 */
export function hooksAt<H extends object, K extends keyof H>(
  sets: readonly H[],
  point: K,
): Array<NonNullable<H[K]>> {
  return sets.flatMap((set) => (set[point] === undefined ? [] : [set[point] as NonNullable<H[K]>]));
}
