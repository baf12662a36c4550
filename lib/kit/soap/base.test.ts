/**
 * The base the target knows itself by (§9.1): the form <base>/soap/project, learned from the WSDL
 * (redirects followed), with the target URL and the reason when the WSDL cannot give it.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { HttpClient } from '../clients/http.ts';
import { Transcript } from '../clients/transcript.ts';
import { baseOfNamespace, projectNamespace, soapBaseOf, withSoapBase } from './base.ts';
import { SoapClient } from './client.ts';
import { learnSoapBase } from './learn-base.ts';

describe('baseOfNamespace', () => {
  test.each([
    ['http://127.0.0.1:8080/soap/project', 'http://127.0.0.1:8080'],
    ['https://tuleap.example.org/soap/project', 'https://tuleap.example.org'],
    ['https://example.org/tuleap/soap/project', 'https://example.org/tuleap'],
  ])('%s has the base %s', (namespace, base) => {
    expect(baseOfNamespace(namespace)).toEqual({ base });
  });

  test.each([
    [undefined, 'declares no targetNamespace'],
    ['https://h/soap/project/', 'does not end in /soap/project'],
    ['https://h/soap/project/v1', 'does not end in /soap/project'],
    ['urn:ProjectAPI', 'does not end in /soap/project'],
    ['urn:x/soap/project', 'is not an http(s) URL'],
    ['/soap/project', 'is not a URL'],
    ['https://h/?v=2/soap/project', 'has a query or fragment'],
    ['https://h//soap/project', 'ends with a slash'],
  ])('%s is not of the form <base>/soap/project', (namespace, why) => {
    expect(baseOfNamespace(namespace).problem).toContain(why);
  });
});

describe('the SOAP clients of an HttpClient', () => {
  test('use the learned base for namespace and SOAPAction, and the client URL to send', async () => {
    const seen: Array<{ url: string; action: string; body: string }> = [];
    const server = await listen((req, body) => {
      seen.push({ url: req.url ?? '', action: String(req.headers['soapaction']), body });
      return { status: 500, body: FAULT };
    });
    try {
      const http = withSoapBase(
        new HttpClient(server.url, new Transcript(), 5000),
        'https://public.example',
      );
      expect(soapBaseOf(http)).toBe('https://public.example');
      await SoapClient.project(http).call('getProjectServicesUsage', {
        session_key: 'k',
        group_id: 1,
      });
      await SoapClient.login(http).raw('logout', [
        { name: 'sessionKey', type: 'xsd:string', value: 'k' },
      ]);
      expect(seen.map((s) => [s.url, s.action])).toEqual([
        ['/soap/project/', '"https://public.example/soap/project#getProjectServicesUsage"'],
        ['/soap/', '"https://public.example#logout"'],
      ]);
      expect(seen[0]!.body).toContain('xmlns:ns1="https://public.example/soap/project"');
      expect(soapBaseOf(new HttpClient(server.url, new Transcript(), 5000))).toBe(server.url);
    } finally {
      await server.close();
    }
  });
});

describe('learnSoapBase', () => {
  let server: Awaited<ReturnType<typeof listen>>;
  const wsdl = (tns: string) =>
    `<definitions xmlns="http://schemas.xmlsoap.org/wsdl/" targetNamespace="${tns}"/>`;
  beforeAll(async () => {
    server = await listen((req) => {
      if (req.url === '/soap/project/?wsdl') return { status: 200, body: wsdl(OTHER_TNS) };
      if (req.url === '/moved?wsdl')
        return { status: 302, body: '', headers: { location: '/soap/project/?wsdl' } };
      if (req.url === '/versioned?wsdl') return { status: 200, body: wsdl(`${OTHER_TNS}/v2`) };
      if (req.url === '/html?wsdl') return { status: 200, body: '<html><body/></html>' };
      return { status: 404, body: 'no' };
    });
  });
  afterAll(() => server.close());
  const client = () => new HttpClient(server.url, new Transcript(), 5000);

  test("takes the base of the WSDL's target namespace, following redirects", async () => {
    expect((await learnSoapBase(client())).base).toBe('https://tuleap.example.invalid');
    const moved = await learnSoapBase(client(), `${server.url}/moved?wsdl`);
    expect([moved.base, moved.problem]).toEqual(['https://tuleap.example.invalid', undefined]);
  });

  test('falls back to the target URL, saying why, when the WSDL cannot give it', async () => {
    for (const [path, why] of [
      ['/versioned?wsdl', 'does not end in /soap/project'],
      ['/html?wsdl', 'is not a WSDL 1.1 document'],
      ['/none?wsdl', 'answered HTTP 404'],
    ] as const) {
      const learned = await learnSoapBase(client(), path);
      expect(learned.base).toBe(server.url);
      expect(learned.problem).toContain(why);
    }
    const gone = await learnSoapBase(new HttpClient('http://127.0.0.1:9', new Transcript(), 2000));
    expect(gone.base).toBe('http://127.0.0.1:9');
    expect(gone.problem).toContain('could not be read');
  });
});

const OTHER_TNS = projectNamespace('https://tuleap.example.invalid');
const FAULT =
  '<SOAP-ENV:Envelope xmlns:SOAP-ENV="http://schemas.xmlsoap.org/soap/envelope/"><SOAP-ENV:Body>' +
  '<SOAP-ENV:Fault><faultcode>3000</faultcode><faultstring>x</faultstring></SOAP-ENV:Fault>' +
  '</SOAP-ENV:Body></SOAP-ENV:Envelope>';

type Answer = { status: number; body: string; headers?: Record<string, string> };

async function listen(
  answer: (req: import('node:http').IncomingMessage, body: string) => Answer,
): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const a = answer(req, body);
      res.writeHead(a.status, { 'content-type': 'text/xml', ...a.headers }).end(a.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
