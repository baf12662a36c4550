/**
 * The SOAP endpoints on the wire, through the harness's own SOAP client: every operation and the
 * login, typed values, arrays of 0, 1 and many items, faults, the WSDL, and bad input.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { HttpClient } from '../../lib/kit/clients/http.ts';
import { Transcript } from '../../lib/kit/clients/transcript.ts';
import { SoapClient, type SoapAnswer } from '../../lib/kit/soap/client.ts';
import { SOAP_OPERATIONS } from '../../spec/soap-operations.ts';
import { attribute, parseXml, type XmlNode } from '../../lib/kit/xml/tree.ts';
import { startReferenceServer, type RunningServer } from '../listen.ts';

const XSI = 'http://www.w3.org/2001/XMLSchema-instance';
let server: RunningServer;
let http: HttpClient;
let project: SoapClient;
let alice: string;
let site: string;

async function login(username: string, password: string): Promise<string> {
  const answer = await SoapClient.login(http).raw('login', [
    { name: 'loginname', type: 'xsd:string', value: username },
    { name: 'passwd', type: 'xsd:string', value: password },
  ]);
  return (answer.value as { session_hash: string }).session_hash;
}

function everyValueTyped(node: XmlNode): boolean {
  return attribute(node, XSI, 'type') !== undefined && node.children.every(everyValueTyped);
}

beforeAll(async () => {
  server = await startReferenceServer({ projectQuota: 5 });
  http = new HttpClient(server.url, new Transcript(), 5000);
  project = SoapClient.project(http);
  alice = await login('alice', 'alice-pass');
  site = await login('admin', 'admin-pass');
});
afterAll(() => server.close());

describe('login (core SOAP at /soap/)', () => {
  test('returns Session{user_id:int, session_hash:string} in the part named return', async () => {
    const answer = await SoapClient.login(http).raw('login', [
      { name: 'loginname', type: 'xsd:string', value: 'bob' },
      { name: 'passwd', type: 'xsd:string', value: 'bob-pass' },
    ]);
    expect(answer.part?.name).toBe('return');
    expect(answer.value).toEqual({
      user_id: 103,
      session_hash: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
  });

  test('3002 on a bad password, HTTP 500', async () => {
    const answer = await SoapClient.login(http).raw('login', [
      { name: 'loginname', type: 'xsd:string', value: 'bob' },
      { name: 'passwd', type: 'xsd:string', value: 'wrong' },
    ]);
    expect(answer.http.status).toBe(500);
    expect(answer.fault).toEqual({
      faultcode: '3002',
      faultstring: 'bob : Invalid Password Or User Name',
    });
  });
});

describe('the 14 operations through the harness client', () => {
  test('array outputs: many items, one item, no item; ints as ints', async () => {
    const services = await project.call('getProjectServicesUsage', {
      session_key: alice,
      group_id: 101,
    });
    expect(services.value).toEqual(
      expect.arrayContaining([{ id: expect.any(Number), short_name: 'summary', is_used: 1 }]),
    );
    expect(
      attribute(services.part!, 'http://schemas.xmlsoap.org/soap/encoding/', 'arrayType'),
    ).toBe(`ns1:ServiceValue[${(services.value as unknown[]).length}]`);
    expect(everyValueTyped(services.part!)).toBe(true);

    const none = await project.call('getProjectDescriptionFieldsValue', {
      session_key: alice,
      group_id: 102,
    });
    expect(none.value).toEqual([]);
    await project.call('setProjectDescriptionFieldValue', {
      session_key: alice,
      group_id: 102,
      field_id_to_update: 2,
      field_value: 'a <b> & "c" é',
    });
    const one = await project.call('getProjectDescriptionFieldsValue', {
      session_key: alice,
      group_id: 102,
    });
    expect(one.value).toEqual([{ id: 2, value: 'a <b> & "c" é' }]);

    const fields = await project.call('getPlateformProjectDescriptionFields', {
      sessionKey: alice,
    });
    expect(fields.value).toEqual(
      expect.arrayContaining([{ id: 1, name: 'Full description', is_mandatory: 1 }]),
    );
  });

  test('booleans, an int, a struct and empty response messages', async () => {
    const wiki = (
      (await project.call('getProjectServicesUsage', { session_key: alice, group_id: 101 }))
        .value as Array<{
        id: number;
        short_name: string;
      }>
    ).find((s) => s.short_name === 'wiki')!;
    expect(
      (
        await project.call('activateService', {
          session_key: alice,
          group_id: 101,
          service_id: wiki.id,
        })
      ).value,
    ).toBe(true);
    expect(
      (
        await project.call('deactivateService', {
          session_key: alice,
          group_id: 101,
          service_id: wiki.id,
        })
      ).value,
    ).toBe(true);
    expect(
      (
        await project.call('addProjectMember', {
          sessionKey: alice,
          groupId: 101,
          userLogin: 'carol',
        })
      ).value,
    ).toBe(true);
    expect(
      (
        await project.call('addUserToUGroup', {
          sessionKey: alice,
          groupId: 101,
          ugroupId: 4,
          userId: 104,
        })
      ).value,
    ).toBe(true);
    expect(
      (
        await project.call('removeUserFromUGroup', {
          sessionKey: alice,
          groupId: 101,
          ugroupId: 4,
          userId: 104,
        })
      ).value,
    ).toBe(true);
    expect(
      (
        await project.call('removeProjectMember', {
          sessionKey: alice,
          groupId: 101,
          userLogin: 'carol',
        })
      ).value,
    ).toBe(true);
    const created = await project.call('addProject', {
      sessionKey: alice,
      adminSessionKey: site,
      shortName: 'wireproj',
      publicName: 'Wire Project',
      privacy: 'public',
      templateId: 100,
    });
    expect(created.value).toEqual(expect.any(Number));
    const generic = await project.call('setProjectGenericUser', {
      session_key: alice,
      group_id: created.value as number,
      password: 'pw123456',
    });
    expect(generic.value).toMatchObject({ username: 'forge__prjgen_wireproj', ldap_id: '' });
    expect(everyValueTyped(generic.part!)).toBe(true);
    expect(
      (
        await project.call('getProjectGenericUser', {
          sessionKey: alice,
          groupId: created.value as number,
        })
      ).value,
    ).toEqual(generic.value);
    const unset = await project.call('unsetGenericUser', {
      session_key: alice,
      groupId: created.value as number,
    });
    expect(unset.fault).toBeUndefined();
    expect(unset.response?.children).toEqual([]);
    const set = await project.call('setProjectDescriptionFieldValue', {
      session_key: alice,
      group_id: 101,
      field_id_to_update: 1,
      field_value: 'x',
    });
    expect(set.response?.name).toBe('setProjectDescriptionFieldValueResponse');
    expect(set.part).toBeUndefined();
  });

  test('faults: HTTP 500, the bare numeric faultcode, a clear faultstring', async () => {
    const answer = await project.call('getProjectServicesUsage', {
      session_key: alice,
      group_id: 999,
    });
    expect(answer.http.status).toBe(500);
    expect(answer.fault).toEqual({ faultcode: '3000', faultstring: 'Invalid project id' });
  });

  test('requests without xsi:type, with other prefixes, and parts by position are accepted', async () => {
    const untyped = await project.call(
      'getProjectServicesUsage',
      { session_key: alice, group_id: 101 },
      { untyped: true },
    );
    expect(untyped.fault).toBeUndefined();
    const positional = await project.raw('getProjectServicesUsage', [
      { name: 'a', type: 'xsd:string', value: alice },
      { name: 'b', type: 'xsd:int', value: 101 },
    ]);
    expect(positional.fault).toBeUndefined();
    const prefixed = await http.send({
      method: 'POST',
      path: '/soap/project/',
      body: `<e:Envelope xmlns:e="http://schemas.xmlsoap.org/soap/envelope/"><e:Body><p:getProjectServicesUsage xmlns:p="urn:any"><session_key>${alice}</session_key><group_id> 101 </group_id></p:getProjectServicesUsage></e:Body></e:Envelope>`,
    });
    expect(prefixed.status).toBe(200);
  });
});

describe('the WSDL', () => {
  test('{base_url} comes from the Host header, or --base-url', async () => {
    const wsdl = await http.send({
      path: '/soap/project/?wsdl',
      headers: { host: 'tuleap.example.org:8443', 'x-forwarded-proto': 'https' },
    });
    expect(wsdl.status).toBe(200);
    expect(wsdl.headers['content-type']).toMatch(/^text\/xml/);
    const root = parseXml(wsdl.text);
    expect(root.attributes['targetNamespace']).toBe('https://tuleap.example.org:8443/soap/project');
    expect(wsdl.text).toContain(
      'soapAction="https://tuleap.example.org:8443/soap/project#addProject"',
    );

    const fixed = await startReferenceServer({ baseUrl: 'https://fixed.example' });
    try {
      const other = await new HttpClient(fixed.url, new Transcript(), 5000).send({
        path: '/soap/project/?wsdl',
      });
      expect(parseXml(other.text).attributes['targetNamespace']).toBe(
        'https://fixed.example/soap/project',
      );
    } finally {
      await fixed.close();
    }
  });

  test('declares the 14 operations with rpc/encoded bindings', async () => {
    const wsdl = (await http.send({ path: '/soap/project/?wsdl' })).text;
    for (const op of SOAP_OPERATIONS)
      expect(wsdl).toContain(`<operation name="${op.name}"><soap:operation soapAction=`);
    expect(wsdl.match(/use="encoded"/g)).toHaveLength(28);
    expect(wsdl).toContain('<portType name="ProjectAPIPortType">');
    expect(wsdl).toContain('<binding name="ProjectAPIBinding" type="tns:ProjectAPIPortType">');
  });
});

describe('bad input gets a clear fault and changes nothing', () => {
  const envelope = (inner: string) =>
    `<SOAP-ENV:Envelope xmlns:SOAP-ENV="http://schemas.xmlsoap.org/soap/envelope/"><SOAP-ENV:Body>${inner}</SOAP-ENV:Body></SOAP-ENV:Envelope>`;
  const memberCall = (login: string) =>
    `<m:addProjectMember xmlns:m="urn:x"><sessionKey>${alice}</sessionKey><groupId>101</groupId><userLogin>${login}</userLogin></m:addProjectMember>`;

  async function post(body: string | Buffer, headers: Record<string, string> = {}) {
    const answer = await fetch(`${server.url}/soap/project/`, {
      method: 'POST',
      body: typeof body === 'string' ? body : new Uint8Array(body),
      headers: { 'content-type': 'text/xml', ...headers },
    });
    return { status: answer.status, text: await answer.text() };
  }

  test.each([
    [
      'a DOCTYPE',
      `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]>${envelope(memberCall('&e;'))}`,
      'SOAP-ENV:Server',
      /DTD are not supported/,
    ],
    ['malformed XML', envelope('<m:addProjectMember>'), 'SOAP-ENV:Client', /malformed XML/],
    ['not an Envelope', '<hello/>', 'SOAP-ENV:Client', /not a SOAP Envelope/],
    ['an empty body', '', 'SOAP-ENV:Client', /malformed XML|not a SOAP Envelope/],
    [
      'a SOAP 1.2 envelope',
      `<e:Envelope xmlns:e="http://www.w3.org/2003/05/soap-envelope"><e:Body>${memberCall('carol')}</e:Body></e:Envelope>`,
      'SOAP-ENV:VersionMismatch',
      /SOAP 1\.1/,
    ],
    [
      'an unknown operation',
      envelope('<m:dropDatabase xmlns:m="urn:x"/>'),
      'SOAP-ENV:Server',
      /Procedure 'dropDatabase' not present/,
    ],
    [
      'a missing part',
      envelope(
        `<m:addProjectMember xmlns:m="urn:x"><sessionKey>${alice}</sessionKey><groupId>101</groupId></m:addProjectMember>`,
      ),
      'SOAP-ENV:Client',
      /missing part 'userLogin'/,
    ],
    [
      'a wrongly typed part',
      envelope(
        `<m:addProjectMember xmlns:m="urn:x"><sessionKey>${alice}</sessionKey><groupId>abc</groupId><userLogin>carol</userLogin></m:addProjectMember>`,
      ),
      'SOAP-ENV:Client',
      /groupId': expected xsd:int, got 'abc'/,
    ],
    [
      'an int out of range',
      envelope(
        `<m:addProjectMember xmlns:m="urn:x"><sessionKey>${alice}</sessionKey><groupId>1e309</groupId><userLogin>carol</userLogin></m:addProjectMember>`,
      ),
      'SOAP-ENV:Client',
      /expected xsd:int/,
    ],
  ])('%s', async (_label, body, faultcode, message) => {
    const answer = await post(body);
    expect(answer.status).toBe(500);
    expect(answer.text).toContain(`<faultcode>${faultcode}</faultcode>`);
    expect(answer.text).toMatch(message);
    expect(answer.text).not.toContain('root:');
    expect(server.app.state.projects.get(101)!.members.has(104)).toBe(false);
  });

  test('a SOAPAction naming another operation', async () => {
    const answer = await post(envelope(memberCall('carol')), {
      soapaction: `"${server.url}/soap/project#removeProjectMember"`,
    });
    expect(answer.status).toBe(500);
    expect(answer.text).toMatch(/SOAPAction .* does not name the operation 'addProjectMember'/);
    expect(server.app.state.projects.get(101)!.members.has(104)).toBe(false);
  });

  test('invalid UTF-8', async () => {
    const answer = await post(
      Buffer.concat([
        Buffer.from(envelope(memberCall('caro'))).subarray(0, 200),
        Buffer.from([0xff, 0xfe]),
        Buffer.from('l</userLogin></m:addProjectMember></SOAP-ENV:Body></SOAP-ENV:Envelope>'),
      ]),
    );
    expect(answer.status).toBe(500);
    expect(answer.text).toMatch(/not valid UTF-8/);
  });

  test('an oversized body: 413 with a SOAP fault', async () => {
    const answer = await post(envelope(memberCall('x'.repeat(2 * 1024 * 1024))));
    expect(answer.status).toBe(413);
    expect(answer.text).toMatch(/<faultstring>Request Entity Too Large/);
  });

  test('GET without ?wsdl: 405 naming what to do', async () => {
    const answer = await fetch(`${server.url}/soap/project/`);
    expect(answer.status).toBe(405);
    expect(await answer.text()).toMatch(/GET \?wsdl/);
  });

  test('numeric character references are decoded as XML requires', async () => {
    const answer: SoapAnswer = await project.raw('removeProjectMember', [
      { name: 'sessionKey', type: 'xsd:string', value: alice },
      { name: 'groupId', type: 'xsd:int', value: 101 },
      { name: 'userLogin', type: 'xsd:string', value: 'nobody-here' },
    ]);
    expect(answer.fault?.faultcode).toBe('3202');
    const viaReference = await post(envelope(memberCall('&#99;arol')));
    expect(viaReference.status).toBe(200);
    expect(server.app.state.projects.get(101)!.members.has(104)).toBe(true);
  });
});
