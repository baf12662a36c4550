/**
 * The encoder writes a struct with no nil field from prepared joints, and any other through the
 * general path: both must write the same elements, plain or indented.
 */
import { describe, expect, test } from 'vitest';
import { encodeResponse, PHP_STYLE } from './encode.ts';
import { ARRAYS } from './soap-types.ts';

const SERVICES = ARRAYS.find((a) => a.name === 'ArrayOfServicesValues')!;
const NS = 'http://example.test/soap/project';

function members(xml: string): string {
  return xml.slice(xml.indexOf('<item'), xml.lastIndexOf('</item>') + '</item>'.length);
}

describe('a struct with no nil field and one with a nil field', () => {
  const whole = { id: 12, short_name: 'a&b', is_used: 1 };
  const withNil = { id: 13, short_name: null, is_used: 0 };

  test('are written alike, the nil field aside', () => {
    const xml = encodeResponse(NS, 'getProjectServicesUsage', SERVICES, [whole, withNil]);
    expect(members(xml)).toBe(
      '<item xsi:type="ns1:ServiceValue"><id xsi:type="xsd:int">12</id>' +
        '<short_name xsi:type="xsd:string">a&amp;b</short_name>' +
        '<is_used xsi:type="xsd:int">1</is_used></item>' +
        '<item xsi:type="ns1:ServiceValue"><id xsi:type="xsd:int">13</id>' +
        '<short_name xsi:nil="true"/><is_used xsi:type="xsd:int">0</is_used></item>',
    );
  });

  test('indented: the same line breaks in both', () => {
    const style = { ...PHP_STYLE, indent: true };
    const xml = encodeResponse(
      NS,
      'getProjectServicesUsage',
      SERVICES,
      [whole, withNil],
      undefined,
      style,
    );
    expect(members(xml)).toBe(
      '<item xsi:type="ns1:ServiceValue">\n  <id xsi:type="xsd:int">12</id>\n' +
        '  <short_name xsi:type="xsd:string">a&amp;b</short_name>\n' +
        '  <is_used xsi:type="xsd:int">1</is_used>\n</item>\n' +
        '  <item xsi:type="ns1:ServiceValue">\n  <id xsi:type="xsd:int">13</id>\n' +
        '  <short_name xsi:nil="true"/>\n  <is_used xsi:type="xsd:int">0</is_used>\n</item>',
    );
  });
});
