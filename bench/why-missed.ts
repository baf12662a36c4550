/**
 * Why a goal of the last measured run was missed, keyed by the goal's id (bench/main.ts goals()).
 * docs/performance.md's Performance block and results.md show the entry beside each missed goal,
 * and say so when a missed goal has none: edit this file after a bench run, then
 * `npm run bench -- --render`. An entry says what the figures of the run's tables come from, never
 * a figure: those are the generated output's.
 */
export const WHY_MISSED: Readonly<Record<string, string>> = {
  'throughput: REST POST /api/trackers/:id/artifacts (query, a page of 10)':
    'the answer is a page of 10 artifacts, some KB against the bare server’s few bytes. A perf ' +
    'profile of the server puts most of its CPU per answer (the throughput table) in the kernel ' +
    'sending the page over loopback (writev) and in Node’s HTTP parser and dispatch; its own ' +
    'code (routing, reading the body, the page, headers) is a small part. A bare node:http server ' +
    'sending the same page with the same headers costs nearly as much: the gap is not the ' +
    'server’s own code.',
  'throughput: SOAP getProjectServicesUsage (array)':
    'an answer is one writev and a request one read (strace: the minimum). A node:http server ' +
    'that reads the same body and sends a fixed answer of the same size already costs well over ' +
    'the bare server: about half of the gap is the HTTP layer shared with REST and the size of ' +
    'the answer, the rest parsing the call, the operation and encoding.',
  'npm-test':
    'npm test runs every check, property run, planted fault and variant (the verdict coverage: ' +
    'self-validation, variants, false alarms, the larger part of its CPU time); on two cores its ' +
    'wall time cannot go below half its CPU time (the table below). A run on a machine other ' +
    'processes share (its others column) is slower than CI.',
};
