import { Writable } from 'node:stream';
import { describe, expect, test } from 'vitest';
import type { TestCase } from 'vitest/node';
import { Collector } from './collector.ts';

/** A stream that keeps what was written. */
function sink(): { out: Writable; lines: string[] } {
  const lines: string[] = [];
  const out = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  return { out, lines };
}

const started = (id: string, file: string) =>
  ({ id, module: { moduleId: `/root/${file}` } }) as unknown as TestCase;

describe('the heartbeat: what a silent run waits for', () => {
  test('before any test: the provisioning, the requests sent, the rate queue', () => {
    const { out } = sink();
    const collector = new Collector('/root', out);
    collector.startHeartbeat({
      requests: () => 1234,
      rate: () => ({ perSecond: 5, queued: 3, lastInMs: 400 }),
    });
    collector.stopHeartbeat();
    expect(collector.waitingLine()).toBe(
      '… 0 tests done, 1,234 requests sent; waiting for the shared projects to be set up and the first tests to start; ' +
        '--rate-limit 5/s: 3 request(s) wait for their slot, the last in 0.4 s',
    );
  });

  test('tests in flight by file; on Ctrl-C they stop and clean up; no queue, no rate said', () => {
    const { out, lines } = sink();
    const collector = new Collector('/root', out);
    collector.expect(new Map([['/root/suites/soap/services.test.ts', 40]]));
    collector.startHeartbeat({ requests: () => 7, rate: () => undefined });
    collector.onTestCaseReady(started('a', 'suites/soap/services.test.ts'));
    collector.onTestCaseReady(started('b', 'suites/soap/services.test.ts'));
    collector.onTestCaseReady(started('c', 'suites/rest/tokens.test.ts'));
    collector.interruptedNow();
    collector.stopHeartbeat();
    expect(lines).toEqual([
      '… 0/40 tests done, 7 requests sent; waiting for 3 test(s) in flight to stop and clean up (soap/services 2, rest/tokens 1)',
    ]);
  });

  test('a line once nothing was printed for the period, none before', async () => {
    const { out, lines } = sink();
    const collector = new Collector('/root', out);
    collector.startHeartbeat({ requests: () => 0, rate: () => undefined }, 300);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(lines).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 400));
    collector.stopHeartbeat();
    expect(lines.length).toBeGreaterThanOrEqual(1);
    expect(lines[0]).toMatch(/^… 0 tests done, 0 requests sent; waiting for /);
  });
});
