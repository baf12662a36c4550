import { describe, expect, test } from 'vitest';
import type { HttpResponse } from '../clients/http.ts';
import { otherForm, viaArtifactRoute } from './artifact-routes.ts';

const status = (code: number) => Promise.resolve({ status: code } as HttpResponse);

describe('viaArtifactRoute (§4.3: the route as written, else the other form)', () => {
  test('the written form first; when it is not served, the other, remembered', async () => {
    const sent: string[] = [];
    const apiOnly = (path: string) => {
      sent.push(path);
      return status(path.startsWith('/api/') ? 200 : 404);
    };
    expect((await viaArtifactRoute('PUT', '/artifacts/1', apiOnly)).status).toBe(200);
    expect((await viaArtifactRoute('PUT', '/artifacts/2', apiOnly)).status).toBe(200);
    expect(sent).toEqual(['/artifacts/1', '/api/artifacts/1', '/api/artifacts/2']);
  });

  test('a served written form is kept; a 404 after learning is answered as it is', async () => {
    const sent: string[] = [];
    const both = (path: string) => {
      sent.push(path);
      return status(path.endsWith('/9') ? 404 : 200);
    };
    await viaArtifactRoute('GET', '/api/artifacts/1', both);
    expect((await viaArtifactRoute('GET', '/api/artifacts/9', both)).status).toBe(404);
    expect(sent).toEqual(['/api/artifacts/1', '/api/artifacts/9']);
  });

  test('otherForm toggles the /api prefix', () => {
    expect(otherForm('/artifacts')).toBe('/api/artifacts');
    expect(otherForm('/api/artifacts/3')).toBe('/artifacts/3');
  });
});
