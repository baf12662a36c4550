/**
 * The typed call: named arguments become the §4.2 parts, in the declared order with the declared
 * names and types, whatever the order of the keys; a call it cannot express is refused before
 * anything is sent (a malformed call is raw()'s, by name).
 */
import { describe, expect, test } from 'vitest';
import type { HttpClient, HttpRequest } from '../clients/http.ts';
import { SoapClient } from './client.ts';

class Sent extends Error {
  constructor(readonly request: HttpRequest) {
    super('sent');
  }
}

/** A client whose sends are captured and never answered. */
function capturing(): SoapClient {
  const http = {
    send: (request: HttpRequest) => Promise.reject(new Sent(request)),
  } as unknown as HttpClient;
  return new SoapClient(http, '/soap/project/', 'urn:test');
}

async function bodyOf(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(Sent);
  return (error as Sent).request.body ?? '';
}

describe('SoapClient.call', () => {
  test('sends the named arguments as the §4.2 parts, in their declared order and types', async () => {
    const body = await bodyOf(
      capturing().call('addUserToUGroup', {
        userId: 7,
        ugroupId: 4,
        sessionKey: 'k<&',
        groupId: 101,
      }),
    );
    expect(body).toContain(
      '<ns1:addUserToUGroup>' +
        '<sessionKey xsi:type="xsd:string">k&lt;&amp;</sessionKey>' +
        '<groupId xsi:type="xsd:int">101</groupId>' +
        '<ugroupId xsi:type="xsd:int">4</ugroupId>' +
        '<userId xsi:type="xsd:int">7</userId>' +
        '</ns1:addUserToUGroup>',
    );
  });

  test('refuses, before sending, arguments the operation does not take or leaves out', async () => {
    const soap = capturing();
    // The arguments are wrong on purpose: the client, untyped, must refuse them itself.
    const untyped = soap as unknown as { call(op: string, args: object): Promise<unknown> };
    await expect(
      untyped.call('getProjectServicesUsage', { sessionKey: 'k', group_id: 1 }),
    ).rejects.toThrow(
      'getProjectServicesUsage takes the parts session_key, group_id; missing session_key; unknown sessionKey',
    );
    await expect(
      untyped.call('getProjectServicesUsage', { session_key: 'k', group_id: 1, extra: 2 }),
    ).rejects.toThrow('unknown extra');
  });

  test('raw sends exactly the parts given, malformed ones included', async () => {
    const body = await bodyOf(
      capturing().raw('getProjectServicesUsage', [
        { name: 'group_id', type: 'xsd:string', value: 'x' },
      ]),
    );
    expect(body).toContain(
      '<ns1:getProjectServicesUsage><group_id xsi:type="xsd:string">x</group_id></ns1:getProjectServicesUsage>',
    );
  });
});
