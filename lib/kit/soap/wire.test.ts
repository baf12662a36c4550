/**
 * SOAP-ENC arrays as SOAP 1.1 §5.4.2 has them: any member names, a size counted or not asserted,
 * and the decoder reads them alike, whatever the prefixes.
 */
import { describe, expect, test } from 'vitest';
import { decode } from './client.ts';
import { arrayTypeProblem, encodedArrayProblems, untypedValues } from './wire.ts';
import { parseXml } from '../xml/tree.ts';

const TNS = 'https://h/soap/project';
const DECLS = `xmlns:t="${TNS}" xmlns:e="http://schemas.xmlsoap.org/soap/encoding/" xmlns:i="http://www.w3.org/2001/XMLSchema-instance" xmlns:s="http://www.w3.org/2001/XMLSchema"`;
const member = (name: string, id: number) =>
  `<${name} i:type="t:ServiceValue"><id i:type="s:int">${id}</id><short_name i:type="s:string">x</short_name><is_used i:type="e:int">1</is_used></${name}>`;
const array = (arrayType: string, members: string) =>
  parseXml(
    `<r ${DECLS} e:arrayType="${arrayType}" i:type="t:ArrayOfServicesValues">${members}</r>`,
  );

describe('encodedArrayProblems', () => {
  test.each([
    ['members named item', 't:ServiceValue[2]', member('item', 1) + member('item', 2)],
    [
      'members named after their type',
      't:ServiceValue[2]',
      member('ServiceValue', 1) + member('x', 2),
    ],
    ['no size asserted', 't:ServiceValue[]', member('item', 1) + member('item', 2)],
    ['no member', 't:ServiceValue[0]', ''],
  ])('accepts %s', (_, arrayType, members) => {
    expect(encodedArrayProblems(array(arrayType, members), TNS, 'ServiceValue')).toEqual([]);
  });

  test.each([
    [
      'a count that is not the members',
      't:ServiceValue[3]',
      'declares 3 members, the array holds 2',
    ],
    ['another member type', 't:DescField[2]', 'expected {https://h/soap/project}ServiceValue'],
    ['another namespace', 's:ServiceValue[2]', 'expected {https://h/soap/project}ServiceValue'],
    ['no size brackets', 't:ServiceValue', 'is not of the form'],
  ])('refuses %s', (_, arrayType, why) => {
    const problems = encodedArrayProblems(
      array(arrayType, member('item', 1) + member('item', 2)),
      TNS,
      'ServiceValue',
    );
    expect(problems.join('; ')).toContain(why);
  });

  test('refuses an array without SOAP-ENC:arrayType', () => {
    const node = parseXml(`<r ${DECLS} i:type="t:ArrayOfServicesValues">${member('item', 1)}</r>`);
    expect(encodedArrayProblems(node, TNS, 'ServiceValue')).toEqual([
      '<r> has no SOAP-ENC:arrayType attribute',
    ]);
  });
});

describe('arrayTypeProblem', () => {
  const typed = (xsiType: string, arrayType: string) =>
    parseXml(`<r ${DECLS} e:arrayType="${arrayType}" i:type="${xsiType}"/>`);
  test.each([
    ['the WSDL type', 't:ArrayOfServicesValues', 's:anyType[0]'],
    ['SOAP-ENC:Array naming the member type', 'e:Array', 't:ServiceValue[0]'],
  ])('accepts %s', (_, xsiType, arrayType) => {
    expect(
      arrayTypeProblem(typed(xsiType, arrayType), TNS, 'ArrayOfServicesValues', 'ServiceValue'),
    ).toBeUndefined();
  });
  test.each([
    ['another array type', 't:ArrayOfDescFields', 't:ServiceValue[0]', 'expected {https://h'],
    ['SOAP-ENC:Array of another type', 'e:Array', 't:DescField[0]', 'must then name'],
    ['SOAP-ENC:Struct', 'e:Struct', 't:ServiceValue[0]', 'expected {https://h'],
  ])('refuses %s', (_, xsiType, arrayType, why) => {
    expect(
      arrayTypeProblem(typed(xsiType, arrayType), TNS, 'ArrayOfServicesValues', 'ServiceValue'),
    ).toContain(why);
  });
});

describe('decode', () => {
  test('reads members whatever their names, ints typed xsd: or SOAP-ENC:', () => {
    const node = array('t:ServiceValue[]', member('ServiceValue', 1) + member('item', 2));
    expect(decode(node)).toEqual([
      { id: 1, short_name: 'x', is_used: 1 },
      { id: 2, short_name: 'x', is_used: 1 },
    ]);
    expect(untypedValues(node)).toEqual([]);
  });

  test('an untyped member is found at its own name', () => {
    const node = array(
      't:ServiceValue[1]',
      '<ServiceValue><id i:type="s:int">1</id></ServiceValue>',
    );
    expect(untypedValues(node)).toEqual(['r/ServiceValue[0]']);
  });
});
