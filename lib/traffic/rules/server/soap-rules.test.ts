import { describe, expect, it } from 'vitest';
import {
  failuresOf,
  judgeExchanges,
  passesOf,
} from '../../../../tests/support/traffic-server-har.ts';
import {
  exchange,
  soap,
  soapFault,
  TNS,
} from '../../../../tests/support/traffic-server-exchanges.ts';
import { soapAnswerNamespaceRule } from './soap-answer-namespace.ts';
import { soapFaultRule } from './soap-fault.ts';
import { soapMediaTypeRule } from './soap-media-type.ts';
import { soapOutputRule } from './soap-output.ts';

const SERVICES = (members: string, arrayType = 'ns1:ServiceValue[1]') =>
  `<ns1:getProjectServicesUsageResponse><getProjectServicesUsage xsi:type="ns1:ArrayOfServicesValues" SOAP-ENC:arrayType="${arrayType}">${members}</getProjectServicesUsage></ns1:getProjectServicesUsageResponse>`;
const SERVICE =
  '<item xsi:type="ns1:ServiceValue"><id xsi:type="xsd:int">1</id><short_name xsi:type="xsd:string">summary</short_name><is_used xsi:type="xsd:int">1</is_used></item>';

describe('soap.wire.media-type from traffic', () => {
  it('passes text/xml with a charset, in any case', () => {
    const outcome = judgeExchanges(
      [
        soap('getProjectServicesUsage', SERVICES(SERVICE)),
        soap('getProjectServicesUsage', soapFault('3000'), 500, 'Text/XML'),
      ],
      [soapMediaTypeRule],
    );
    expect(passesOf(outcome)).toEqual({ 'soap.wire.media-type': 2 });
    expect(failuresOf(outcome)).toEqual({});
  });

  it('fails a fault sent as text/html and an answer as application/soap+xml', () => {
    const outcome = judgeExchanges(
      [
        soap('getProjectServicesUsage', soapFault('3000'), 500, 'text/html'),
        soap('getProjectServicesUsage', SERVICES(SERVICE), 200, 'application/soap+xml'),
      ],
      [soapMediaTypeRule],
    );
    expect(failuresOf(outcome)).toEqual({ 'soap.wire.media-type': 2 });
  });
});

describe('SOAP faults from traffic', () => {
  it('passes a bare §7.1 code with HTTP 500, observes a code not listed for the operation', () => {
    const outcome = judgeExchanges(
      [
        soap('getProjectServicesUsage', soapFault('3000'), 500),
        soap('getProjectServicesUsage', soapFault('3001', 'Invalid session'), 500),
      ],
      [soapFaultRule],
    );
    expect(failuresOf(outcome)).toEqual({});
    expect(passesOf(outcome)).toEqual({
      'soap.fault.http-500': 2,
      'soap.fault.numeric-code': 2,
    });
    expect(outcome.findings.get('soap.fault.unlisted-codes')?.observations.count).toBe(1);
  });

  it('fails a fault with HTTP 200, and a qualified Server faultcode for an operation', () => {
    const outcome = judgeExchanges(
      [
        soap('getProjectServicesUsage', soapFault('3000'), 200),
        soap(
          'getProjectServicesUsage',
          soapFault('SOAP-ENV:Server', '3000: Invalid project id'),
          500,
        ),
      ],
      [soapFaultRule],
    );
    expect(failuresOf(outcome)).toEqual({
      'soap.fault.http-500': 1,
      'soap.fault.numeric-code': 1,
    });
  });

  it('does not judge the faultcode of a refused request (SOAP-ENV:Client)', () => {
    const outcome = judgeExchanges(
      [soap('getProjectServicesUsage', soapFault('SOAP-ENV:Client', 'bad part'), 500)],
      [soapFaultRule],
    );
    expect(failuresOf(outcome)).toEqual({});
    expect(outcome.findings.get('soap.fault.numeric-code')).toBeUndefined();
  });
});

describe('successful SOAP answers from traffic', () => {
  it('passes a typed SOAP-ENC array in <op>Response', () => {
    const outcome = judgeExchanges(
      [soap('getProjectServicesUsage', SERVICES(SERVICE))],
      [soapOutputRule],
    );
    expect(failuresOf(outcome)).toEqual({});
    expect(passesOf(outcome)).toEqual({
      'soap.getProjectServicesUsage.output': 1,
      'soap.wire.xsi-type': 1,
      'soap.wire.encoded-arrays': 1,
    });
  });

  it('passes an empty response where §4.2 gives no output part, fails one holding a part', () => {
    const empty = judgeExchanges(
      [soap('unsetGenericUser', '<ns1:unsetGenericUserResponse/>')],
      [soapOutputRule],
    );
    expect(passesOf(empty)).toEqual({ 'soap.unsetGenericUser.output': 1 });
    const holding = judgeExchanges(
      [
        soap(
          'unsetGenericUser',
          '<ns1:unsetGenericUserResponse><return xsi:type="xsd:boolean">true</return></ns1:unsetGenericUserResponse>',
        ),
      ],
      [soapOutputRule],
    );
    expect(failuresOf(holding)).toEqual({ 'soap.unsetGenericUser.output': 1 });
  });

  it('fails an untyped member, a wrong member count, a misnamed part and a wrong part type', () => {
    const outcome = judgeExchanges(
      [
        soap(
          'getProjectServicesUsage',
          SERVICES(SERVICE.replace(' xsi:type="xsd:int">1</id>', '>1</id>')),
        ),
        soap('getProjectServicesUsage', SERVICES(SERVICE, 'ns1:ServiceValue[3]')),
        soap(
          'activateService',
          '<ns1:activateServiceResponse><return xsi:type="xsd:boolean">true</return></ns1:activateServiceResponse>',
        ),
        soap(
          'addProject',
          '<ns1:addProjectResponse><addProject xsi:type="xsd:string">101</addProject></ns1:addProjectResponse>',
        ),
      ],
      [soapOutputRule],
    );
    expect(failuresOf(outcome)).toEqual({
      'soap.wire.xsi-type': 1,
      'soap.wire.encoded-arrays': 1,
      'soap.activateService.output': 1,
      'soap.addProject.output': 1,
    });
  });
});

describe('the answers namespace from traffic', () => {
  const wsdl = (tns: string) =>
    exchange({
      path: '/soap/project/?wsdl',
      status: 200,
      responseHeaders: { 'Content-Type': 'text/xml' },
      responseBody: `<definitions xmlns="http://schemas.xmlsoap.org/wsdl/" targetNamespace="${tns}"/>`,
    });
  const answer = soap('getProjectServicesUsage', SERVICES(SERVICE));

  it('passes an answer in the target namespace of the WSDL fetched, judges none without one', () => {
    expect(passesOf(judgeExchanges([wsdl(TNS), answer], [soapAnswerNamespaceRule]))).toEqual({
      'soap.wsdl.target-namespace': 1,
    });
    expect(judgeExchanges([answer], [soapAnswerNamespaceRule]).findings.size).toBe(0);
  });

  it('fails an answer in another namespace than the WSDL declares', () => {
    const outcome = judgeExchanges(
      [wsdl('http://other.example/soap/project'), answer],
      [soapAnswerNamespaceRule],
    );
    expect(failuresOf(outcome)).toEqual({ 'soap.wsdl.target-namespace': 1 });
  });
});
