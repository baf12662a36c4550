/**
 * `run`'s preflight: the target, checked before anything is created on it (design.md). The
 * transport of every request, the embedded reference server when no target is given, the profile
 * with its probed capabilities, the SOAP base the target knows itself by, this hour's addProject
 * budget (refused here, exit 2), then the accounts.
 */
import {
  countRequests,
  limitRate,
  newRateSchedule,
  newRequestCounter,
} from '../../kit/clients/rate-limit.ts';
import { configureTransport, type TransportOptions } from '../../kit/clients/transport.ts';
import type { LearnedBase } from '../../kit/soap/learn-base.ts';
import { countClockMoves, newClockMoves } from '../../kit/target/clock.ts';
import { ledgerPath } from '../../kit/target/quota-ledger.ts';
import { planQuota, type QuotaPlan } from '../../kit/target/quota-plan.ts';
import { resolveProfile } from '../../target/default-profile.ts';
import type { Profile, ProfileFile } from '../../target/profile.ts';
import type { RunningServer } from '../../../reference-server/listen.ts';
import type { RunOptions } from './args.ts';
import {
  checkReachable,
  learnTargetSoapBase,
  probeFailNext,
  probeTestControl,
} from './preflight.ts';
import { preflightAccounts } from './preflight-accounts.ts';
import { describeRateLimitCost, estimateRequests, historyTarget } from './request-history.ts';
import { transportOptions } from './transport-options.ts';

const REACHABILITY_DEADLINE_MS = 8000;

export interface Target {
  profile: Profile;
  soapBase: LearnedBase;
  quota: QuotaPlan;
  transport: TransportOptions;
  rateLimit?: { perSecond: number; schedule: SharedArrayBuffer };
  /** Counts every request of the run, in every thread. */
  requestCounter: SharedArrayBuffer;
  /** Counts the seconds the run moved the target's clock, in every thread (set back at its end). */
  clockMoved: SharedArrayBuffer;
  /** The embedded reference server, started here: the caller closes it. */
  server?: RunningServer;
}

/**
 * `started`: told of the embedded server as soon as it listens, so that the caller closes it
 * even when a later check stops the run.
 */
export async function prepareTarget(
  options: RunOptions,
  profileFile: ProfileFile | undefined,
  started: (server: RunningServer) => void,
): Promise<Target> {
  // --insecure, --ca, the proxy of the environment, --rate-limit: for every request of the run.
  // The embedded server is on loopback: never through the environment's proxy.
  const embedded = options.target === undefined && profileFile?.baseUrl === undefined;
  const transport = {
    ...transportOptions(options.insecure, options.ca),
    ...(embedded ? { direct: true } : {}),
  };
  configureTransport(transport);
  const rateLimit =
    options.rateLimit === undefined
      ? undefined
      : { perSecond: options.rateLimit, schedule: newRateSchedule() };
  limitRate(rateLimit?.perSecond, rateLimit?.schedule);
  const requestCounter = newRequestCounter();
  countRequests(requestCounter);
  const clockMoved = newClockMoves();
  countClockMoves(clockMoved);
  let baseUrl = options.target ?? profileFile?.baseUrl;
  let server: RunningServer | undefined;
  if (baseUrl === undefined) {
    // The reference server is loaded only for a run without --target.
    const { startReferenceServer } = await import('../../../reference-server/listen.ts');
    server = await startReferenceServer({ testControl: true });
    started(server);
    baseUrl = server.url;
  }
  const profile: Profile = resolveProfile(baseUrl, profileFile);
  if (options.rateLimit !== undefined)
    process.stdout.write(
      `conformance: ${describeRateLimitCost(options.rateLimit, estimateRequests(historyTarget(profile.baseUrl, server !== undefined), options))}\n`,
    );
  await checkReachable(
    profile.baseUrl,
    Math.min(REACHABILITY_DEADLINE_MS, options.timeoutMs),
    profile.wsdlUrl,
  );
  if (profileFile?.capabilities?.testControl === undefined) {
    profile.capabilities.testControl = await probeTestControl(profile.baseUrl, options.timeoutMs);
  }
  if (profileFile?.capabilities?.failNext === undefined) {
    profile.capabilities.failNext = await probeFailNext(profile.baseUrl, options.timeoutMs);
  }
  const soapBase = await learnTargetSoapBase(profile, options.timeoutMs);
  const quota = planQuota(profile, options.suites, ledgerPath());
  await preflightAccounts(profile, soapBase.base, options.timeoutMs, quota.settings);
  return {
    profile,
    soapBase,
    quota,
    transport,
    ...(rateLimit === undefined ? {} : { rateLimit }),
    requestCounter,
    clockMoved,
    ...(server === undefined ? {} : { server }),
  };
}
