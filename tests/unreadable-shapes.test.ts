/**
 * A shape the spec leaves open ('not shown') that a target chose otherwise gets error
 * ("could not judge", naming what was expected), never fail. The targets here are the reference
 * server behind a front that rewrites every single-artifact JSON representation (no id member,
 * values under another name with other keys), or every tracker representation (fields under
 * another name), into another shape: correct servers whose representation the suites cannot read.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startReferenceServer, type RunningServer } from '../reference-server/listen.ts';
import { newReportDir, runCli, type CliRun } from './support/cli.ts';
import { startReshapingProxy } from './support/reshaping-proxy.ts';

/** The rules whose checks read an artifact's values or id from its JSON representation. */
const NEED_THE_REPRESENTATION = [
  'rest.artifacts.get',
  'rest.artifacts.create',
  'rest.artifacts.update',
  'rest.concurrency.if-match-fresh',
  'rest.concurrency.if-match-stale',
  'rest.concurrency.no-header-overwrites',
  'rest.concurrency.one-winner',
  'rest.xml.post',
  'rest.xml.put',
];

/** Rules judged from headers and statuses alone: they must still be judged, and pass. */
const JUDGED_WITHOUT_IT = [
  'rest.concurrency.etag',
  'rest.concurrency.last-modified',
  'rest.concurrency.last-modified-version',
  'rest.xml.item-arrays',
];

function reshapeArtifact(body: unknown): unknown {
  const { id, values, ...rest } = body as { id: number; values: Array<Record<string, unknown>> };
  return {
    ...rest,
    artifact_id: id,
    field_values: values.map(({ field_id, value, bind_value_ids }) => ({
      field: field_id,
      data: bind_value_ids ?? value,
    })),
  };
}

/** A tracker whose fields are listed under another name, each with id and kind. */
function reshapeTracker(tracker: unknown): unknown {
  const { fields, ...rest } = tracker as { fields: Array<Record<string, unknown>> };
  return {
    ...rest,
    form_elements: fields.map(({ field_id, type, ...field }) => ({
      ...field,
      id: field_id,
      kind: type,
    })),
  };
}

const ARTIFACT_GET = /^\/(api\/)?artifacts\/\d+\/?$/;
const TRACKERS = /^\/api\/(projects\/\d+\/trackers|trackers\/\d+)\/?(\?|$)/;

const servers: Array<{ close(): Promise<void> }> = [];
let run: CliRun;
let trackerRun: CliRun;

async function reshaped(
  applies: (url: string) => boolean,
  reshape: (body: unknown) => unknown,
  suites: string[],
): Promise<CliRun> {
  const upstream: RunningServer = await startReferenceServer({ testControl: true });
  const proxy = await startReshapingProxy(upstream.url, {
    applies: (req) => req.method === 'GET' && applies(req.url ?? ''),
    reshape,
  });
  servers.push(proxy, upstream);
  // Every exchange is kept (--har): a MUST that fails here is a false failure, and its evidence
  // is the whole traffic, not only the failing test's.
  const reportDir = newReportDir();
  return runCli(
    [
      '--target',
      proxy.url,
      ...suites.flatMap((s) => ['--suite', s]),
      '--runs',
      '3',
      '--har',
      join(reportDir, 'run.har'),
    ],
    reportDir,
  );
}

/** A failure's words: the MUST requirements that failed, and where the run's traffic is. */
const noMustFails = (of: CliRun) =>
  `no MUST fails (every exchange: ${join(of.reportDir, 'run.har')})`;

beforeAll(async () => {
  [run, trackerRun] = await Promise.all([
    reshaped((url) => ARTIFACT_GET.test(url), reshapeArtifact, [
      'rest/artifacts',
      'rest/concurrency',
      'rest/xml',
      'rest/access-matrix',
    ]),
    reshaped(
      (url) => TRACKERS.test(url),
      (body) => (Array.isArray(body) ? body.map(reshapeTracker) : reshapeTracker(body)),
      ['rest/trackers', 'rest/artifacts', 'rest/access-matrix'],
    ),
  ]);
});
afterAll(async () => {
  for (const server of servers) await server.close();
});

describe('a target whose artifact representation cannot be read', () => {
  test('gets error, naming what was expected, on the rules that need it; no MUST fails', () => {
    const summary = run.summary();
    const byId = new Map(summary.requirements.map((r) => [r.id, r]));
    const failed = summary.requirements.filter((r) => r.level === 'MUST' && r.status === 'fail');
    expect(
      failed.map((r) => `${r.id}: ${r.reason ?? ''}`.slice(0, 300)),
      noMustFails(run),
    ).toEqual([]);
    for (const id of NEED_THE_REPRESENTATION) {
      expect(byId.get(id)?.status, id).toBe('error');
      expect(byId.get(id)?.reason ?? '', id).toMatch(
        /could not judge|not in the real system's shape/,
      );
    }
    expect(run.code, run.stderr.slice(-500)).toBe(2);
  });

  test('still judges, and passes, the rules that need only headers and statuses', () => {
    const byId = new Map(run.summary().requirements.map((r) => [r.id, r]));
    for (const id of JUDGED_WITHOUT_IT) expect(byId.get(id)?.status, id).toBe('pass');
  });
});

describe('a target whose tracker representation cannot be read', () => {
  test('gets error on the tracker rules and on the checks that need a tracker; no MUST fails', () => {
    const summary = trackerRun.summary();
    const byId = new Map(summary.requirements.map((r) => [r.id, r]));
    const failed = summary.requirements.filter((r) => r.level === 'MUST' && r.status === 'fail');
    expect(
      failed.map((r) => `${r.id}: ${r.reason ?? ''}`.slice(0, 300)),
      noMustFails(trackerRun),
    ).toEqual([]);
    for (const id of ['rest.projects.trackers', 'rest.trackers.get', 'rest.artifacts.create']) {
      expect(byId.get(id)?.status, id).toBe('error');
      expect(byId.get(id)?.reason ?? '', id).toMatch(/could not judge/);
    }
    expect(trackerRun.code, trackerRun.stderr.slice(-500)).toBe(2);
  });
});
