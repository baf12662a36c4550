/**
 * The client's side of traffic judgement, caught both ways: a small client
 * (tests/support/traffic-client-planted.ts) runs a short session against the reference server,
 * its traffic is judged with the client rules, and each planted client fault must fail the client
 * requirement it breaks, reported as the client's; the faultless client must fail none and leave no
 * client requirement unjudged, against the reference server and against every variant (the server
 * choices the client rules learn from: its own base, Etag and Last-Modified forms, maxima). The
 * score is printed: `client side: N of M planted client faults caught`.
 */
import { afterAll, describe, expect, test } from 'vitest';
import { requirement, sideOf } from '../lib/requirements/index.ts';
import type { TrafficExchange } from '../lib/traffic/exchange.ts';
import { TrafficJudge, type TrafficOutcome } from '../lib/traffic/judge.ts';
import { CLIENT_RULES } from '../lib/traffic/rules/client/index.ts';
import { LIMITS } from '../spec/limits.ts';
import { systemClock } from '../reference-server/domain/clock.ts';
import { startReferenceServer } from '../reference-server/listen.ts';
import { VARIANTS, type VariantName } from '../reference-server/variants.ts';
import { CLIENT_CATALOGUE } from '../lib/requirements/index.ts';
import {
  PLANTED_CLIENT_FAULTS,
  runPlantedClient,
  type PlantedClientFault,
} from './support/traffic-client-planted.ts';

async function sessionTraffic(
  faults: readonly PlantedClientFault[],
  variants: readonly VariantName[] = [],
): Promise<TrafficExchange[]> {
  const clock = systemClock();
  const server = await startReferenceServer({ variants: [...variants], clock });
  try {
    return await runPlantedClient(server.url, faults, {
      expireTokens: () => clock.advance(TOKEN_LIFETIME_S + 3600),
    });
  } finally {
    await server.close();
  }
}

function judgeClientSide(traffic: readonly TrafficExchange[]): TrafficOutcome {
  const judge = new TrafficJudge(CLIENT_RULES, (id) => {
    const known = requirement(id);
    return known !== undefined && sideOf(known) === 'client';
  });
  for (const exchange of traffic) judge.observe(exchange);
  judge.end();
  return judge.outcome();
}

function failing(outcome: TrafficOutcome): string[] {
  return [...outcome.findings]
    .filter(([, f]) => f.failures.count > 0)
    .map(([id]) => id)
    .sort();
}

/** §8: a token lasts 24 hours; the session's server moves its clock past it. */
const TOKEN_LIFETIME_S = LIMITS.tokenLifetimeHours * 3600;

const caught: PlantedClientFault[] = [];
const FAULTS = Object.keys(PLANTED_CLIENT_FAULTS) as PlantedClientFault[];

describe('the faultless client', () => {
  test('fails no client requirement, and its session exercises every one of them', async () => {
    const outcome = judgeClientSide(await sessionTraffic([]));
    expect(failing(outcome), 'client requirements failed by the faultless client').toEqual([]);
    expect(outcome.ruleErrors.size, [...outcome.ruleErrors.keys()].join('; ')).toBe(0);
    const unjudged = CLIENT_CATALOGUE.map((r) => r.id).filter(
      (id) => (outcome.findings.get(id)?.passes ?? 0) === 0,
    );
    expect(unjudged, 'client requirements the session never exercised').toEqual([]);
    // Its first page asked with its limit (before any maximum was announced) is a right one: its
    // deliberate limit over the maximum, refused, is a probe.
    expect(outcome.findings.get('client.rest.limit-within-max')?.probes.count).toBe(1);
  });
});

describe.concurrent('against each variant, a correct server that chose otherwise', () => {
  for (const variant of VARIANTS) {
    test(`${variant.name}: the faultless client fails no client requirement`, async ({
      expect,
    }) => {
      const outcome = judgeClientSide(await sessionTraffic([], [variant.name]));
      expect(failing(outcome), `${variant.name}: ${variant.chooses}`).toEqual([]);
      expect(outcome.ruleErrors.size).toBe(0);
    });
  }
});

describe('every planted client fault is caught, on the client side, by the requirement it breaks', () => {
  for (const fault of FAULTS) {
    const { breaks, does } = PLANTED_CLIENT_FAULTS[fault];
    test(`${fault}: a client that ${does} fails ${breaks}`, async () => {
      const outcome = judgeClientSide(await sessionTraffic([fault]));
      const failed = failing(outcome);
      expect(failed, `${fault}: failing client requirements`).toContain(breaks);
      for (const id of failed) expect(sideOf(requirement(id)!), id).toBe('client');
      const example = outcome.findings.get(breaks)!.failures.kept[0]!;
      expect(example.exchanges.length, 'the failure names its exchanges').toBeGreaterThan(0);
      expect(example.expected, 'the failure says what the client should have sent').toBeTruthy();
      caught.push(fault);
    });
  }
});

afterAll(() => {
  const missed = FAULTS.filter((f) => !caught.includes(f));
  process.stdout.write(
    `client side: ${caught.length} of ${FAULTS.length} planted client faults caught${missed.length > 0 ? `; missed: ${missed.join(', ')}` : ''}\n`,
  );
});
