import { describe, expect, it } from 'vitest';
import {
  failuresOf,
  judgeExchanges,
  passesOf,
} from '../../../../tests/support/traffic-server-har.ts';
import { exchange } from '../../../../tests/support/traffic-server-exchanges.ts';
import { xmlAnswersRule } from './xml-answers.ts';

const XML = { Accept: 'application/xml' };
const XML_BODY = '<?xml version="1.0"?><response><id>7</id></response>';
const call = (
  method: string,
  path: string,
  requestHeaders: Record<string, string>,
  contentType: string,
  responseBody: string,
) =>
  exchange({
    method,
    path,
    requestHeaders,
    status: method === 'POST' ? 201 : 200,
    responseHeaders: { 'Content-Type': contentType },
    responseBody,
  });

describe('the answer format follows Accept, from traffic', () => {
  it('passes XML answers asked in XML, a JSON answer to XML sent asking JSON, an empty PUT answer', () => {
    const outcome = judgeExchanges(
      [
        call('GET', '/artifacts/7', XML, 'application/xml; charset=utf-8', XML_BODY),
        call('POST', '/artifacts', XML, 'application/xml', XML_BODY),
        call('PUT', '/artifacts/7', XML, 'text/plain', ''),
        call(
          'PUT',
          '/artifacts/7',
          { Accept: 'application/json', 'Content-Type': 'application/xml' },
          'application/json',
          '{"id":7}',
        ),
      ],
      [xmlAnswersRule],
    );
    expect(failuresOf(outcome)).toEqual({});
    expect(passesOf(outcome)).toEqual({
      'rest.xml.get': 1,
      'rest.xml.post-answer': 1,
      'rest.xml.answer-follows-accept': 1,
    });
  });

  it('fails JSON asked in XML, XML labelled JSON, broken XML, and XML where JSON was asked', () => {
    const outcome = judgeExchanges(
      [
        call('GET', '/artifacts/7', XML, 'application/json', '{"id":7}'),
        call('POST', '/artifacts', XML, 'application/json', XML_BODY),
        call('PUT', '/artifacts/7', XML, 'application/xml', '<response><id>7</response>'),
        call(
          'POST',
          '/artifacts',
          { Accept: 'application/json', 'Content-Type': 'application/xml' },
          'application/xml',
          XML_BODY,
        ),
      ],
      [xmlAnswersRule],
    );
    expect(failuresOf(outcome)).toEqual({
      'rest.xml.get': 1,
      'rest.xml.post-answer': 1,
      'rest.xml.put-answer': 1,
      'rest.xml.answer-follows-accept': 1,
    });
  });
});
