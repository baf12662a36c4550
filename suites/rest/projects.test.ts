/** §2.2, §4.3, §1: the project list and representation, its resources, discovery by links. */
import { describe, expect, inject } from 'vitest';
import { conformanceTest, type ConformanceContext } from '../../lib/kit/conformance-test.ts';
import { memberOf } from '../../lib/kit/fixtures/membership.ts';
import { ANONYMOUS, tokenFor, type Auth } from '../../lib/kit/rest/auth.ts';
import { apiPath } from '../../lib/kit/rest/paths.ts';
import { readCollection } from '../../lib/kit/rest/pages.ts';
import { get, is2xx, jsonOf } from '../../lib/kit/rest/requests.ts';
import { schemaProblems } from '../../lib/kit/rest/schemas.ts';
import { listFieldsWithoutValueIds, unreadableTracker } from '../../lib/kit/rest/tracker-model.ts';
import { Unjudgeable } from '../../lib/kit/rest/unjudgeable.ts';
import { expectListed } from '../../lib/kit/conformance-failure.ts';
import { asSpelt } from '../../lib/kit/url-equivalence.ts';

type Project = {
  id: number;
  uri: string;
  shortname: string;
  resources: Array<{ type: string; uri: string }>;
};

/** Every project visible to the caller, paging forward with the route's own maximum (§8). */
async function allProjects(ctx: ConformanceContext, auth: Auth): Promise<Project[]> {
  const what = `GET /api/projects as ${auth.label}`;
  return (
    await readCollection<Project>(
      ctx.http,
      { path: '/api/projects', headers: auth.headers },
      { what, rule: 'rest.projects.list' },
      true,
    )
  ).items;
}

describe.concurrent('projects (§2.2, §4.3)', () => {
  conformanceTest(
    ['rest.projects.list'],
    'GET /api/projects must answer an array of project representations holding the shared projects',
    async (ctx) => {
      await memberOf(ctx, 'publicProject');
      await memberOf(ctx, 'privateProject');
      const fixtures = inject('fixtures');
      const projects = await allProjects(ctx, await tokenFor(ctx, 'projectMember'));
      const ids = projects.map((p) => p.id);
      expectListed(
        ids,
        [fixtures.publicProject.id, fixtures.privateProject.id],
        'GET /api/projects as the member, the public and private projects they belong to',
      );
    },
  );

  conformanceTest(
    ['rest.projects.private-hidden'],
    'GET /api/projects must list no private project to an anonymous caller or to a user outside it (every page)',
    async (ctx) => {
      const fixtures = inject('fixtures');
      // Not the SOAP project: the SOAP suites make the nonMember a member of it for a while.
      const hidden = [fixtures.privateProject.id];
      const anonymous = await get(ctx, '/api/projects', ANONYMOUS);
      const callers: Auth[] = [await tokenFor(ctx, 'nonMember')];
      // §5.2.1: the list may need authentication; refused, it lists nothing to anyone outside.
      if (is2xx(anonymous.status)) callers.push(ANONYMOUS);
      else ctx.observe(`GET /api/projects without credentials → ${anonymous.status}`);
      for (const auth of callers) {
        const listed = (await allProjects(ctx, auth)).map((p) => p.id);
        ctx.expect
          .soft(
            listed.filter((id) => hidden.includes(id)),
            `private projects listed to ${auth.label === 'anonymous' ? 'an anonymous caller' : `the nonMember (${auth.label})`}`,
          )
          .toEqual([]);
        // Which public projects the list shows an outsider is not shown: observed only.
        ctx.observe(
          `${auth.label}: ${listed.length} projects listed, the public shared project ${listed.includes(fixtures.publicProject.id) ? 'among them' : 'not among them'}`,
        );
      }
    },
  );

  conformanceTest(
    ['rest.projects.representation', 'rest.projects.resources'],
    'each project must have id, uri projects/<id>, label, shortname and resources [{type, uri projects/<id>/<type>}]',
    async (ctx) => {
      ctx.judging('rest.projects.representation', { reliesOn: ['rest.projects.list'] });
      const projects = await allProjects(ctx, await tokenFor(ctx, 'projectMember'));
      expect(projects.length, 'projects visible to the member').toBeGreaterThan(0);
      for (const project of projects) {
        ctx.judging('rest.projects.representation');
        ctx.expect
          .soft(
            schemaProblems('project', project),
            `project ${JSON.stringify(project).slice(0, 200)}`,
          )
          .toEqual([]);
        // §2.2 gives relative references: compared as such (RFC 3986 §6.2.2), never as the
        // absolute URL they resolve to, which /api/projects/<id> resolves to as well.
        const uri = `projects/${project.id}`;
        ctx.expect.soft(asSpelt(project.uri, uri), 'uri names the id').toBe(uri);
        ctx.judging('rest.projects.resources');
        for (const resource of project.resources ?? []) {
          const route = `${uri}/${resource.type}`;
          ctx.expect.soft(asSpelt(resource.uri, route), `resource ${resource.type}`).toBe(route);
        }
      }
      const fixtures = inject('fixtures');
      const shared = projects.find((p) => p.id === fixtures.publicProject.id);
      ctx.judging('rest.projects.representation');
      expect(shared?.shortname, 'shortname of the shared public project').toBe(
        fixtures.publicProject.shortName,
      );
      ctx.judging('rest.projects.resources');
      expect(
        shared?.resources.map((r) => r.type),
        'its resources include trackers (§2.2 example)',
      ).toContain('trackers');
    },
  );

  conformanceTest(
    ['rest.projects.other-members'],
    'other members of the project representation are observed (the real system: additional_informations)',
    async (ctx) => {
      const answer = await get(
        ctx,
        `/api/projects/${inject('fixtures').publicProject.id}`,
        ANONYMOUS,
      );
      const project = jsonOf(answer) as Record<string, unknown>;
      const others = Object.keys(project ?? {}).filter(
        (k) => !['id', 'uri', 'label', 'shortname', 'resources'].includes(k),
      );
      ctx.observe(`members beyond §2.2: ${others.join(', ') || 'none'}`);
      expect(answer.status).toBe(200);
    },
  );

  conformanceTest(
    ['rest.discovery.links'],
    'ids must be found by following links: projects → trackers → tracker → fields and values; every uri resolves',
    async (ctx) => {
      const auth = await tokenFor(ctx, 'projectMember');
      const fixtures = inject('fixtures');
      const project = (await allProjects(ctx, auth)).find(
        (p) => p.shortname === fixtures.publicProject.shortName,
      );
      expect(
        project,
        `the project with shortname ${fixtures.publicProject.shortName} is listed`,
      ).toBeDefined();
      for (const resource of project!.resources) {
        const answer = await get(ctx, apiPath(resource.uri), auth);
        ctx.expect
          .soft(answer.status, `GET ${apiPath(resource.uri)} (resource ${resource.type})`)
          .toBe(200);
      }
      const trackersUri = project!.resources.find((r) => r.type === 'trackers')!.uri;
      const trackers = (
        await readCollection<{ id?: unknown; uri?: unknown }>(
          ctx.http,
          { path: apiPath(trackersUri), headers: auth.headers },
          { what: `GET ${apiPath(trackersUri)}`, rule: 'rest.projects.trackers' },
          false,
        )
      ).items;
      expect(trackers.length, 'the project lists trackers').toBeGreaterThan(0);
      for (const tracker of trackers) {
        // The tracker representation is 'not shown': its id and uri are the real system's.
        const unreadable = unreadableTracker(tracker);
        if (unreadable)
          throw new Unjudgeable(
            `could not judge the links of the tracker collection: ${unreadable} (rest.trackers.representation)`,
          );
        const uri =
          typeof tracker.uri === 'string' ? tracker.uri : `trackers/${String(tracker.id)}`;
        const answer = await get(ctx, apiPath(uri), auth);
        ctx.expect
          .soft(answer.status, `GET of tracker ${String(tracker.id)} by its uri ${uri}`)
          .toBe(200);
        const structure = jsonOf(answer);
        if (unreadableTracker(structure) === undefined)
          ctx.expect
            .soft(
              listFieldsWithoutValueIds(structure),
              `tracker ${String(tracker.id)}: list fields that give no bound value ids`,
            )
            .toEqual([]);
      }
    },
  );
});
