/**
 * Why a goal of the last measured run was missed, keyed by the goal's id (bench/main.ts goals()),
 * written from the profile of that run. The README's Performance block and results.md show the
 * entry beside each missed goal, and say so when a missed goal has none: edit this file after a
 * bench run, then `npm run bench -- --render`.
 */
export const WHY_MISSED: Readonly<Record<string, string>> = {};
