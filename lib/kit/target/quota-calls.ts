/**
 * Which addProject calls the platform counts against its quota (§8), so that the ledger
 * (quota-ledger.ts) counts what the platform counts. The spec does not say at which step the
 * quota is checked; the real system checks the session (3001), the site admin (3200) and the
 * template (3100, 3104) first and counts every call that gets past them, 4000 included
 * (docs/real-system.md, "The addProject quota"). A call refused with one of those four codes counts
 * for nothing; every other
 * outcome counts (a success, a name refused, an internal failure, 4000, and, to stay on the safe
 * side, an answer that cannot be read): a ledger that counts too much delays a run, one that counts
 * too little lets the run meet 4000.
 */
import type { SoapAnswer } from '../soap/client.ts';

export const QUOTA_FAULT = 4000;

/** §7.1 codes of addProject that the real system answers before its quota step. */
const BEFORE_THE_QUOTA = new Set(['3001', '3200', '3100', '3104']);

export function countsAgainstQuota(answer: SoapAnswer | undefined): boolean {
  if (answer?.fault === undefined) return true;
  return !BEFORE_THE_QUOTA.has(answer.fault.faultcode.trim());
}

export function isQuotaFault(answer: SoapAnswer | undefined): boolean {
  return answer?.fault?.faultcode.trim() === String(QUOTA_FAULT);
}

/** HH:MM in the local time of the harness's machine, rounded up: never a minute too early. */
export function localClock(at: Date): string {
  const up = new Date(Math.ceil(at.getTime() / 60_000) * 60_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(up.getHours())}:${pad(up.getMinutes())}`;
}

/**
 * The reason of a 4000 that came before the calls this run knows of reached the quota: the
 * platform's quota was spent by calls the ledger does not know (other users, runs from another
 * machine), or the platform's quota is smaller than the profile says. Calls made by others leave
 * the one-hour window an hour from now at the latest.
 */
export function spentElsewhere(known: number, quota: number, now = new Date()): string {
  const retry = new Date(now.getTime() + 3600_000);
  return (
    `addProject answered fault 4000 (quota exceeded) when the calls this harness knows of in the ` +
    `last hour were ${known} of the profile's ${quota}: the platform's quota was spent elsewhere ` +
    `(earlier runs the ledger does not know of, other users), or it is smaller than ` +
    `projectQuotaPerHour; nothing could be judged on it. Retry at ${localClock(retry)} local time ` +
    `at the latest`
  );
}
