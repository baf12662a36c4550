import { expect, test } from 'vitest';
import { describeSoapBase } from './preflight.ts';

test('the SOAP base is named in the header only when it is another URL than the target', () => {
  expect(describeSoapBase({ base: 'https://host' }, 'https://Host:443')).toBe('');
  expect(describeSoapBase({ base: 'https://other' }, 'https://host')).toBe(
    ", SOAP base https://other (the WSDL's own name)",
  );
  expect(describeSoapBase({ base: 'https://host', problem: 'no WSDL' }, 'https://host')).toBe(
    ', SOAP base: the target URL, since no WSDL',
  );
});
