/** lib/kit/clients/declared-charset.ts: an answer is read in the charset it declares. */
import { describe, expect, test } from 'vitest';
import { declaredCharset, decodeDeclared } from './declared-charset.ts';

const latin1 = (text: string) => Buffer.from(text, 'latin1');

describe('declared charset', () => {
  test('the Content-Type charset parameter comes first, in any case, quoted or not', () => {
    const body = latin1('<?xml version="1.0" encoding="UTF-8"?><a/>');
    expect(declaredCharset('text/xml; charset=ISO-8859-1', body)).toBe('iso-8859-1');
    expect(declaredCharset('text/xml;Charset="iso-8859-1"', body)).toBe('iso-8859-1');
  });

  test('without one, an XML body says it in its declaration; else UTF-8', () => {
    expect(
      declaredCharset('text/xml', latin1(`<?xml version='1.0' encoding='ISO-8859-1'?><a/>`)),
    ).toBe('iso-8859-1');
    expect(declaredCharset('text/xml', latin1('<?xml version="1.0"?><a/>'))).toBe('utf-8');
    expect(declaredCharset(undefined, latin1('{"a":1}'))).toBe('utf-8');
  });

  test('ISO-8859-1 is read byte for byte (0x80–0x9F included), UTF-8 as before', () => {
    const bytes = Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x80]);
    expect(decodeDeclared('text/xml; charset=ISO-8859-1', bytes).text).toBe('café\u0080');
    expect(decodeDeclared('text/xml; charset=utf-8', Buffer.from('\uFEFFcafé')).text).toBe('café');
    expect(decodeDeclared('application/json', Buffer.from('café')).text).toBe('café');
  });

  test('a charset the harness cannot decode is read as UTF-8, and says so', () => {
    const decoded = decodeDeclared('text/xml; charset=x-unknown-7', Buffer.from('abc'));
    expect(decoded.text).toBe('abc');
    expect(decoded.note).toMatch(/x-unknown-7/);
  });
});
