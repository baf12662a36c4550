import { describe, expect, test } from 'vitest';
import type { HttpResponse } from '../clients/http.ts';
import { ACCESS_CELLS, accessClass } from '../../../spec/matrix/access.ts';
import { refusalAllowed, revealed, successAllowed } from './access-answers.ts';

function answer(status: number, text: string): HttpResponse {
  return {
    status,
    headers: {},
    text,
    json: <T>() => JSON.parse(text) as T,
    judge: () => undefined,
  };
}

describe('the classes of the access matrix', () => {
  test('members and admins are served; invalid credentials never are', () => {
    for (const cell of ACCESS_CELLS) {
      if (cell.actor === 'member' || cell.actor === 'project-admin')
        expect(cell.expects, cell.id).toBe('served');
      if (cell.actor === 'invalid-credentials') expect(successAllowed(cell.expects)).toBe(false);
    }
  });

  test('below a private project: 401 anonymously, refused to an outsider', () => {
    expect(accessClass('GET /api/artifacts/<id>', 'anonymous', 'private')).toBe('401');
    expect(accessClass('PUT /artifacts/<id>', 'outsider', 'private')).toBe('refused');
    expect(accessClass('GET /api/projects', 'outsider', 'private')).toBe('hidden');
    expect(accessClass('GET /api/trackers/<id>', 'anonymous', 'public')).toBe('served-or-401');
    expect(accessClass('POST /artifacts', 'site-admin', 'private')).toBe('open');
  });

  test('which statuses each class accepts as a refusal', () => {
    expect([401, 403, 404, 500].map((s) => refusalAllowed('refused', s))).toEqual([
      true,
      true,
      true,
      false,
    ]);
    expect([401, 403].map((s) => refusalAllowed('401', s))).toEqual([true, false]);
    expect([401, 403].map((s) => refusalAllowed('served-or-401', s))).toEqual([true, false]);
    expect([401, 500, 200].map((s) => refusalAllowed('not-a-success', s))).toEqual([
      true,
      true,
      false,
    ]);
    expect(refusalAllowed('served', 403)).toBe(false);
  });
});

describe('what a refusal reveals of a private project', () => {
  const secrets = ['cf-abc-priv', 'Conformance privateProject abc'];

  test('an error naming no secret reveals nothing', () => {
    const body = '{"error":{"code":403,"message":"Forbidden: you cannot access project 105"}}';
    expect(revealed(answer(403, body), secrets)).toBeUndefined();
    expect(revealed(answer(404, ''), secrets)).toBeUndefined();
  });

  test('a secret in the body, a representation or a list is revealed', () => {
    expect(revealed(answer(403, 'no access to cf-abc-priv'), secrets)).toContain('cf-abc-priv');
    expect(revealed(answer(403, '{"id":6,"fields":[]}'), secrets)).toContain('fields');
    expect(revealed(answer(401, '[{"id":1}]'), secrets)).toContain('1 items');
  });
});
