import { describe, expect, it } from 'vitest';
import { HarReadError, harEntries } from './stream.ts';

const HAR = JSON.stringify(
  {
    log: {
      version: '1.2',
      creator: { name: 'x', version: '1', comment: 'a "log": {"entries": [' },
      entries: [
        { request: { method: 'GET', url: 'http://h/a', comment: 'braces } ] { [ and \\" quotes' } },
        { request: { method: 'PUT', url: 'http://h/b' }, response: { status: 200 } },
      ],
      pages: [{ id: 'p' }],
    },
  },
  null,
  1,
);

function chunksOf(text: string, size: number): string[] {
  const chunks: string[] = [];
  for (let i = 0; i < text.length; i += size) chunks.push(text.slice(i, i + size));
  return chunks;
}

async function read(text: string, size = text.length) {
  const out: unknown[] = [];
  for await (const e of harEntries(chunksOf(text, size))) out.push(e.entry);
  return out;
}

async function readError(text: string): Promise<HarReadError> {
  try {
    await read(text);
  } catch (error) {
    if (error instanceof HarReadError) return error;
    throw error;
  }
  throw new Error('read without error');
}

describe('harEntries', () => {
  it('yields each entry of log.entries, whatever the chunk boundaries', async () => {
    const whole = (JSON.parse(HAR) as { log: { entries: unknown[] } }).log.entries;
    for (const size of [1, 2, 3, 7, 64, HAR.length]) expect(await read(HAR, size)).toEqual(whole);
  });

  it('stops a truncated file with the position and the entries read before', async () => {
    const cut = HAR.slice(0, HAR.indexOf('"PUT"'));
    const error = await readError(cut);
    expect(error.message).toMatch(
      /^truncated: the file ends inside entry 2 at line \d+, column \d+/,
    );
    expect(error.entriesRead).toBe(1);
  });

  it('names the entry that is not JSON, where it begins', async () => {
    const broken = '{"log": {"entries": [{"a": 1}, {"a": tru}]}}';
    const error = await readError(broken);
    expect(error.message).toMatch(
      /^entry 2 is not valid JSON .* at line 1, column 32 \(character 31\)/,
    );
    expect(error.entriesRead).toBe(1);
  });

  it('refuses what is not a HAR: no object, no log.entries, unbalanced', async () => {
    expect((await readError('[1, 2]')).message).toMatch(
      /^not a HAR file: expected one JSON object/,
    );
    expect((await readError('{"log": {"pages": []}}')).message).toMatch(/no log.entries array/);
    expect((await readError('{"log": {"entries": []}}}')).message).toMatch(
      /^unbalanced '}' at line 1, column 25/,
    );
    expect((await readError('\n\n  ')).message).toMatch(/^not a HAR file: empty/);
  });
});
