/**
 * Issue 13: a shape the spec leaves open ('not shown') that a target chose otherwise gets error
 * ("could not judge", naming what was expected), never fail. The target here is the reference
 * server behind a front that rewrites every single-artifact JSON representation into another
 * shape (no id member, values under another name with other keys): a correct server whose
 * artifact representation the suites cannot read.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startReferenceServer, type RunningServer } from '../reference-server/listen.ts';
import { runCli, type CliRun } from './support/cli.ts';
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

let upstream: RunningServer;
let proxy: { url: string; close(): Promise<void> };
let run: CliRun;

beforeAll(async () => {
  upstream = await startReferenceServer({ testControl: true });
  proxy = await startReshapingProxy(upstream.url, {
    applies: (req) => req.method === 'GET' && /^\/(api\/)?artifacts\/\d+\/?$/.test(req.url ?? ''),
    reshape: reshapeArtifact,
  });
  run = await runCli([
    '--target',
    proxy.url,
    '--suite',
    'rest/artifacts',
    '--suite',
    'rest/concurrency',
    '--suite',
    'rest/xml',
    '--runs',
    '3',
  ]);
});
afterAll(async () => {
  await proxy?.close();
  await upstream?.close();
});

describe('a target whose artifact representation cannot be read', () => {
  test('gets error, naming what was expected, on the rules that need it; no MUST fails', () => {
    const summary = run.summary();
    const byId = new Map(summary.requirements.map((r) => [r.id, r]));
    const failed = summary.requirements.filter((r) => r.level === 'MUST' && r.status === 'fail');
    expect(
      failed.map((r) => `${r.id}: ${r.reason ?? ''}`.slice(0, 300)),
      'no MUST fails',
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
