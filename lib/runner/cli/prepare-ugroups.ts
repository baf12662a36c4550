/**
 * The static user groups `prepare` names in the profile (fixtures.staticUgroups), when it names
 * none: neither interface creates a user group (§4.2 adds and removes users only), so `prepare`
 * finds them, in the shared projects, through the real system's route GET
 * /api/projects/<id>/user_groups: a static group's id is a plain number, a dynamic one's
 * '<project>_<n>'. A project created from a template copies the template's static groups. Where
 * none has one, the user creates one in the web UI (docs/running-against-a-target.md).
 */
import type { HttpClient } from '../../kit/clients/http.ts';
import { scalarText } from '../../kit/scalar-text.ts';
import type { Profile, StaticUgroups } from '../../target/profile.ts';

/** The first of `projects` (the projectAdmin's) with a static user group: it and up to two of them. */
export async function findStaticUgroups(
  http: HttpClient,
  profile: Profile,
  projects: readonly number[],
): Promise<StaticUgroups | undefined> {
  const { username, password } = profile.accounts.projectAdmin;
  const authorization = `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
  for (const projectId of new Set(projects)) {
    const answer = await http.send({
      path: `/api/projects/${projectId}/user_groups?limit=50`,
      headers: { authorization },
    });
    if (answer.status !== 200) continue;
    let listed: unknown;
    try {
      listed = JSON.parse(answer.text);
    } catch {
      continue;
    }
    if (!Array.isArray(listed)) continue;
    const ugroupIds = (listed as unknown[])
      .map((g) => scalarText(typeof g === 'object' && g !== null ? (g as { id?: unknown }).id : g))
      .filter((id): id is string => id !== undefined && /^\d{1,9}$/.test(id))
      .map(Number)
      .slice(0, 2);
    if (ugroupIds.length > 0) return { projectId, ugroupIds };
  }
  return undefined;
}

/** What `prepare` says when it found no static user group: how to make one. */
export const NO_STATIC_UGROUP =
  'found no static user group in the shared projects (GET /api/projects/<id>/user_groups, ' +
  'ids without "_"), and neither interface creates one: the static user group checks are ' +
  'skipped until the profile names one (fixtures.staticUgroups); create one in the web UI ' +
  '(docs/running-against-a-target.md, "Static user groups")';
