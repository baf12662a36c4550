/**
 * The headers REST answers must carry (spec/matrix/messages.ts), one test per cell: the four §8
 * X-PAGINATION-* headers, integers (§2.2), on every paginated route the suites read; Etag and
 * Last-Modified on every form of the artifact GET (§4.4 rule 1: "every GET /artifacts/<id>
 * response"), JSON and XML. Header names are compared case-insensitively (the client lowers them).
 * Read-only but for one artifact this file creates in the public project's tracker.
 */
import { describe, expect, inject } from 'vitest';
import { conformanceTest, type ConformanceContext } from '../../lib/kit/conformance-test.ts';
import type { HttpResponse } from '../../lib/kit/clients/http.ts';
import { getArtifact, givenArtifact, uniqueText } from '../../lib/kit/rest/artifacts.ts';
import { tokenFor, type Auth } from '../../lib/kit/rest/auth.ts';
import { requireSuccess } from '../../lib/kit/rest/broken.ts';
import { timestampOf } from '../../lib/kit/rest/http-dates.ts';
import { fetchPage, type CollectionRequest } from '../../lib/kit/rest/pages.ts';
import { XML_TYPE } from '../../lib/kit/rest/requests.ts';
import { discoverTracker } from '../../lib/kit/rest/tracker-model.ts';
import {
  ARTIFACT_GETS,
  PAGINATED_ROUTES,
  paginationHeaderCell,
  VERSION_HEADERS,
  versionHeaderCell,
  type ArtifactGet,
  type PaginatedRoute,
  type PaginationHeader,
  type VersionHeader,
} from '../../spec/matrix/messages.ts';
import { PAGINATION_HEADERS } from '../../spec/limits.ts';

/** The request of a paginated route, on the shared projects, as their admin. */
async function collection(
  ctx: ConformanceContext,
  auth: Auth,
  route: PaginatedRoute,
): Promise<CollectionRequest> {
  const { publicProject, privateProject } = inject('fixtures');
  switch (route) {
    case 'GET /api/projects':
      return { path: '/api/projects', headers: auth.headers };
    case 'GET /api/projects/<id>/trackers':
      return { path: `/api/projects/${privateProject.id}/trackers`, headers: auth.headers };
    case 'POST /api/trackers/<id>/artifacts': {
      const tracker = await discoverTracker(ctx, auth, publicProject.id);
      return {
        method: 'POST',
        path: `/api/trackers/${tracker.id}/artifacts`,
        headers: auth.headers,
        json: {},
      };
    }
  }
}

/** A header's value when it is a non-negative integer (§2.2 "all integers"). */
function integerOf(answer: HttpResponse, header: string): number | undefined {
  const raw = answer.headers[header.toLowerCase()];
  return raw !== undefined && /^\s*\d+\s*$/.test(raw) ? Number(raw) : undefined;
}

function shown(answer: HttpResponse, header: string): string {
  const raw = answer.headers[header.toLowerCase()];
  return raw === undefined ? 'no such header' : `'${raw}'`;
}

describe.concurrent('the pagination headers on every paginated route (§8, §2.2)', () => {
  for (const route of PAGINATED_ROUTES)
    for (const header of Object.values(PAGINATION_HEADERS) as PaginationHeader[])
      conformanceTest(
        ['rest.pagination.headers'],
        `every page of ${route} must carry ${header}, an integer`,
        async (ctx) => {
          const auth = await tokenFor(ctx, 'projectAdmin');
          const request = await collection(ctx, auth, route);
          const label = `${request.method ?? 'GET'} ${request.path}`;
          const first = await fetchPage(ctx.http, request);
          requireSuccess(first, { what: label, rule: 'rest.pagination.paginated-routes' });
          expect(
            integerOf(first, header),
            `${label} (no limit, no offset): ${header} is ${shown(first, header)}, expected an integer`,
          ).toBeTypeOf('number');
          // A page asked for with limit and offset, inside the collection when it holds two items.
          const limit =
            integerOf(first, PAGINATION_HEADERS.limit) ??
            integerOf(first, PAGINATION_HEADERS.limitMax);
          const size = integerOf(first, PAGINATION_HEADERS.size);
          const offset = size !== undefined && size >= 2 ? 1 : 0;
          const next = await fetchPage(ctx.http, request, {
            ...(limit === undefined ? {} : { limit }),
            offset,
          });
          const asked = `${label}?${limit === undefined ? '' : `limit=${limit}&`}offset=${offset}`;
          requireSuccess(next, { what: asked, rule: 'rest.pagination.accepts-limit-offset' });
          expect(
            integerOf(next, header),
            `${asked}: ${header} is ${shown(next, header)}, expected an integer`,
          ).toBeTypeOf('number');
        },
        { cells: [paginationHeaderCell(route, header)] },
      );
});

/** One artifact for the whole file (nothing deletes artifacts): created by the first test needing it. */
let artifact: Promise<number> | undefined;

function artifactId(ctx: ConformanceContext, auth: Auth): Promise<number> {
  artifact ??= (async () => {
    const tracker = await discoverTracker(ctx, auth, inject('fixtures').publicProject.id);
    const values = new Map([[tracker.stringField.id, uniqueText(inject('runTag'), 'headers')]]);
    return givenArtifact(ctx, auth, tracker, values);
  })().catch((error: unknown) => {
    artifact = undefined;
    throw error;
  });
  return artifact;
}

/** The GET of one form: the path as written (or its other form, lib/kit/rest/artifact-routes.ts). */
function getForm(ctx: ConformanceContext, auth: Auth, id: number, form: ArtifactGet) {
  const xml = form.endsWith(' xml');
  const written = form.startsWith('GET /api/') ? `/api/artifacts/${id}` : `/artifacts/${id}`;
  return getArtifact(ctx, auth, id, xml ? { accept: XML_TYPE } : {}, written);
}

/** What is wrong with the header's value, or undefined: §4.4.1 names a hash and a timestamp. */
function versionProblem(header: VersionHeader, value: string | undefined): string | undefined {
  if (value === undefined) return 'no such header';
  if (value.trim() === '') return 'an empty value';
  if (header === 'Last-Modified' && timestampOf(value) === undefined)
    return `'${value}', which names no time (an HTTP-date, ISO 8601 or a Unix time)`;
  return undefined;
}

describe.concurrent(
  'Etag and Last-Modified on every artifact GET (§4.4 rule 1), JSON and XML',
  () => {
    for (const { form } of ARTIFACT_GETS)
      for (const header of VERSION_HEADERS)
        conformanceTest(
          [header === 'Etag' ? 'rest.concurrency.etag' : 'rest.concurrency.last-modified'],
          `${form.replace(/ (json|xml)$/, '')} asked for ${form.endsWith('xml') ? 'XML' : 'JSON'} must carry ${header}`,
          async (ctx) => {
            const auth = await tokenFor(ctx, 'projectAdmin');
            const id = await artifactId(ctx, auth);
            const answer = await getForm(ctx, auth, id, form);
            const what = `${form.replace('<id>', String(id)).replace(/ (json|xml)$/, '')}${form.endsWith('xml') ? ' (Accept: application/xml)' : ''}`;
            requireSuccess(answer, {
              what,
              rule: form.endsWith('xml') ? 'rest.xml.get' : 'rest.artifacts.get',
            });
            const problem = versionProblem(header, answer.headers[header.toLowerCase()]);
            expect(
              problem,
              `${what} answered ${answer.status} with ${header}: ${problem}`,
            ).toBeUndefined();
          },
          { cells: [versionHeaderCell(form, header)] },
        );
  },
);
