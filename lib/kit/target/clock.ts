/** Moves the target's clock (design.md, test control), recorded in the transcript. */
import { HarnessError } from '../clients/harness-error.ts';
import type { HttpClient } from '../clients/http.ts';
import { CLOCK_PATH } from '../../../spec/test-control.ts';

/** An hour and a second: the addProject quota window (§8) starts afresh. */
export const NEW_HOUR_SECONDS = 3601;

export async function advanceClock(http: HttpClient, seconds: number): Promise<void> {
  const answer = await http.send({
    method: 'POST',
    path: CLOCK_PATH,
    json: { advanceSeconds: seconds },
  });
  if (answer.status !== 204)
    throw new HarnessError(`test control: POST ${CLOCK_PATH} answered ${answer.status}, not 204`);
}
