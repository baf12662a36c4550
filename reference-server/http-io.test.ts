/** readBody: the whole body, the 1 MiB refusal, and a stream that fails or closes early. */
import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { describe, expect, test } from 'vitest';
import { BodyTooLarge, MAX_BODY_BYTES, readBody } from './http-io.ts';

const request = (chunks: Buffer[]) => Readable.from(chunks) as unknown as IncomingMessage;

describe('readBody', () => {
  test('joins the chunks; an empty body is empty', async () => {
    const body = await readBody(request([Buffer.from('{"a":'), Buffer.from('1}')]));
    expect(body.toString()).toBe('{"a":1}');
    expect((await readBody(request([]))).length).toBe(0);
  });

  test('refuses a body over MAX_BODY_BYTES, after reading it', async () => {
    const half = Buffer.alloc(MAX_BODY_BYTES / 2 + 1);
    const stream = request([half, half]);
    await expect(readBody(stream)).rejects.toBeInstanceOf(BodyTooLarge);
    expect(stream.readableEnded).toBe(true);
    await expect(readBody(request([Buffer.alloc(MAX_BODY_BYTES)]))).resolves.toHaveLength(
      MAX_BODY_BYTES,
    );
  });

  test('a stream error or an early close is an error', async () => {
    const failing = new Readable({ read() {} });
    const reading = readBody(failing as unknown as IncomingMessage);
    failing.push('partial');
    failing.destroy(new Error('aborted'));
    await expect(reading).rejects.toThrow('aborted');
    const closing = new Readable({ read() {} });
    const closed = readBody(closing as unknown as IncomingMessage);
    closing.destroy();
    await expect(closed).rejects.toThrow(/closed before/);
  });
});
