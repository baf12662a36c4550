import { describe, expect, it } from 'vitest';
import {
  failuresOf,
  judgeExchanges,
  passesOf,
} from '../../../../tests/support/traffic-server-har.ts';
import { rest } from '../../../../tests/support/traffic-server-exchanges.ts';
import { lastModifiedMovesRule } from './last-modified-moves.ts';
import { preconditionsRule } from './preconditions.ts';

const T0 = Date.UTC(2026, 0, 1, 10);
const v1 = { Etag: '"v1"', 'Last-Modified': 'Thu, 01 Jan 2026 10:00:00 GMT' };
const v2 = { Etag: '"v2"', 'Last-Modified': 'Thu, 01 Jan 2026 10:00:05 GMT' };
const at = (ms: number) => ({ at: T0 + ms, took: 10 });

const get = (headers: Record<string, string>, ms: number) =>
  rest('GET', '/api/artifacts/7', 200, { id: 7 }, headers, at(ms));
const put = (
  requestHeaders: Record<string, string>,
  status: number,
  ms: number,
  answer: Record<string, string> = {},
  took = 10,
) => rest('PUT', '/artifacts/7', status, undefined, answer, { requestHeaders, at: T0 + ms, took });

describe('preconditions of PUT /artifacts/<id> from traffic', () => {
  it('passes a stale If-match answered 412 and a fresh one applied', () => {
    const outcome = judgeExchanges(
      [
        get(v1, 0),
        put({ 'If-match': '"v1"' }, 200, 100, v2),
        put({ 'If-match': '"v1"' }, 412, 200),
        put({ 'If-Unmodified-Since': v1['Last-Modified'] }, 412, 300),
        put({}, 200, 400, v2),
      ],
      [preconditionsRule],
    );
    expect(failuresOf(outcome)).toEqual({});
    expect(passesOf(outcome)).toEqual({
      'rest.concurrency.if-match-fresh': 1,
      'rest.concurrency.if-match-stale': 1,
      'rest.concurrency.if-unmodified-since-stale': 1,
      'rest.concurrency.no-header-overwrites': 1,
    });
  });

  it('fails a stale If-match applied, a stale pair applied, a PUT without precondition refused', () => {
    const outcome = judgeExchanges(
      [
        get(v1, 0),
        put({ 'If-match': '"v1"' }, 200, 100, v2),
        put({ 'If-match': '"v1"' }, 200, 200, v2),
        put({ 'If-match': '"v2"', 'If-Unmodified-Since': v1['Last-Modified'] }, 200, 300, v2),
        put({}, 412, 400),
        put({}, 428, 500),
      ],
      [preconditionsRule],
    );
    expect(failuresOf(outcome)).toEqual({
      'rest.concurrency.if-match-stale': 1,
      'rest.concurrency.each-header-checked': 1,
      'rest.concurrency.no-header-overwrites': 2,
    });
  });

  it('fails a fresh If-match refused with 412 once traffic shows no racing write', () => {
    const outcome = judgeExchanges(
      [get(v1, 0), put({ 'If-match': '"v1"' }, 412, 100), get(v1, 500)],
      [preconditionsRule],
    );
    expect(failuresOf(outcome)).toEqual({ 'rest.concurrency.if-match-fresh': 1 });
  });

  it('does not fail the losers of PUTs racing on one Etag, nor values it never saw', () => {
    const outcome = judgeExchanges(
      [
        get(v1, 0),
        put({ 'If-match': '"v1"' }, 412, 100, {}, 50),
        put({ 'If-match': '"v1"' }, 200, 110, v2, 50),
        put({ 'If-match': '"not-an-etag-of-this-artifact"' }, 412, 300),
        put({ 'If-match': '«redacted»' }, 200, 400, v2),
        get(v2, 1000),
      ],
      [preconditionsRule],
    );
    expect(failuresOf(outcome)).toEqual({});
  });

  it('does not judge an Etag an update kept (an update that changes nothing)', () => {
    const outcome = judgeExchanges(
      [
        get(v1, 0),
        put({ 'If-match': '"v1"' }, 200, 100, v1),
        put({ 'If-match': '"v1"' }, 200, 200, v1),
      ],
      [preconditionsRule],
    );
    expect(failuresOf(outcome)).toEqual({});
    expect(passesOf(outcome)).toEqual({ 'rest.concurrency.if-match-fresh': 2 });
  });

  it('passes one winner of PUTs racing on one Etag, fails two winners', () => {
    const race = (second: number) =>
      judgeExchanges(
        [
          get(v1, 0),
          put({ 'If-match': '"v1"' }, 200, 100, v2, 50),
          put({ 'If-match': '"v1"' }, second, 110, second === 200 ? { Etag: '"v3"' } : {}, 50),
          get(v2, 1000),
        ],
        [preconditionsRule],
      );
    expect(failuresOf(race(412))).toEqual({});
    expect(failuresOf(race(200))).toEqual({ 'rest.concurrency.one-winner': 1 });
  });

  it('passes a Last-Modified that moves with an update made a second later, fails one that stays', () => {
    const kept = { Etag: '"v2"', 'Last-Modified': v1['Last-Modified'] };
    const moved = judgeExchanges([get(v1, 0), put({}, 200, 1500, v2)], [lastModifiedMovesRule]);
    expect(passesOf(moved)).toEqual({ 'rest.concurrency.last-modified-version': 1 });
    const stayed = judgeExchanges([get(v1, 0), put({}, 200, 1500, kept)], [lastModifiedMovesRule]);
    expect(failuresOf(stayed)).toEqual({ 'rest.concurrency.last-modified-version': 1 });
    const sameSecond = judgeExchanges(
      [get(v1, 0), put({}, 200, 200, kept)],
      [lastModifiedMovesRule],
    );
    expect(sameSecond.findings.size).toBe(0);
  });
});
