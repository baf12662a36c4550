/**
 * Why a goal of the last measured run was missed, keyed by the goal's id (bench/main.ts goals()),
 * written from the profile of that run. docs/performance.md's Performance block and results.md show the
 * entry beside each missed goal, and say so when a missed goal has none: edit this file after a
 * bench run, then `npm run bench -- --render`.
 */
export const WHY_MISSED: Readonly<Record<string, string>> = {
  'delay-ratio':
    'the run through the proxy (19.1 s; 31.9 s in the run before) is now bound by its longest ' +
    'file. Read from a `--har` run through the proxy (the longest chain of requests each sent ' +
    'after the one before was answered, "rounds"): membership 261 (its two model-based ' +
    'properties 82 and 63, each spread over two projects; its scenarios the rest), collections ' +
    '200, services 183, description-fields 169, add-project 162, generic-user 110, the others ' +
    '≤ 83; 1,512 rounds in all (1,911 before this run’s spreads). With six files at once ' +
    '(`--concurrency` now defaults to 6: 25.6 s with 4, 19.2 s with 6, 19.1 s with 8 through ' +
    'the proxy on the same tree) the membership file alone is 261 × 50 ms ≈ 13 s, plus the ' +
    'provisioning and start through the proxy. Next: the membership scenarios and its model ' +
    'on projects of their own, so that they are two chains, or the tests of a file run ' +
    'concurrently (that needs a transcript per test, the test context’s expect in the suites ' +
    'and Allure’s labels per test).',
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
    'npm test went from 10.0 to 9.0 min (all 899 passing) and from 1,006 to 911 s of CPU: on 2 ' +
    'cores 5 minutes is at most 600. Measured per file (each alone, quiet): variants 276 and ' +
    'self-validation 269 CPU-s (before this run’s cuts to a CLI run), false-alarms 142, ' +
    'real-target 39, shard-merge-compare 39, polite 28, the other files ≤ 25 each; tsc 11 and ' +
    'eslint 24 (now side by side). About 120 of its CLI runs (planted faults, variants, false ' +
    'alarms) pay ~2.5 s of CPU each before and around the suites (node, vitest 0.27, tsx 0.2, ' +
    'the harness modules 0.55, vitest’s start and worker 0.6, Allure’s generator 0.3–0.8 after ' +
    'this run’s bundling): about 300 CPU-s. Left: a driver that judges several targets from one ' +
    'loaded CLI, and faults or variants proved not to hide each other sharing one run.',
};
