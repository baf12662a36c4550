/**
 * Runs a test's cleanup plan (plan.ts) after the test, passed or failed, on its own transcript so
 * the test's evidence stays as it was. An undo the target refuses is listed as remaining, with why;
 * it never changes the test's verdict.
 */
import type { HttpClient } from '../clients/http.ts';
import { SoapClient } from '../soap/client.ts';
import { soapOperation } from '../../../spec/soap-operations.ts';
import type { CleanupPlan, Leftover, RetryCall, UndoStep } from './types.ts';

export interface CleanupOutcome {
  undone: string[];
  remaining: Leftover[];
}

/** Undone at once: a token or a session depends on no other step, and none on it (plan.ts puts them last). */
const RELEASED_TOGETHER: ReadonlySet<UndoStep['kind']> = new Set(['token', 'session']);

export async function runCleanup(plan: CleanupPlan, http: HttpClient): Promise<CleanupOutcome> {
  const undone: string[] = [];
  const remaining = [...plan.remaining];
  const record = (step: UndoStep, refused: string | undefined) => {
    if (refused === undefined) undone.push(step.what);
    else
      remaining.push({
        kind: step.kind,
        what: `${step.what}: not undone (${refused})`,
        ...retryOf(step),
      });
  };
  // In order (a stack: group entries before the membership that holds them), then the tokens and
  // sessions concurrently: through a slow link one round trip, not one per logout.
  const ordered = plan.undo.filter((step) => !RELEASED_TOGETHER.has(step.kind));
  const released = plan.undo.filter((step) => RELEASED_TOGETHER.has(step.kind));
  for (const step of ordered) record(step, await attempt(step, http));
  const refusals = await Promise.all(released.map((step) => attempt(step, http)));
  released.forEach((step, i) => record(step, refusals[i]));
  return { undone, remaining };
}

/** undefined when the undo took effect (or the thing was already gone); else why not. */
async function attempt(step: UndoStep, http: HttpClient): Promise<string | undefined> {
  const call = step.call;
  try {
    if (call.kind === 'rest') {
      const answer = await http.send({
        method: call.method,
        path: call.path,
        headers: call.headers,
      });
      // 401/404: the token no longer works (expired, revoked): nothing remains to undo.
      return answer.status < 300 || answer.status === 401 || answer.status === 404
        ? undefined
        : `HTTP ${answer.status}`;
    }
    const answer =
      call.service === 'login'
        ? await SoapClient.login(http).raw(call.operation, [
            { name: 'sessionKey', type: 'xsd:string', value: call.args[0]! },
          ])
        : await SoapClient.project(http).raw(
            call.operation,
            soapOperation(call.operation).inputs.map(([name, type], i) => ({
              name,
              type,
              value: call.args[i]!,
            })),
          );
    if (answer.fault)
      return `fault ${answer.fault.faultcode} ${answer.fault.faultstring.slice(0, 100)}`;
    // §4.2: the meaning of a false answer is not shown, and the real system answers true when
    // the change is made: a false one is not taken for done.
    return answer.value === false ? 'answered false' : undefined;
  } catch (error) {
    return (error as Error).message.slice(0, 200);
  }
}

/** A refused project call, kept for `cleanup REPORT_DIR` (tokens and sessions expire by themselves). */
function retryOf(step: UndoStep): { retry?: RetryCall } {
  const call = step.call;
  if (call.kind !== 'soap' || call.service !== 'project' || step.secret) return {};
  return {
    retry: {
      operation: call.operation,
      args: call.args.slice(1),
      ...(step.as === undefined ? {} : { as: step.as }),
    },
  };
}
