/**
 * The message checks of the SOAP answers (spec/matrix/messages.ts), one test per cell: a
 * successful answer and a fault of each operation are sent as text/xml (§4.1 "SOAP over HTTP", the
 * SOAP 1.1 HTTP binding), and a fault with HTTP 500 (SOAP 1.1 §6.2). A suite file says how it makes
 * the answer (a call that changes nothing, or one it puts back); these declare the tests.
 */
import { expect } from 'vitest';
import { conformanceTest, type ConformanceContext } from '../../lib/kit/conformance-test.ts';
import { Unjudgeable } from '../../lib/kit/rest/unjudgeable.ts';
import type { SoapAnswer } from '../../lib/kit/soap/client.ts';
import { soapMediaTypeProblem } from '../../lib/kit/soap/media-type.ts';
import {
  soapFaultStatusCell,
  soapMediaTypeCell,
  type SoapAnswerKind,
} from '../../spec/matrix/messages.ts';
import type { OperationName } from '../../spec/soap-operations.ts';

/** Makes one answer of the operation; `how` says which call, for titles and messages. */
export interface AnswerMaker {
  how: string;
  answer: (ctx: ConformanceContext) => Promise<SoapAnswer>;
}

/** The answer the check needs, or 'could not judge' when the call gave the other kind. */
async function answerOf(
  ctx: ConformanceContext,
  op: OperationName,
  kind: SoapAnswerKind,
  maker: AnswerMaker,
): Promise<SoapAnswer> {
  const answer = await maker.answer(ctx);
  const isFault = answer.fault !== undefined;
  if (isFault !== (kind === 'fault'))
    throw new Unjudgeable(
      `could not judge: ${op} ${maker.how} answered ${isFault ? `fault ${answer.fault!.faultcode}` : `a ${answer.response?.name ?? 'response'}`} (HTTP ${answer.http.status}), so there is no ${kind === 'fault' ? 'fault' : 'successful answer'} of ${op} to judge`,
    );
  return answer;
}

function mediaTypeTest(op: OperationName, kind: SoapAnswerKind, maker: AnswerMaker): void {
  conformanceTest(
    ['soap.wire.media-type'],
    `${kind === 'fault' ? `a fault of ${op}` : `a successful ${op} answer`} (${maker.how}) must be sent with Content-Type text/xml`,
    async (ctx) => {
      const answer = await answerOf(ctx, op, kind, maker);
      const problem = soapMediaTypeProblem(answer.http.headers['content-type']);
      expect(
        problem,
        `${op} ${maker.how}: ${kind === 'fault' ? 'the fault' : 'the answer'} (HTTP ${answer.http.status}) came with ${problem}: SOAP 1.1 over HTTP sends text/xml`,
      ).toBeUndefined();
    },
    { cells: [soapMediaTypeCell(op, kind)] },
  );
}

/** A successful answer of `op`, sent as text/xml. */
export function successMessageTests(op: OperationName, maker: AnswerMaker): void {
  mediaTypeTest(op, 'success', maker);
}

/** A fault of `op`, sent as text/xml with HTTP 500. */
export function faultMessageTests(op: OperationName, maker: AnswerMaker): void {
  mediaTypeTest(op, 'fault', maker);
  conformanceTest(
    ['soap.fault.http-500'],
    `a fault of ${op} (${maker.how}) must be sent with HTTP status 500`,
    async (ctx) => {
      const answer = await answerOf(ctx, op, 'fault', maker);
      expect(
        answer.http.status,
        `${op} ${maker.how}: fault ${answer.fault!.faultcode} came with HTTP ${answer.http.status}: a SOAP fault is sent with HTTP 500`,
      ).toBe(500);
    },
    { cells: [soapFaultStatusCell(op)] },
  );
}
