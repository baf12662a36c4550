/**
 * The server rule on a fetched WSDL, on the reference server's own WSDL and on copies broken one
 * way each: every §4.1 and §4.2 requirement it judges passes on the first and the one broken fails.
 */
import { describe, expect, it } from 'vitest';
import { wsdlRule } from '../lib/traffic/rules/server/wsdl.ts';
import { WSDL_REQUIREMENTS } from '../lib/traffic/rules/server/wsdl-checks.ts';
import { projectWsdl } from '../reference-server/soap/wsdl.ts';
import { BASE, exchange } from './support/traffic-server-exchanges.ts';
import { failuresOf, judgeExchanges, passesOf } from './support/traffic-server-har.ts';

const fetched = (wsdl: string) =>
  exchange({
    path: '/soap/project/?wsdl',
    status: 200,
    responseHeaders: { 'Content-Type': 'text/xml; charset=UTF-8' },
    responseBody: wsdl,
  });
const WSDL = projectWsdl(BASE);

describe('the WSDL from traffic', () => {
  it('passes the reference server’s WSDL on every requirement it judges', () => {
    const outcome = judgeExchanges([fetched(WSDL)], [wsdlRule]);
    expect(failuresOf(outcome)).toEqual({});
    expect(Object.keys(passesOf(outcome)).sort()).toEqual([...WSDL_REQUIREMENTS].sort());
  });

  it('passes a location with the default port written out, the namespace naming none', () => {
    const https = projectWsdl('https://tuleap.example').replace(
      'https://tuleap.example/soap/project/"',
      'https://tuleap.example:443/soap/project/"',
    );
    expect(https).toContain(':443/soap/project/');
    expect(failuresOf(judgeExchanges([fetched(https)], [wsdlRule]))).toEqual({});
  });

  const BROKEN: Array<[string, (wsdl: string) => string, string]> = [
    [
      'document style',
      (w) => w.replaceAll('style="rpc"', 'style="document"'),
      'soap.wsdl.style-rpc',
    ],
    ['literal use', (w) => w.replaceAll('use="encoded"', 'use="literal"'), 'soap.wsdl.use-encoded'],
    [
      'a soapAction of another base',
      (w) =>
        w.replaceAll(
          `soapAction="${BASE}/soap/project#`,
          'soapAction="http://other.example/soap/project#',
        ),
      'soap.wsdl.soap-action',
    ],
    [
      'a location of another base',
      (w) =>
        w.replace(
          `location="${BASE}/soap/project/"`,
          'location="http://other.example/soap/project/"',
        ),
      'soap.transport.location',
    ],
    [
      'another binding name',
      (w) => w.replaceAll('ProjectAPIBinding', 'ProjectBinding'),
      'soap.wsdl.binding',
    ],
    [
      'a versioned namespace',
      (w) =>
        w.replace(
          `targetNamespace="${BASE}/soap/project"`,
          `targetNamespace="${BASE}/soap/project/v2"`,
        ),
      'soap.wsdl.target-namespace',
    ],
    ['no WSDL at all', () => '<html><body>Not here</body></html>', 'soap.wsdl.available'],
  ];
  for (const [what, breakIt, requirement] of BROKEN)
    it(`fails ${requirement} on ${what}`, () => {
      const broken = breakIt(WSDL);
      expect(broken).not.toBe(WSDL);
      const failed = failuresOf(judgeExchanges([fetched(broken)], [wsdlRule]));
      expect(failed[requirement] ?? 0, JSON.stringify(failed)).toBe(1);
    });
});
