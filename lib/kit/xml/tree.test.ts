import { describe, expect, test } from 'vitest';
import { runnerWords } from '../failure-words.ts';
import { parseXml, XmlError } from './tree.ts';

/** What parseXml says of a text that is not XML: the reports quote it (a SOAP answer, an XML answer, traffic). */
function refusal(text: string): string {
  try {
    parseXml(text);
  } catch (error) {
    if (error instanceof XmlError) return error.message;
    throw error;
  }
  throw new Error('parsed');
}

describe("a text that is not XML, in the report's words, not the parser's", () => {
  test.each([
    ['{"id": 7}', 'JSON, not XML'],
    ['<!DOCTYPE html><html><body>Bad gateway<br></body></html>', 'an HTML page, not XML'],
    ['Internal error', 'text, not XML'],
    ['', 'an empty body, not XML'],
    ['<response>\n<id>7</response>', 'not well-formed XML (line 2)'],
  ])('%j: %s', (text, words) => {
    const said = refusal(text);
    expect(said).toBe(words);
    expect(runnerWords(said)).toBeUndefined();
  });
});
