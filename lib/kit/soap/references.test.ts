/** Multi-reference values (SOAP 1.1 §5.2.1): answers are read with their references resolved. */
import { describe, expect, test } from 'vitest';
import { readAnswer } from './client.ts';
import { soapBodyRoot } from './references.ts';
import { untypedValues, xsiType } from './wire.ts';
import { parseXml } from '../xml/tree.ts';

const envelope = (body: string) =>
  `<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns:soapenc="http://schemas.xmlsoap.org/soap/encoding/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema"><soapenv:Body>${body}</soapenv:Body></soapenv:Envelope>`;

const AXIS = envelope(
  '<ns1:getProjectServicesUsageResponse xmlns:ns1="https://h/soap/project"><getProjectServicesUsage href="#id0"/></ns1:getProjectServicesUsageResponse>' +
    '<multiRef id="id0" soapenc:root="0" soapenc:arrayType="ns2:ServiceValue[2]" xsi:type="soapenc:Array" xmlns:ns2="https://h/soap/project"><item href="#id1"/><item href="#id2"/></multiRef>' +
    '<multiRef id="id2" soapenc:root="0" xsi:type="ns3:ServiceValue" xmlns:ns3="https://h/soap/project"><id xsi:type="xsd:int">2</id><short_name xsi:type="xsd:string">wiki</short_name><is_used xsi:type="xsd:int">0</is_used></multiRef>' +
    '<multiRef id="id1" soapenc:root="0" xsi:type="ns3:ServiceValue" xmlns:ns3="https://h/soap/project"><id xsi:type="xsd:int">1</id><short_name xsi:type="xsd:string">summary</short_name><is_used xsi:type="xsd:int">1</is_used></multiRef>',
);

const http = (text: string) => ({
  status: 200,
  headers: {},
  text,
  json: () => JSON.parse(text) as never,
  judge: () => undefined,
});

describe('soapBodyRoot', () => {
  test('resolves every reference, with the types of the referenced elements in their scope', () => {
    const answer = readAnswer(http(AXIS), 'getProjectServicesUsage');
    expect(answer.value).toEqual([
      { id: 1, short_name: 'summary', is_used: 1 },
      { id: 2, short_name: 'wiki', is_used: 0 },
    ]);
    expect(answer.part!.name).toBe('getProjectServicesUsage');
    expect(untypedValues(answer.part!)).toEqual([]);
    expect(xsiType(answer.part!.children[1]!)).toEqual({
      ns: 'https://h/soap/project',
      local: 'ServiceValue',
    });
  });

  test('leaves a reference to nothing, or a cycle, as written', () => {
    const root = soapBodyRoot(
      parseXml(
        envelope(
          '<r><a href="#none"/><b href="#x"/></r><x id="x" soapenc:root="0"><c href="#x"/></x>',
        ),
      ),
    )!;
    expect(root.children[0]!.attributes['href']).toBe('#none');
    const b = root.children[1]!;
    expect(b.children[0]!.name).toBe('c');
    expect(b.children[0]!.attributes['href']).toBe('#x');
  });
});
