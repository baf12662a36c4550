/**
 * Arms a fail-next failure on the target (docs/running-against-a-target.md, "Test control"),
 * recorded in the transcript.
 */
import { HarnessError } from '../clients/harness-error.ts';
import type { HttpClient } from '../clients/http.ts';
import { FAIL_NEXT_PATH, type FailNextRequest } from '../../../spec/test-control.ts';

export async function armFailure(http: HttpClient, request: FailNextRequest): Promise<void> {
  const answer = await http.send({ method: 'POST', path: FAIL_NEXT_PATH, json: request });
  if (answer.status !== 204)
    throw new HarnessError(
      `test control: POST ${FAIL_NEXT_PATH} ${JSON.stringify({ ...request, sessionKey: undefined })} answered ${answer.status}, not 204`,
    );
}
