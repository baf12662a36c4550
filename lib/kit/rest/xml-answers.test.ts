import { describe, expect, test } from 'vitest';
import type { HttpResponse } from '../clients/http.ts';
import type { ModelValue } from './artifact-values.ts';
import { BrokenFeature } from './broken.ts';
import { Unjudgeable } from './unjudgeable.ts';
import { judgeJsonAnswer, judgeXmlAnswer, type Written } from './xml-answers.ts';

function answer(status: number, text: string, contentType?: string): HttpResponse {
  return {
    status,
    text,
    headers: contentType === undefined ? {} : { 'content-type': contentType },
    json: () => JSON.parse(text) as never,
    judge: () => undefined,
  };
}

const asked = {
  what: 'PUT /artifacts/7 with Accept: application/xml',
  rule: 'rest.xml.put-answer',
};
const written: Written = {
  rule: 'rest.xml.put',
  id: 7,
  values: new Map<number, ModelValue>([
    [1, 'a < b'],
    [2, [5, 3]],
  ]),
  valuesRequired: false,
};

const XML_ARTIFACT =
  '<?xml version="1.0"?><result><id>7</id><values><item><field_id>1</field_id><value>a &lt; b</value></item>' +
  '<item><field_id>2</field_id><bind_value_ids><item>3</item><item>5</item></bind_value_ids></item></values></result>';

describe('an answer asked in XML', () => {
  test('passes as application/xml with parameters, whatever the root, when it agrees', () => {
    expect(
      judgeXmlAnswer(answer(200, XML_ARTIFACT, 'Application/XML; charset=UTF-8'), asked, written),
    ).toEqual({ id: 7 });
    expect(
      judgeXmlAnswer(answer(201, '<response><id>7</id></response>', 'application/xml'), asked, {
        ...written,
        values: new Map(),
      }),
    ).toEqual({ id: 7 });
  });

  test.each([
    [
      'labelled JSON',
      answer(200, XML_ARTIFACT, 'application/json'),
      /Content-Type application\/json/,
    ],
    ['labelled text/xml', answer(200, XML_ARTIFACT, 'text/xml'), /expected the answer in XML/],
    ['without Content-Type', answer(200, XML_ARTIFACT), /no Content-Type/],
    ['JSON', answer(200, '{"id":7}', 'application/json'), /expected the answer in XML/],
    [
      'not well-formed',
      answer(200, '<response><id>7</response>', 'application/xml'),
      /asked for XML, got a document that is not well-formed XML \(at line 1\) labelled application\/xml: <response><id>7<\/response> \(rest.xml.put-answer\)$/,
    ],
    [
      "JSON labelled XML: said as such, not in the parser's words",
      answer(200, '{"id":7}', 'application/xml'),
      /asked for XML, got JSON labelled application\/xml: \{"id":7\} \(rest.xml.put-answer\)$/,
    ],
    [
      'of another artifact',
      answer(200, '<response><id>8</id></response>', 'application/xml'),
      /names artifact 8, not artifact 7 \(rest.xml.put\)/,
    ],
    [
      'with other values',
      answer(200, XML_ARTIFACT.replace('<item>3</item>', ''), 'application/xml'),
      /field 2 the value \[5\], where \[3,5\] was sent \(rest.xml.put\)/,
    ],
    ['a refusal', answer(406, '', 'application/json'), /expected success.*406.*\(rest.xml.put\)/],
  ])('fails when %s', (_, given, message) => {
    expect(() => judgeXmlAnswer(given, asked, written)).toThrow(BrokenFeature);
    expect(() => judgeXmlAnswer(given, asked, written)).toThrow(message);
  });

  test('without values where the artifact itself is due (GET) cannot be judged', () => {
    const get = { ...written, valuesRequired: true };
    expect(() =>
      judgeXmlAnswer(answer(200, '<response><id>7</id></response>', 'application/xml'), asked, get),
    ).toThrow(Unjudgeable);
  });

  test("a write's answer with no body (the real system's PUT: 200, empty) has no format to judge", () => {
    expect(judgeXmlAnswer(answer(200, ''), asked, written)).toEqual({});
    expect(judgeJsonAnswer(answer(200, ''), asked, written)).toEqual({});
  });

  test('a GET with no body leaves its format unjudgeable, never passed', () => {
    expect(() =>
      judgeXmlAnswer(answer(200, ''), asked, { ...written, valuesRequired: true }),
    ).toThrow(Unjudgeable);
  });
});

describe('an answer asked in JSON to an XML request', () => {
  const json = JSON.stringify({
    id: 7,
    values: [
      { field_id: 1, value: 'a < b' },
      { field_id: 2, bind_value_ids: [3, 5] },
    ],
  });

  test('passes as JSON, with or without values', () => {
    expect(judgeJsonAnswer(answer(200, json, 'application/json'), asked, written)).toEqual({
      id: 7,
    });
    expect(judgeJsonAnswer(answer(201, '{"id":7}', 'application/json'), asked, written)).toEqual({
      id: 7,
    });
  });

  test.each([
    ['XML', answer(200, XML_ARTIFACT, 'application/xml')],
    ['JSON labelled XML', answer(200, json, 'application/xml')],
    ['with other values', answer(200, json.replace('a < b', 'before'), 'application/json')],
  ])('fails when %s', (_, given) => {
    expect(() => judgeJsonAnswer(given, asked, written)).toThrow(BrokenFeature);
  });
});
