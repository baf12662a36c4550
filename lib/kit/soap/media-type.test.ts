import { describe, expect, test } from 'vitest';
import { soapMediaTypeProblem } from './media-type.ts';

describe('soapMediaTypeProblem', () => {
  test.each([
    'text/xml',
    'text/xml; charset=utf-8',
    'text/xml;charset=UTF-8',
    'Text/XML; charset="ISO-8859-1"',
    ' text/xml ',
  ])('%s is the SOAP 1.1 media type', (value) => {
    expect(soapMediaTypeProblem(value)).toBeUndefined();
  });

  test.each([
    ['text/html; charset=utf-8', "Content-Type 'text/html; charset=utf-8', not text/xml"],
    ['application/xml', "Content-Type 'application/xml', not text/xml"],
    ['application/soap+xml', "Content-Type 'application/soap+xml', not text/xml"],
    [
      'text/xml-external-parsed-entity',
      "Content-Type 'text/xml-external-parsed-entity', not text/xml",
    ],
    [undefined, 'no Content-Type header'],
    ['', 'no Content-Type header'],
  ])('%s is not', (value, problem) => {
    expect(soapMediaTypeProblem(value)).toBe(problem);
  });
});
