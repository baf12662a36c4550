import { describe, expect, test } from 'vitest';
import type { HttpClient, HttpRequest, HttpResponse } from '../clients/http.ts';
import { BrokenFeature } from './broken.ts';
import { readCollection } from './pages.ts';
import { Unjudgeable } from './unjudgeable.ts';

/** A collection of `size` items served with the given default and maximum; records the paths. */
function target(size: number, options: { defaultLimit: number; max: number; headers?: boolean }) {
  const asked: string[] = [];
  const http = {
    send(req: HttpRequest): Promise<HttpResponse> {
      asked.push(req.path);
      const url = new URL(req.path, 'http://x');
      const limit = Number(url.searchParams.get('limit') ?? options.defaultLimit);
      const offset = Number(url.searchParams.get('offset') ?? 0);
      if (limit > options.max) return answer(406, '{"error":{}}', {});
      const items = Array.from({ length: size }, (_, i) => ({ id: i + 1 })).slice(
        offset,
        offset + limit,
      );
      const headers: Record<string, string> =
        options.headers === false
          ? {}
          : {
              'x-pagination-limit': String(limit),
              'x-pagination-offset': String(offset),
              'x-pagination-size': String(size),
              'x-pagination-limit-max': String(options.max),
            };
      return answer(200, JSON.stringify(items), headers);
    },
  } as unknown as HttpClient;
  return { http, asked };
}

function answer(
  status: number,
  text: string,
  headers: Record<string, string>,
): Promise<HttpResponse> {
  const json = () => JSON.parse(text) as never;
  return Promise.resolve({ status, text, headers, json, judge: () => undefined });
}

const ASKED = { what: 'GET /c', rule: 'rest.projects.list' };

describe('readCollection (§8)', () => {
  test.each([10, 50, 100])(
    'reads every item with the maximum the target reports (%i)',
    async (max) => {
      const { http, asked } = target(235, { defaultLimit: 10, max });
      const { items } = await readCollection<{ id: number }>(http, { path: '/c' }, ASKED, true);
      expect(items.map((i) => i.id)).toEqual(Array.from({ length: 235 }, (_, i) => i + 1));
      expect(asked[0]).toBe('/c');
      expect(asked.slice(1).every((p) => p.includes(`limit=${max}&`))).toBe(true);
    },
  );

  test('without pagination headers, pages until a short page', async () => {
    const { http } = target(25, { defaultLimit: 10, max: 10, headers: false });
    const { items } = await readCollection(http, { path: '/c' }, ASKED, true);
    expect(items).toHaveLength(25);
  });

  test('a refusal is a broken feature; JSON that is not an array is one only when stated', async () => {
    const refusing = { send: () => answer(500, 'oops', {}) } as unknown as HttpClient;
    await expect(readCollection(refusing, { path: '/c' }, ASKED, false)).rejects.toThrow(
      BrokenFeature,
    );
    const wrapped = { send: () => answer(200, '{"items":[]}', {}) } as unknown as HttpClient;
    await expect(readCollection(wrapped, { path: '/c' }, ASKED, false)).rejects.toThrow(
      Unjudgeable,
    );
    await expect(readCollection(wrapped, { path: '/c' }, ASKED, true)).rejects.toThrow(
      BrokenFeature,
    );
  });
});
