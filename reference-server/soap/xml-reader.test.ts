import { describe, expect, test } from 'vitest';
import { MAX_DEPTH, MalformedXml, readXml, type XmlElement } from './xml-reader.ts';

/** The element as nested arrays: [name, {attributes}, ...children]. */
function shape(element: XmlElement): unknown[] {
  return [
    element.name,
    Object.fromEntries(element.attributes),
    ...element.children.map((c) => (typeof c === 'string' ? c : shape(c))),
  ];
}

describe('readXml reads what a SOAP request may hold', () => {
  test('elements, attributes in both quotes, text, references, CDATA, comments, PIs', () => {
    const xml =
      `<?xml version="1.0" encoding="UTF-8"?>\n<!-- head --><?pi x?>\n` +
      `<e:Envelope xmlns:e='urn:e' a = "1&amp;&#50;&#x33;&lt;&gt;&quot;&apos;">` +
      `t&#99;<![CDATA[<b>&amp;]]><!-- c --><?p?><x/><y k="v"\n>z</y ></e:Envelope>\n<!-- tail -->\n`;
    expect(shape(readXml(xml))).toEqual([
      'e:Envelope',
      { 'xmlns:e': 'urn:e', a: `1&23<>"'` },
      'tc',
      '<b>&amp;',
      ['x', {}],
      ['y', { k: 'v' }, 'z'],
    ]);
  });

  test('line ends are read as LF (XML 1.0 §2.11), a CR only as &#13;; attribute white space as spaces', () => {
    expect(shape(readXml('<a b="x\ty\r\nz">1\r\n2\r3&#13;</a>'))).toEqual([
      'a',
      { b: 'x y z' },
      '1\n2\n3\r',
    ]);
  });

  test('dropWhitespaceText drops the text segments made only of white space', () => {
    expect(shape(readXml('<a> <b> x </b>\n\t</a>', { dropWhitespaceText: true }))).toEqual([
      'a',
      {},
      ['b', {}, ' x '],
    ]);
  });

  test(`nesting up to ${MAX_DEPTH} deep`, () => {
    const nested = (depth: number) => '<a>'.repeat(depth) + '</a>'.repeat(depth);
    expect(readXml(nested(MAX_DEPTH)).name).toBe('a');
    expect(() => readXml(nested(MAX_DEPTH + 1))).toThrow(/nested deeper/);
    expect(() => readXml(nested(100_000))).toThrow(MalformedXml);
  });
});

describe('readXml refuses what is not well-formed', () => {
  test.each([
    ['an empty document', ''],
    ['only text', 'hello'],
    ['text after the root', '<a/>x'],
    ['a second root', '<a/><b/>'],
    ['an unclosed element', '<a><b></a>'],
    ['a mismatched end tag', '<a></b>'],
    ['an element never closed', '<a>'],
    ['a duplicated attribute', '<a x="1" x="2"/>'],
    ['an unquoted attribute', '<a x=1/>'],
    ['an attribute without value', '<a x/>'],
    ['attributes without space between', '<a x="1"y="2"/>'],
    ["'<' in an attribute", '<a x="<"/>'],
    ['an unknown entity', '<a>&nbsp;</a>'],
    ['a bare &', '<a>a & b</a>'],
    ['a reference to NUL', '<a>&#0;</a>'],
    ['a reference past Unicode', '<a>&#x110000;</a>'],
    ['a control character', '<a>\u0001</a>'],
    ["']]>' in text", '<a>]]></a>'],
    ["'--' in a comment", '<a><!-- a -- b --></a>'],
    ['an unclosed comment', '<a><!-- </a>'],
    ['an unclosed CDATA', '<a><![CDATA[ </a>'],
    ['an XML declaration not at the start', ' <?xml version="1.0"?><a/>'],
    ['a declaration inside an element', '<a><!ELEMENT a ANY></a>'],
    ['a name starting with a digit', '<1a/>'],
    ['a space after <', '< a/>'],
  ])('%s', (_name, xml) => {
    expect(() => readXml(xml)).toThrow(MalformedXml);
  });

  test('the error names its line', () => {
    expect(() => readXml('<a>\n\n<b></a>')).toThrow(expect.objectContaining({ line: 3 }));
  });
});
