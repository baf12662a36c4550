/**
 * Runs a test's cleanup plan (plan.ts) after the test, passed or failed, on its own transcript so
 * the test's evidence stays as it was. An undo the target refuses is listed as remaining, with why;
 * it never changes the test's verdict.
 */
import type { HttpClient } from '../clients/http.ts';
import { SoapClient } from '../soap/client.ts';
import { soapOperation } from '../../spec/soap-operations.ts';
import type { CleanupPlan, Leftover, UndoStep } from './types.ts';

export interface CleanupOutcome {
  undone: string[];
  remaining: Leftover[];
}

export async function runCleanup(plan: CleanupPlan, http: HttpClient): Promise<CleanupOutcome> {
  const undone: string[] = [];
  const remaining = [...plan.remaining];
  for (const step of plan.undo) {
    const refused = await attempt(step, http);
    if (refused === undefined) undone.push(step.what);
    else remaining.push({ kind: step.kind, what: `${step.what}: not undone (${refused})` });
  }
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
    return answer.fault
      ? `fault ${answer.fault.faultcode} ${answer.fault.faultstring.slice(0, 100)}`
      : undefined;
  } catch (error) {
    return (error as Error).message.slice(0, 200);
  }
}
