import { expect, test } from 'vitest';
import { luaString, parseWrkOutput, wrkScript } from './wrk.ts';

/** The stdout of `wrk -t2 -c50 -d1s -s <a static script>` against bench/bare-server.ts. */
const OUTPUT = `Running 1s test @ http://127.0.0.1:44037
  2 threads and 50 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency     4.53ms   11.37ms  96.48ms   93.15%
    Req/Sec    14.70k     7.43k   29.94k    71.43%
  30906 requests in 1.11s, 5.25MB read
Requests/sec:  27846.25
Transfer/sec:      4.73MB
wrk-result {"requests":30906,"durationUs":1109880,"p50Us":1322,"p99Us":69557,"maxUs":96482,"status":0,"connect":0,"read":0,"write":0,"timeout":0}
`;

test("parseWrkOutput reads done()'s line, in ms and answers per second", () => {
  const { throughput, ...rest } = parseWrkOutput(OUTPUT);
  expect(throughput).toBeCloseTo(27846.2536, 3); // wrk's own Requests/sec: 27846.25
  expect(rest).toEqual({
    requests: 30906,
    durationMs: 1109.88,
    p50Ms: 1.322,
    p99Ms: 69.557,
    maxMs: 96.482,
    errors: { status: 0, connect: 0, read: 0, write: 0, timeout: 0 },
  });
});

test("parseWrkOutput carries wrk's error counts, and refuses an output without its line", () => {
  const failing = OUTPUT.replace('"status":0', '"status":17').replace('"timeout":0', '"timeout":2');
  expect(parseWrkOutput(failing).errors).toEqual({
    status: 17,
    connect: 0,
    read: 0,
    write: 0,
    timeout: 2,
  });
  expect(() => parseWrkOutput(OUTPUT.split('wrk-result')[0]!)).toThrow(/no 'wrk-result' line/);
  expect(() => parseWrkOutput(OUTPUT.replace('"p99Us":69557', '"p99Us":null'))).toThrow(
    /p99Us is not a number/,
  );
});

test('luaString escapes quotes, backslashes, control and non-ASCII bytes as decimal escapes', () => {
  expect(luaString('plain /path?a=1')).toBe('"plain /path?a=1"');
  expect(luaString('say "hi"\\')).toBe('"say \\"hi\\"\\\\"');
  expect(luaString('a\r\nb\té')).toBe('"a\\013\\010b\\009\\195\\169"');
});

test('one request makes a static script: wrk formats it once, no request() per answer', () => {
  const script = wrkScript([
    [
      {
        method: 'POST',
        path: '/soap/project/',
        headers: { 'content-type': 'text/xml', soapaction: '"urn:x#op"' },
        body: '<a b="1"/>\n',
      },
    ],
  ]);
  expect(script).toContain(
    [
      'wrk.method = "POST"',
      'wrk.path = "/soap/project/"',
      'wrk.headers["content-type"] = "text/xml"',
      'wrk.headers["soapaction"] = "\\"urn:x#op\\""',
      'wrk.body = "<a b=\\"1\\"/>\\010"',
    ].join('\n'),
  );
  expect(script).not.toContain('function request()');
  expect(script).not.toContain('function response(');
  expect(script).toContain('function done(summary, latency, requests)');
  expect(script).toContain("io.write(string.format(\n    'wrk-result {");
});

test('sequences make one per thread, each sent in its order, prepared in init()', () => {
  const script = wrkScript([
    [
      { method: 'POST', path: '/add', body: 'a' },
      { method: 'POST', path: '/remove', body: 'r' },
    ],
    [{ method: 'GET', path: '/x', headers: { 'x-auth-token': 't' } }],
  ]);
  expect(script).toContain(
    'local sequences = {\n' +
      '  { { "POST", "/add", {  }, "a" },\n' +
      '    { "POST", "/remove", {  }, "r" } },\n' +
      '  { { "GET", "/x", { ["x-auth-token"] = "t" }, nil } }\n' +
      '}',
  );
  expect(script).toContain('thread:set("sequence", threads % #sequences + 1)');
  expect(script).toContain('prepared[i] = wrk.format(r[1], r[2], r[3], r[4])');
  // Moved on by answers: wrk's own extra request() call (its script check) must not skip one.
  expect(script).toContain('return prepared[answered % #prepared + 1]');
  expect(script).toContain('function response(status, headers, body)\n  answered = answered + 1');
  expect(() => wrkScript([])).toThrow(/empty/);
  expect(() => wrkScript([[]])).toThrow(/empty/);
});
