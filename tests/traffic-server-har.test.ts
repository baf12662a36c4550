/**
 * The server's side of traffic judgement on the suites' own traffic (`--har`): a correct server,
 * the default one and variants that answer otherwise (choices the spec allows), gives no server
 * failure; a server with planted faults whose effect shows in the answers is caught by the rules
 * named in reference-server/faults/ or by the rule the effect breaks first. Faults are planted
 * together where they break different requirements, one run for several, to spare CPU.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { newReportDir, runCli, startServerProcess } from './support/cli.ts';
import { failuresOf, harExchanges, judgeExchanges } from './support/traffic-server-har.ts';

/** A run of the suites under load (the machine is shared) takes minutes: runCli's own limit. */
const RUN_TIMEOUT = 300_000;

async function recordedAgainst(server: string[], suites: string[]) {
  const har = join(newReportDir(), 'traffic.har');
  const target = await startServerProcess('reference-server/main.ts', [
    '--port',
    '0',
    '--test-control',
    ...server,
  ]);
  try {
    const run = await runCli([
      '--target',
      target.url,
      '--seed',
      '42',
      '--har',
      har,
      ...suites.flatMap((s) => ['--suite', s]),
    ]);
    expect(run.code, run.stderr).toBeLessThan(2);
    return { run, outcome: judgeExchanges(harExchanges(har)) };
  } finally {
    await target.stop();
  }
}

describe('the suites’ traffic against a correct server gives no server failure', () => {
  it(
    'the default run, every suite',
    async () => {
      const har = join(newReportDir(), 'traffic.har');
      const run = await runCli(['--seed', '42', '--har', har]);
      expect(run.code, run.stderr).toBe(0);
      const outcome = judgeExchanges(harExchanges(har));
      expect(outcome.ruleErrors.size).toBe(0);
      expect(failuresOf(outcome)).toEqual({});
      expect(outcome.judged).toBeGreaterThan(outcome.exchanges / 2);
    },
    RUN_TIMEOUT,
  );

  const VARIANTS: Array<[variants: string[], suites: string[]]> = [
    [
      ['put-answer-empty', 'etag-unquoted'],
      ['rest/concurrency', 'rest/xml', 'rest/artifacts'],
    ],
    [
      ['last-modified-iso8601', 'limit-over-max-capped'],
      ['rest/concurrency', 'rest/collections'],
    ],
    [['outsider-refused-404'], ['rest/access-matrix']],
    [
      ['soap-media-type-bare', 'soap-multi-ref', 'soap-array-size-unstated'],
      ['soap/wire', 'soap/answer-headers', 'soap/services'],
    ],
    [
      ['wsdl-location-default-port', 'soap-arrays-typed-soap-enc'],
      ['soap/wsdl', 'soap/wire'],
    ],
    [
      ['base-url-other-name', 'soap-default-namespace'],
      ['soap/wsdl', 'soap/wire'],
    ],
  ];
  for (const [variants, suites] of VARIANTS)
    it(
      `--variant ${variants.join(' ')} (${suites.join(', ')})`,
      async () => {
        const { run, outcome } = await recordedAgainst(
          variants.flatMap((v) => ['--variant', v]),
          suites,
        );
        expect(run.code, run.stdout.slice(-2000)).toBe(0);
        expect(outcome.ruleErrors.size).toBe(0);
        expect(failuresOf(outcome)).toEqual({});
      },
      RUN_TIMEOUT,
    );
});

describe('planted faults whose effect shows in the answers are caught from traffic', () => {
  const FAULTS: Array<[faults: Record<string, string>, suites: string[]]> = [
    [
      {
        'etag-missing-xml': 'rest.concurrency.etag',
        'pagination-size-missing-query': 'rest.pagination.headers',
        'if-match-ignored': 'rest.concurrency.if-match-stale',
        'token-uri-relative': 'rest.tokens.uri-form',
      },
      ['rest/message-headers', 'rest/collections', 'rest/concurrency', 'rest/tokens'],
    ],
    [
      // Apart from if-match-ignored: the suites make the version a stale If-match names with a
      // PUT without precondition, which no-header-refused refuses.
      {
        'private-trackers-outsider': 'rest.access.private-refused',
        'no-header-refused': 'rest.concurrency.no-header-overwrites',
      },
      ['rest/concurrency', 'rest/access-matrix'],
    ],
    [
      {
        'soap-fault-media-type-html': 'soap.wire.media-type',
        'soap-faultcode-qualified': 'soap.fault.numeric-code',
        'soap-no-xsi-type': 'soap.wire.xsi-type',
      },
      ['soap/wire', 'soap/answer-headers'],
    ],
    [
      {
        'soap-answer-media-type-soap12': 'soap.wire.media-type',
        'soap-fault-http-200': 'soap.fault.http-500',
        'soap-array-type-count-wrong': 'soap.wire.encoded-arrays',
      },
      ['soap/wire', 'soap/answer-headers'],
    ],
    [
      {
        'xml-answer-follows-body': 'rest.xml.answer-follows-accept',
        'update-race': 'rest.concurrency.one-winner',
        'last-modified-creation-time': 'rest.concurrency.last-modified-version',
      },
      ['rest/xml', 'rest/concurrency'],
    ],
    [
      {
        'soap-answer-namespace-other-base': 'soap.wsdl.target-namespace',
        'soap-wsdl-parts-swapped': 'soap.addProjectMember.parts',
      },
      ['soap/wsdl', 'soap/wire'],
    ],
  ];
  for (const [faults, suites] of FAULTS)
    it(
      `--fault ${Object.keys(faults).join(' ')}`,
      async () => {
        const { run, outcome } = await recordedAgainst(
          Object.keys(faults).flatMap((f) => ['--fault', f]),
          suites,
        );
        expect(run.code, 'the suites catch them actively').toBe(1);
        expect(outcome.ruleErrors.size).toBe(0);
        const failed = failuresOf(outcome);
        const missed = Object.entries(faults).filter(
          ([, requirement]) => !(failed[requirement] ?? 0),
        );
        expect(missed, `caught: ${JSON.stringify(failed)}`).toEqual([]);
      },
      RUN_TIMEOUT,
    );
});
