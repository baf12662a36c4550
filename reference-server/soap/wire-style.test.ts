/**
 * The name the server knows itself by under its variants: the WSDL location as NuSOAP writes the
 * same URL, and the strict check of base-url-other-name, which takes the same URL however spelt.
 */
import { describe, expect, test } from 'vitest';
import { Variants } from '../variants.ts';
import type { ParsedCall } from './request.ts';
import { checkOwnName, ownBase, serviceLocation } from './wire-style.ts';

const OWN = 'https://tuleap.conformance.invalid';

describe('serviceLocation', () => {
  test('{base_url}/soap/project/, unless a location variant spells it otherwise', () => {
    const location = (name: string[], base: string) => serviceLocation(new Variants(name), base);
    expect(location([], 'http://127.0.0.1:8080')).toBe('http://127.0.0.1:8080/soap/project/');
    expect(location(['wsdl-location-default-port'], OWN)).toBe(
      'https://tuleap.conformance.invalid:443/soap/project/',
    );
    expect(location(['wsdl-location-default-port'], 'http://h')).toBe('http://h:80/soap/project/');
    // A port already written stays as it is.
    expect(location(['wsdl-location-default-port'], 'http://h:8080')).toBe(
      'http://h:8080/soap/project/',
    );
    expect(location(['wsdl-location-host-case'], OWN)).toBe(
      'https://Tuleap.CONFORMANCE.invalid/soap/project/',
    );
  });

  test('the location variants know themselves by an https name with no port', () => {
    for (const name of ['wsdl-location-default-port', 'wsdl-location-host-case'])
      expect(ownBase(new Variants([name]), 'http://127.0.0.1:1')).toBe(OWN);
  });
});

describe('checkOwnName (base-url-other-name)', () => {
  const variants = new Variants(['base-url-other-name']);
  const namespace = `${OWN}/soap/project`;
  const call: ParsedCall = { operation: 'addProject', parts: [], namespace };
  const check = (action: string) => () => checkOwnName(variants, call, action, namespace);

  test('takes its SOAPAction however the same URL is spelt', () => {
    expect(check(`${namespace}#addProject`)).not.toThrow();
    expect(check('HTTPS://Tuleap.Conformance.INVALID:443/soap/project#addProject')).not.toThrow();
  });

  test('refuses a SOAPAction of another name, port, path or operation', () => {
    for (const action of [
      'https://127.0.0.1:1/soap/project#addProject',
      'https://tuleap.conformance.invalid:8443/soap/project#addProject',
      'https://tuleap.conformance.invalid/SOAP/project#addProject',
      'https://tuleap.conformance.invalid/soap/project#AddProject',
    ])
      expect(check(action), action).toThrow(/is not this service's/);
  });
});
