/**
 * `analyze` on HAR recordings written by hand, each holding one situation the rules must read as
 * `monitor` does: entries whose times tie to the HAR's millisecond (an answer that reads as ending
 * a millisecond after the next request began) are ordered as the file lists them, so that a PUT
 * echoing the version the answer just showed is judged fresh (§4.4); a client's refused limit over
 * the maximum, after one right limit asked before any maximum was announced, is a probe (§8).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import type { RunResult } from '../lib/run-result.ts';
import { newReportDir, readSummary, runCommand } from './support/cli.ts';

const HOST = 'http://127.0.0.1:8080';
const T0 = Date.UTC(2026, 10, 29, 1, 0, 0);

interface Entry {
  /** Ms after T0 the request began, and how long the exchange took (both whole ms, as a HAR). */
  at: number;
  time: number;
  method: string;
  path: string;
  requestHeaders?: Record<string, string>;
  body?: string;
  status: number;
  responseHeaders?: Record<string, string>;
  responseBody?: string;
}

const pairs = (headers: Record<string, string> = {}) =>
  Object.entries(headers).map(([name, value]) => ({ name, value }));

function harOf(entries: readonly Entry[]): string {
  const file = join(newReportDir(), 'traffic.har');
  const har = {
    log: {
      version: '1.2',
      creator: { name: 'hand-written', version: '1' },
      entries: entries.map((e) => ({
        startedDateTime: new Date(T0 + e.at).toISOString(),
        time: e.time,
        request: {
          method: e.method,
          url: `${HOST}${e.path}`,
          httpVersion: 'HTTP/1.1',
          headers: pairs(e.requestHeaders),
          ...(e.body === undefined
            ? {}
            : { postData: { mimeType: 'application/json', text: e.body } }),
        },
        response: {
          status: e.status,
          headers: pairs(e.responseHeaders),
          content: { mimeType: 'application/json', text: e.responseBody ?? '' },
        },
      })),
    },
  };
  writeFileSync(file, JSON.stringify(har, null, 1));
  return file;
}

async function analyze(
  file: string,
  side: string,
): Promise<{ code: number; summary: RunResult; stderr: string }> {
  const out = newReportDir();
  const { code, stderr } = await runCommand(['analyze', file, '--side', side, '--report-dir', out]);
  return { code, summary: readSummary(out), stderr };
}

const statusOf = (summary: RunResult, id: string) =>
  summary.requirements.find((r) => r.id === id)?.status;

const AUTH = { 'X-Auth-Token': 'c0ffee', 'X-Auth-UserId': '102' };
const JSON_AUTH = { ...AUTH, 'Content-Type': 'application/json' };
const lastModified = (s: number) => new Date(T0 + s * 1000).toUTCString();
const artifact = (at: number, etag: string, seconds: number): Entry => ({
  at,
  time: 2,
  method: 'GET',
  path: '/api/artifacts/7',
  requestHeaders: AUTH,
  status: 200,
  responseHeaders: {
    'Content-Type': 'application/json',
    Etag: etag,
    'Last-Modified': lastModified(seconds),
  },
  responseBody: '{"id":7}',
});
const update = (at: number, precondition: Record<string, string>, etag: string, s: number) => ({
  at,
  time: 2,
  method: 'PUT',
  path: '/artifacts/7',
  requestHeaders: { ...JSON_AUTH, ...precondition },
  body: '{"values":[{"field_id":1,"value":"x"}]}',
  status: 200,
  responseHeaders: { Etag: etag, 'Last-Modified': lastModified(s) },
});

describe('analyze of a HAR whose times tie', () => {
  test('a PUT listed after the answer it echoes, its start a millisecond before that end: judged fresh', async () => {
    const file = harOf([
      // Each answer reads as ending at the next request's start + 1 ms: a tie, in file order.
      artifact(0, '"v1"', 1),
      update(1, { 'If-Unmodified-Since': lastModified(1) }, '"v2"', 2),
      artifact(10, '"v2"', 2),
      update(11, { 'If-match': '"v2"' }, '"v3"', 3),
    ]);
    const { summary, stderr } = await analyze(file, 'server');
    expect(stderr).toBe('');
    expect(summary.traffic?.exchanges).toBe(4);
    expect(statusOf(summary, 'rest.concurrency.if-unmodified-since-fresh')).toBe('pass');
    expect(statusOf(summary, 'rest.concurrency.if-match-fresh')).toBe('pass');
  });
});

describe('analyze of a client probing the maximum limit', () => {
  const page = (at: number, limit: number, status: number): Entry => ({
    at,
    time: 2,
    method: 'GET',
    path: `/api/trackers/9/artifacts?limit=${limit}`,
    requestHeaders: AUTH,
    status,
    responseHeaders:
      status === 200
        ? {
            'X-PAGINATION-LIMIT': String(limit),
            'X-PAGINATION-OFFSET': '0',
            'X-PAGINATION-SIZE': '3',
            'X-PAGINATION-LIMIT-MAX': '50',
          }
        : {},
    responseBody: status === 200 ? '[]' : '{"error":{"code":406}}',
  });

  test('one right limit, then one over the maximum its answer announced, refused: a probe, exit 0', async () => {
    const { code, summary } = await analyze(harOf([page(0, 10, 200), page(10, 51, 406)]), 'client');
    expect(statusOf(summary, 'client.rest.limit-within-max')).toBe('pass');
    const probe = summary.requirements.find((r) => r.id === 'client.rest.limit-within-max');
    expect(probe?.observations?.some((o) => o.startsWith('a probe, not counted'))).toBe(true);
    expect(code).toBe(0);
  });

  test('only ever over the maximum: the client fails, exit 1', async () => {
    const first: Entry = { ...page(0, 10, 200), path: '/api/trackers/9/artifacts' };
    const { code, summary } = await analyze(harOf([first, page(10, 51, 406)]), 'client');
    expect(statusOf(summary, 'client.rest.limit-within-max')).toBe('fail');
    expect(code).toBe(1);
  });
});
