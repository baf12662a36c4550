import { describe, expect, test } from 'vitest';
import { prettyBody, prettyXml } from './pretty-body.ts';

describe('prettyBody', () => {
  test('indents JSON', () => {
    expect(prettyBody('{"a":[1,{"b":"x y"}]}')).toBe(
      '{\n  "a": [\n    1,\n    {\n      "b": "x y"\n    }\n  ]\n}',
    );
  });

  test('indents XML one element a line, text elements on one line, text kept', () => {
    const xml =
      '<?xml version="1.0"?><S:Envelope xmlns:S="u"><S:Body><r a="1">  two  words </r><e/><n></n></S:Body></S:Envelope>';
    expect(prettyXml(xml)).toBe(
      [
        '<?xml version="1.0"?>',
        '<S:Envelope xmlns:S="u">',
        '  <S:Body>',
        '    <r a="1">  two  words </r>',
        '    <e/>',
        '    <n></n>',
        '  </S:Body>',
        '</S:Envelope>',
      ].join('\n'),
    );
  });

  test('leaves what does not parse alone (clipped, mismatched, plain text)', () => {
    expect(prettyBody('{"a": 1… (20 more characters)')).toBeUndefined();
    expect(prettyBody('<a><b></a>')).toBeUndefined();
    expect(prettyBody('<a>unclosed')).toBeUndefined();
    expect(prettyBody('Not Found')).toBeUndefined();
  });
});
