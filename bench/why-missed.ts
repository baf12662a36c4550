/**
 * Why a goal of the last measured run was missed, keyed by the goal's id (bench/main.ts goals()),
 * written from the profile of that run. docs/performance.md's Performance block and results.md show the
 * entry beside each missed goal, and say so when a missed goal has none: edit this file after a
 * bench run, then `npm run bench -- --render`.
 */
export const WHY_MISSED: Readonly<Record<string, string>> = {
  'throughput: REST POST /api/trackers/:id/artifacts (query, a page of 10)':
    'the answer is a page of 10 artifacts, about 7 KB, against the bare server’s 30 bytes; 51 µs ' +
    'of server CPU per answer (58 in the run before: no closure per artifact, the kept JSON as ' +
    'bytes copied into one buffer) against the bare server’s 19. Profile (perf): the writev ' +
    'system call, the kernel sending 7 KB over loopback and waking wrk, 38 %; Node’s HTTP ' +
    'parser and dispatch most of the rest; the server’s own code about 16 % (routing 6.6 %, ' +
    'reading the body 4.3 %, the page 2.5 %, headers 2 %, GC 0.9 %). A bare node:http server ' +
    'sending the same 7 KB page with the same headers costs 21–29 µs: 0.5× would need 38 µs, ' +
    'so almost none of the gap is the server’s own code.',
  'throughput: SOAP getProjectServicesUsage (array)':
    'server CPU per answer went from 71 µs to 58 µs this run (prepared strings made flat once, ' +
    'fewer pieces joined per answer, no closure per request), against the bare server’s 18; ' +
    '0.35× needs about 51. An answer is one writev and a request one read (strace: the ' +
    'minimum). A node:http server that reads the same body and sends a fixed answer of the same ' +
    '2.6 KB costs 28–31 µs against the bare server’s 18–21, so about 27 µs of the 58 are the ' +
    'SOAP handler and the shared HTTP layer (8–10 µs more than bare per request, outside SOAP): ' +
    'parsing the call ~3.7 µs, the rest the operation and encoding.',
  'npm-test':
    'on 2 cores 5 minutes is at most 600 CPU-s; npm test takes about 1,230. Measured per file ' +
    '(each alone under vitest --coverage, quiet): variants 335, self-validation 201 and ' +
    'false-alarms 134 CPU-s, the verdict coverage; the tests project’s 44 files about 545 in ' +
    'npm test (cli-run 48, terminal-and-reports 42, shard-merge-compare 42, leave-as-found 40, ' +
    'report-size 36, real-target 33, the others ≤ 25), tsc and eslint 40, the units about 25: ' +
    'without the verdict coverage it is already over 600. No part is a hot spot: a full run is ' +
    '13.5–14 CPU-s for about 3,200 requests with a flat profile (undici 8 %, fast-xml-parser ' +
    '7 %, the kit 10 %, GC 6 %); --runs hardly changes it (10, 25, 100 runs: 2,821, 3,158, ' +
    '3,479 requests); coverage costs nothing measurable (variants 335 with, 341 without); a ' +
    'warm run in a driver costs 0.64 CPU-s, so faults sharing runs would save about 60. Five ' +
    'minutes needs a decision: a larger budget, a second command for the verdict coverage, or ' +
    'less of it.',
};
