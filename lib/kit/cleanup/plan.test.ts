import { describe, expect, test } from 'vitest';
import type { Exchange } from '../clients/transcript.ts';
import { buildRequest } from '../soap/envelope.ts';
import { soapOperation } from '../../../spec/soap-operations.ts';
import { planCleanup } from './plan.ts';
import { wireActions } from './wire-actions.ts';

const BASE = 'http://t';
const ENV = 'http://schemas.xmlsoap.org/soap/envelope/';

function soap(operation: string, args: Array<string | number>, output = '', fault?: string) {
  const parts = soapOperation(operation).inputs.map(([name, type], i) => ({
    name,
    type,
    value: args[i]!,
  }));
  const body = fault
    ? `<E:Fault><faultcode>${fault}</faultcode><faultstring>x</faultstring></E:Fault>`
    : `<ns1:${operation}Response>${output}</ns1:${operation}Response>`;
  return exchange(
    'POST',
    '/soap/project/',
    buildRequest(`${BASE}/soap/project`, operation, parts),
    fault ? 500 : 200,
    `<E:Envelope xmlns:E="${ENV}" xmlns:ns1="${BASE}/soap/project" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema"><E:Body>${body}</E:Body></E:Envelope>`,
  );
}

function exchange(
  method: string,
  path: string,
  requestBody: string,
  status: number,
  responseBody: string,
  responseHeaders: Record<string, string> = {},
): Exchange {
  return {
    method,
    url: `${BASE}${path}`,
    requestHeaders: {},
    requestBody,
    status,
    responseHeaders,
    responseBody,
    durationMs: 1,
  };
}

const TRUE = '<r xsi:type="xsd:boolean">true</r>';
const plan = (exchanges: Exchange[], runProjects: string[] = []) =>
  planCleanup(wireActions(exchanges), new Set(runProjects));
const calls = (p: ReturnType<typeof plan>) =>
  p.undo.map((s) => (s.call.kind === 'soap' ? [s.call.operation, ...s.call.args] : s.call.path));

describe('planCleanup', () => {
  test('a membership the test introduced is removed; one it removed is restored', () => {
    const p = plan([
      soap('addProjectMember', ['k1', 101, 'carol'], TRUE),
      soap('removeProjectMember', ['k2', 101, 'bob'], TRUE),
    ]);
    expect(calls(p)).toEqual([
      ['addProjectMember', 'k2', 101, 'bob'],
      ['removeProjectMember', 'k1', 101, 'carol'],
    ]);
  });

  test('add then remove in the same test, or a refused call, leaves nothing to undo', () => {
    const p = plan([
      soap('addProjectMember', ['k', 101, 'carol'], TRUE),
      soap('removeProjectMember', ['k', 101, 'carol'], TRUE),
      soap('addProjectMember', ['k', 101, 'dave'], '', '3100'),
    ]);
    expect(p.undo).toEqual([]);
    expect(p.remaining).toEqual([]);
  });

  test('a user-group entry is undone only when its earlier state is known', () => {
    const p = plan([
      soap('addProjectMember', ['k', 101, 'carol'], TRUE),
      soap('addUserToUGroup', ['k', 101, 4, 104], TRUE),
      soap('addUserToUGroup', ['k', 101, 7, 103], TRUE),
    ]);
    // Carol's user id is unknown (no login of hers in the test): her entry in group 4 stays listed,
    // as does bob's (103) in group 7, which may have been there before.
    expect(calls(p)).toEqual([['removeProjectMember', 'k', 101, 'carol']]);
    expect(p.remaining.map((r) => r.kind)).toEqual(['user-group-entry', 'user-group-entry']);
  });

  test('in a project the run created, entries are undone and nothing about it is listed', () => {
    const p = plan([soap('addUserToUGroup', ['k', 105, 7, 103], TRUE)], ['105']);
    expect(calls(p)).toEqual([['removeUserFromUGroup', 'k', 105, 7, 103]]);
    expect(p.remaining).toEqual([]);
  });

  test('a service read before its change is set back; one not read is listed', () => {
    const usage =
      '<r xsi:type="ns1:ArrayOfServicesValues"><item><id xsi:type="xsd:int">5</id><short_name xsi:type="xsd:string">wiki</short_name><is_used xsi:type="xsd:int">0</is_used></item></r>';
    const p = plan([
      soap('getProjectServicesUsage', ['k', 101], usage),
      soap('activateService', ['k', 101, 5], TRUE),
      soap('deactivateService', ['k', 101, 6], TRUE),
    ]);
    expect(calls(p)).toEqual([['deactivateService', 'k', 101, 5]]);
    expect(p.remaining.map((r) => r.what)).toEqual([
      'service 6 of project 101 left inactive; its earlier state was not read',
    ]);
  });

  test('a description value read before is written back; one that had none is listed', () => {
    const values =
      '<r xsi:type="ns1:ArrayOfDescFieldsValues"><item><id xsi:type="xsd:int">1</id><value xsi:type="xsd:string">old</value></item></r>';
    const p = plan([
      soap('getProjectDescriptionFieldsValue', ['k', 101], values),
      soap('setProjectDescriptionFieldValue', ['k', 101, 1, 'new'], ''),
      soap('setProjectDescriptionFieldValue', ['k', 101, 2, 'x'], ''),
    ]);
    expect(calls(p)).toEqual([['setProjectDescriptionFieldValue', 'k', 101, 1, 'old']]);
    expect(p.remaining.map((r) => r.kind)).toEqual(['description-value']);
  });

  test('tokens are deleted unless the test deleted them; projects and artifacts are listed', () => {
    const p = plan([
      exchange('POST', '/api/tokens', '{}', 200, '{"user_id":"102","token":"t1","uri":"x"}'),
      exchange('POST', '/api/tokens', '{}', 200, '{"user_id":"102","token":"t2","uri":"x"}'),
      exchange('DELETE', '/api/tokens/t2', '', 200, ''),
      exchange('POST', '/api/artifacts', '{"tracker":{"id":9}}', 201, '{"id":44}', {
        location: `${BASE}/api/artifacts/44`,
      }),
      soap('addProject', ['k', 'a', 'cf-x', 'X', 'public', 100], '<r xsi:type="xsd:int">120</r>'),
    ]);
    expect(calls(p)).toEqual(['/api/tokens/t1']);
    expect(p.remaining.map((r) => r.what)).toEqual([
      'artifact 44 in tracker 9',
      'project cf-x (id 120); no interface deletes a project',
    ]);
  });

  test('with the admins group read first (REST), a removed member comes back with their entry, in order', () => {
    const admins = exchange(
      'GET',
      '/api/user_groups/101_4/users',
      '',
      200,
      '[{"id":102,"username":"alice"},{"id":103,"username":"bob"}]',
      { 'x-pagination-size': '2' },
    );
    const login = exchange(
      'POST',
      '/soap/',
      buildRequest(`${BASE}/soap`, 'login', [
        { name: 'loginname', type: 'xsd:string', value: 'alice' },
        { name: 'passwd', type: 'xsd:string', value: 'pw' },
      ]),
      200,
      `<E:Envelope xmlns:E="${ENV}" xmlns:ns1="${BASE}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema"><E:Body><ns1:loginResponse><return><user_id xsi:type="xsd:int">102</user_id><session_hash xsi:type="xsd:string">k</session_hash></return></ns1:loginResponse></E:Body></E:Envelope>`,
    );
    const p = plan([
      login,
      admins,
      soap('removeUserFromUGroup', ['k', 101, 4, 103], TRUE),
      soap('removeProjectMember', ['k', 101, 'bob'], TRUE),
    ]);
    expect(p.remaining, 'nothing unknown remains').toEqual([]);
    // The membership first, then the entry it holds; the session last.
    expect(calls(p)).toEqual([
      ['addProjectMember', 'k', 101, 'bob'],
      ['addUserToUGroup', 'k', 101, 4, 103],
      ['logout', 'k'],
    ]);
    expect(
      p.undo.slice(0, 2).map((s) => s.as),
      'the login whose session made them',
    ).toEqual(['alice', 'alice']);
  });
});
