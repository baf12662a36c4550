import { describe, expect, test } from 'vitest';
import { answerIn, judge, withPasswords } from './replay.ts';

describe('replay', () => {
  test('FIXED only when the answer the assertion expected comes back', () => {
    const failed = { expected: '412', actual: '200' };
    expect(judge(failed, { status: 200 }, { status: 412 })).toBe('FIXED');
    expect(judge(failed, { status: 200 }, { status: 200 })).toBe('STILL FAILING');
    expect(judge(failed, { status: 200 }, { status: 404 })).toBe('CHANGED');
    const fault = { expected: '3001', actual: '3000' };
    expect(
      judge(fault, { status: 500, faultcode: '3000' }, { status: 500, faultcode: '3001' }),
    ).toBe('FIXED');
    expect(
      judge(fault, { status: 500, faultcode: '3000' }, { status: 500, faultcode: '3000' }),
    ).toBe('STILL FAILING');
    // No expectation to hold the answer to: only "the same" can be told.
    expect(judge({}, { status: 200 }, { status: 200 })).toBe('STILL FAILING');
    expect(judge({}, { status: 200 }, { status: 412 })).toBe('CHANGED');
  });

  test("the last answer curl -i printed, with a SOAP fault's code", () => {
    const out =
      'HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 500 Internal Server Error\r\ncontent-type: text/xml\r\n\r\n' +
      '<SOAP-ENV:Fault><faultcode>3001</faultcode></SOAP-ENV:Fault>';
    expect(answerIn(out)).toEqual({ status: 500, faultcode: '3001' });
    expect(answerIn('curl: (7) Failed to connect')).toBeUndefined();
  });

  test('passwords go in escaped for JSON, XML and the shell; a missing one or a redacted secret is refused', () => {
    const passwords = new Map([['alice', `a'b"c<&`]]);
    const script = [
      `A=$(curl --data-binary '{"username":"alice","password":"<password of alice>"}' 'http://h/api/tokens')`,
      `S=$(curl --data-binary '<login><loginname>alice</loginname><passwd><password of alice></passwd></login>' 'http://h/soap/')`,
      `curl -u 'alice:<password of alice>' 'http://h/api/projects'`,
    ].join('\n');
    const lines = (withPasswords(script, passwords) as string).split('\n');
    expect(lines[0]).toContain(`"password":"a'\\''b\\"c<&"`);
    expect(lines[1]).toContain(`<passwd>a&#39;b&quot;c&lt;&amp;</passwd>`);
    expect(lines[2]).toContain(`-u 'alice:a'\\''b"c<&'`);
    expect(withPasswords(script, new Map())).toEqual({
      why: "no password for 'alice' (give the profile: --profile FILE)",
    });
    expect(withPasswords("curl -H 'x-auth-token: «redacted»' http://h", passwords)).toHaveProperty(
      'why',
    );
  });
});
