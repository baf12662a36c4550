/**
 * Self-validation's passive side: a run's traffic judged on its way, by the monitor's proxy and
 * judge in this process, in front of the server the run targets. What the server's side of the
 * traffic rules sees fail is what `monitor` would have told a user watching that traffic.
 */
import { includeSides } from '../../lib/runner/cli/analyze.ts';
import { startMonitor } from './monitor-harness.ts';
import { requirement, type Side } from '../../lib/requirements/index.ts';

export interface PassiveVerdict {
  exchanges: number;
  /** The MUST requirements the traffic showed failing, with the first failure's message. */
  failing: Record<string, string>;
  ruleErrors: string[];
}

const BODY_CAP = 1024 * 1024;

/**
 * Runs `body` against a monitor in front of `upstream` (an origin), and judges what passed with
 * the rules of `sides` (the server's, by default).
 */
export async function throughMonitor<T>(
  upstream: string,
  body: (url: string) => Promise<T>,
  sides: readonly Side[] = ['server'],
): Promise<{ result: T; passive: PassiveVerdict }> {
  const monitor = await startMonitor(
    upstream,
    { insecure: false },
    BODY_CAP,
    includeSides(sides),
    false,
  );
  let result: T;
  try {
    result = await body(monitor.url);
  } finally {
    await monitor.close();
  }
  monitor.queue.drain();
  monitor.judge.end();
  const outcome = monitor.judge.outcome();
  const failing: Record<string, string> = {};
  for (const [id, found] of outcome.findings) {
    const first = found.failures.kept[0];
    if (first && requirement(id)?.level === 'MUST') failing[id] = first.message.slice(0, 300);
  }
  return {
    result,
    passive: {
      exchanges: outcome.exchanges,
      failing,
      ruleErrors: [...outcome.ruleErrors.keys()],
    },
  };
}
