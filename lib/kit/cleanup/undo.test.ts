import { expect, test } from 'vitest';
import type { HttpClient } from '../clients/http.ts';
import type { LeftoverKind, UndoStep } from './types.ts';
import { runCleanup } from './undo.ts';

const step = (kind: LeftoverKind, what: string): UndoStep => ({
  kind,
  what,
  call: { kind: 'rest', method: 'DELETE', path: `/${what}`, headers: {} },
});

/** Answers each DELETE after a tick, logging when it started and ended. */
function recordingHttp(log: string[], refuse: string) {
  return {
    send: async ({ path }: { path: string }) => {
      log.push(`start ${path}`);
      await new Promise((tick) => setTimeout(tick, 5));
      log.push(`end ${path}`);
      return { status: path === refuse ? 403 : 204 };
    },
  } as unknown as HttpClient;
}

test('changes are undone one after the other, in order; tokens and sessions after them, together', async () => {
  const log: string[] = [];
  const outcome = await runCleanup(
    {
      undo: [
        step('user-group-entry', 'entry'),
        step('membership', 'member'),
        step('token', 'token'),
        step('session', 'session'),
      ],
      remaining: [],
    },
    recordingHttp(log, '/session'),
  );
  expect(log.slice(0, 4)).toEqual(['start /entry', 'end /entry', 'start /member', 'end /member']);
  expect(log.slice(4, 6).sort()).toEqual(['start /session', 'start /token']);
  expect(outcome.undone).toEqual(['entry', 'member', 'token']);
  expect(outcome.remaining).toEqual([{ kind: 'session', what: 'session: not undone (HTTP 403)' }]);
});

test('a refused project call is kept, without its session key, for cleanup REPORT_DIR', async () => {
  const refusing = {
    send: () =>
      Promise.resolve({
        status: 500,
        headers: { 'content-type': 'text/xml' },
        text: '<SOAP-ENV:Envelope xmlns:SOAP-ENV="http://schemas.xmlsoap.org/soap/envelope/"><SOAP-ENV:Body><SOAP-ENV:Fault><faultcode>3000</faultcode><faultstring>Invalid project id</faultstring></SOAP-ENV:Fault></SOAP-ENV:Body></SOAP-ENV:Envelope>',
      }),
  } as unknown as HttpClient;
  const outcome = await runCleanup(
    {
      undo: [
        {
          kind: 'service',
          what: 'service 21 of project 101 active again',
          call: {
            kind: 'soap',
            service: 'project',
            operation: 'activateService',
            args: ['secret-key', 101, 21],
          },
          as: 'alice',
        },
      ],
      remaining: [],
    },
    refusing,
  );
  expect(outcome.remaining).toHaveLength(1);
  expect(outcome.remaining[0]!.retry).toEqual({
    operation: 'activateService',
    args: [101, 21],
    as: 'alice',
  });
  expect(JSON.stringify(outcome.remaining)).not.toContain('secret-key');
});

test('an undo the target answers false is not done: it is listed as remaining, never as undone', async () => {
  const answeringFalse = {
    send: () =>
      Promise.resolve({
        status: 200,
        headers: { 'content-type': 'text/xml' },
        text:
          '<SOAP-ENV:Envelope xmlns:SOAP-ENV="http://schemas.xmlsoap.org/soap/envelope/" xmlns:ns1="urn:x" xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><SOAP-ENV:Body>' +
          '<ns1:removeUserFromUGroupResponse><return xsi:type="xsd:boolean">false</return></ns1:removeUserFromUGroupResponse></SOAP-ENV:Body></SOAP-ENV:Envelope>',
      }),
  } as unknown as HttpClient;
  const outcome = await runCleanup(
    {
      undo: [
        {
          kind: 'user-group-entry',
          what: 'user 104 in user group 4 of project 105',
          call: {
            kind: 'soap',
            service: 'project',
            operation: 'removeUserFromUGroup',
            args: ['key', 105, 4, 104],
          },
        },
      ],
      remaining: [],
    },
    answeringFalse,
  );
  expect(outcome.undone).toEqual([]);
  expect(outcome.remaining).toEqual([
    expect.objectContaining({
      what: 'user 104 in user group 4 of project 105: not undone (answered false)',
    }),
  ]);
});

test('an undo that carries a secret (a password) is never kept to be sent again', async () => {
  const refusing = {
    send: () => Promise.resolve({ status: 503, headers: {}, text: '' }),
  } as unknown as HttpClient;
  const outcome = await runCleanup(
    {
      undo: [
        {
          kind: 'generic-user',
          what: 'generic user of project 101 set back',
          call: {
            kind: 'soap',
            service: 'project',
            operation: 'setProjectGenericUser',
            args: ['key', 101, 'the-password'],
          },
          secret: true,
        },
      ],
      remaining: [],
    },
    refusing,
  );
  expect(outcome.remaining).toHaveLength(1);
  expect(JSON.stringify(outcome.remaining)).not.toContain('the-password');
});
