/**
 * A collection read whole, as the ids of its items: the real system's user-group routes (GET
 * /api/projects/<id>/user_groups, GET /api/user_groups/<id>/users) and GET /api/projects, which the
 * suites read state back through where §4.2 has no operation that lists it. Read with HTTP Basic
 * (§5.2.1) as one of the profile's accounts: no token to obtain and revoke.
 */
import type { HttpClient, HttpResponse } from '../clients/http.ts';
import type { Profile, Role } from '../../target/profile.ts';
import { scalarText } from '../scalar-text.ts';

/**
 * The largest page the real system gives (§8): asked for when the default page does not hold the
 * whole collection (a target whose maximum is lower refuses it, and the collection is not read).
 */
export const LARGEST_PAGE = 50;

/** The items of a JSON array answer, or undefined when the answer is no such array. */
function itemsIn(answer: HttpResponse): unknown[] | undefined {
  if (answer.status !== 200) return undefined;
  try {
    const value: unknown = JSON.parse(answer.text);
    return Array.isArray(value) ? (value as unknown[]) : undefined;
  } catch {
    return undefined;
  }
}

/** The ids of items that are objects with an id, or undefined when one is not. */
export function idsOf(items: readonly unknown[]): string[] | undefined {
  const ids: string[] = [];
  for (const item of items) {
    const id =
      typeof item === 'object' && item !== null
        ? scalarText((item as { id?: unknown }).id)
        : undefined;
    if (id === undefined) return undefined;
    ids.push(id);
  }
  return ids;
}

export function basicAuthorization(profile: Profile, role: Role): string {
  const { username, password } = profile.accounts[role];
  return `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
}

/** The items of one page of a collection (`query` the page's parameters), or undefined. */
export async function readPage(
  http: HttpClient,
  profile: Profile,
  path: string,
  role: Role,
  query = '',
): Promise<{ items: unknown[]; total: number } | undefined> {
  const authorization = basicAuthorization(profile, role);
  const answer = await http.send({ path: `${path}${query}`, headers: { authorization } });
  const items = itemsIn(answer);
  if (items === undefined) return undefined;
  return { items, total: Number(answer.headers['x-pagination-size'] ?? items.length) };
}

/**
 * The items of a collection read whole in one answer (X-PAGINATION-SIZE items), with the default
 * page, else with the largest; undefined when neither gives it.
 */
export async function readWholeItems(
  http: HttpClient,
  profile: Profile,
  path: string,
  role: Role = 'projectAdmin',
): Promise<unknown[] | undefined> {
  for (const query of ['', `?limit=${LARGEST_PAGE}`]) {
    const page = await readPage(http, profile, path, role, query);
    if (page === undefined) return undefined;
    if (page.total === page.items.length) return page.items;
  }
  return undefined;
}

/** The ids of a collection read whole (readWholeItems), or undefined. */
export async function readWhole(
  http: HttpClient,
  profile: Profile,
  path: string,
  role: Role = 'projectAdmin',
): Promise<string[] | undefined> {
  const items = await readWholeItems(http, profile, path, role);
  return items === undefined ? undefined : idsOf(items);
}
