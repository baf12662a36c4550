/** The plain text of exchanges, as summary.json, junit.xml and the Allure attachment hold it. */
import { expect, test } from 'vitest';
import { Transcript } from './kit/clients/transcript.ts';
import { renderExchanges, type Exchange } from './wire-exchange.ts';

const answered: Exchange = {
  method: 'POST',
  url: 'http://t/api/tokens',
  requestHeaders: { 'content-type': 'application/json' },
  requestBody: '{"username":"bob"}',
  status: 201,
  responseHeaders: { 'content-type': 'application/json' },
  responseBody: '{"token":"t0k"}',
  note: 'sent again after an idle close',
  durationMs: 3,
};
const unanswered: Exchange = {
  method: 'GET',
  url: 'http://t/x',
  requestHeaders: {},
  requestBody: '',
  error: 'ECONNRESET',
  note: 'sent again after an idle close',
  durationMs: 1,
};

test('a block per exchange: request, status line, answer; no answer ends at its note', () => {
  expect(renderExchanges([answered, unanswered])).toBe(
    [
      'POST http://t/api/tokens',
      'content-type: application/json',
      '',
      '{"username":"bob"}',
      '',
      '--- HTTP 201 (3 ms), sent again after an idle close',
      'content-type: application/json',
      '',
      '{"token":"t0k"}',
      '',
      'GET http://t/x',
      '',
      '--- no answer after 1 ms: ECONNRESET',
      '--- sent again after an idle close',
    ].join('\n'),
  );
});

test('a long body is cut, saying how much more there was', () => {
  const text = renderExchanges([{ ...answered, responseBody: 'x'.repeat(20_005) }]);
  expect(text.endsWith(`${'x'.repeat(20)}\n… (5 more characters)`)).toBe(true);
});

test('every field of a transcript is redacted, the transport error and the note too', () => {
  const transcript = new Transcript();
  transcript.secrets.add('s3cret');
  transcript.record({
    ...unanswered,
    url: 'http://t/x?key=s3cret',
    error: 'refused for s3cret',
    note: 'after s3cret',
  });
  expect(transcript.render()).not.toContain('s3cret');
  expect(JSON.stringify(transcript.redactedExchanges())).not.toContain('s3cret');
});
