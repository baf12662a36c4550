/**
 * Self-validation's passive side: a run's traffic judged on its way, by the monitor's proxy and
 * judge in this process, in front of the server the run targets. What the server's side of the
 * traffic rules sees fail is what `monitor` would have told a user watching that traffic.
 */
import { includeSides } from '../../lib/runner/cli/analyze.ts';
import { TrafficJudge } from '../../lib/traffic/judge.ts';
import { JudgeQueue } from '../../lib/traffic/proxy/judge-queue.ts';
import { MonitorProxy } from '../../lib/traffic/proxy/proxy.ts';
import { upstreamOf } from '../../lib/traffic/proxy/upstream.ts';
import { TRAFFIC_RULES } from '../../lib/traffic/rules/index.ts';
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
  const target = upstreamOf(upstream, { insecure: false });
  if (typeof target === 'string') throw new Error(`upstream ${upstream}: ${target}`);
  const judge = new TrafficJudge(TRAFFIC_RULES, includeSides(sides));
  const queue = new JudgeQueue(judge);
  const proxy = await MonitorProxy.listen({
    upstream: target,
    host: '127.0.0.1',
    port: 0,
    bodyCap: BODY_CAP,
    sink: queue,
    onUpstreamError: () => {},
  });
  let result: T;
  try {
    result = await body(`http://127.0.0.1:${proxy.port}`);
  } finally {
    await proxy.close(2_000);
  }
  queue.drain();
  judge.end();
  const outcome = judge.outcome();
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
