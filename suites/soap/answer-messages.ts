/**
 * The message checks of the SOAP answers (spec/matrix/messages.ts), one test per cell: a
 * successful answer and a fault of each operation are sent as text/xml (§4.1 "SOAP over HTTP", the
 * SOAP 1.1 HTTP binding), and a fault with HTTP 500 (SOAP 1.1 §6.2). A suite file says how it makes
 * the answer (a call that changes nothing, or one it puts back); these declare the tests.
 */
import { expect } from 'vitest';
import { conformanceTest, type ConformanceContext } from '../../lib/kit/conformance-test.ts';
import { ConformanceFailure } from '../../lib/kit/conformance-failure.ts';
import type { SoapAnswer } from '../../lib/kit/soap/client.ts';
import { soapMediaTypeProblem } from '../../lib/kit/soap/media-type.ts';
import {
  soapFaultStatusCell,
  soapMediaTypeCell,
  type SoapAnswerKind,
} from '../../spec/matrix/messages.ts';
import type { OperationName } from '../../spec/soap-operations.ts';

import type { RequirementId } from '../../lib/requirements/index.ts';

/**
 * Makes one answer of the operation; `how` says which call, for titles and messages. `rule`: the
 * rule that gives the answer its kind (the call's success, or its §7.1 fault), with what it relies
 * on: a call that gives the other kind breaks it, and the message check is blocked by it.
 */
export interface AnswerMaker {
  how: string;
  rule: RequirementId;
  reliesOn?: readonly RequirementId[];
  answer: (ctx: ConformanceContext) => Promise<SoapAnswer>;
}

/**
 * The answer the check needs; one of the other kind breaks the maker's rule (a setup step that
 * failed: the test is blocked by it, docs/reading-the-report.md, "One bug, one failing requirement").
 */
async function answerOf(
  ctx: ConformanceContext,
  op: OperationName,
  kind: SoapAnswerKind,
  maker: AnswerMaker,
): Promise<SoapAnswer> {
  ctx.judging(maker.rule, { reliesOn: maker.reliesOn ?? [] });
  const answer = await maker.answer(ctx);
  const isFault = answer.fault !== undefined;
  const got = isFault
    ? `fault ${answer.fault!.faultcode}`
    : `a ${answer.response?.name ?? 'response'}`;
  if (isFault !== (kind === 'fault'))
    throw new ConformanceFailure(
      `${op} ${maker.how} answered ${got} (HTTP ${answer.http.status}), so there is no ${kind === 'fault' ? 'fault' : 'successful answer'} of ${op} to judge`,
      kind === 'fault' ? 'a fault' : 'a successful answer',
      `${got} (HTTP ${answer.http.status})`,
    );
  return answer;
}

function mediaTypeTest(op: OperationName, kind: SoapAnswerKind, maker: AnswerMaker): void {
  conformanceTest(
    ['soap.wire.media-type'],
    `${kind === 'fault' ? `a fault of ${op}` : `a successful ${op} answer`} (${maker.how}) must be sent with Content-Type text/xml`,
    async (ctx) => {
      const answer = await answerOf(ctx, op, kind, maker);
      ctx.judging('soap.wire.media-type');
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
      ctx.judging('soap.fault.http-500');
      expect(
        answer.http.status,
        `${op} ${maker.how}: fault ${answer.fault!.faultcode} came with HTTP ${answer.http.status}: a SOAP fault is sent with HTTP 500`,
      ).toBe(500);
    },
    { cells: [soapFaultStatusCell(op)] },
  );
}
