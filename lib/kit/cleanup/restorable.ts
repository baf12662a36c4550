/**
 * Leave the target as found (docs/what-the-suites-assume.md, "Cleanup"): on a project the run did
 * not create (one the profile
 * names, `prepare`'s included), a test reads before it writes, and writes only what the
 * interfaces can restore; the cleanup (plan.ts) writes back what it read. A check that needs a
 * write no interface undoes is done on a project the run creates, or skipped there with the reason.
 */
import type { ConformanceContext } from '../conformance-test.ts';
import { runCreatedProjectIds } from '../fixtures/projects.ts';
import { descriptionValuesOf } from '../soap/expect.ts';

/** Whether this run created the project (a shared project the profile does not name). */
export function createdByRun(ctx: ConformanceContext, project: number): boolean {
  return runCreatedProjectIds(ctx.fixtures, ctx.target).has(String(project));
}

/** The environment variable `prepare` reads the generic users' password from, by default. */
export const GENERIC_USER_PASSWORD_ENV = 'CONFORMANCE_GENERIC_USER_PASSWORD';

/**
 * Skips, with the reason (its fix first), a check that sets or unsets the generic user (§4.2 #13,
 * #14) of a project the run did not create, unless the profile keeps the password `prepare` gave
 * it (fixtures.genericUserPassword): the cleanup then sets it back with that password, which
 * restores its membership too (generic-users.ts).
 */
export function requireGenericUserRestorable(ctx: ConformanceContext, project: number): void {
  if (createdByRun(ctx, project) || ctx.target.fixtures.genericUserPassword !== undefined) return;
  ctx.skip(genericUserSkipReason(project));
}

/** The fix first: the terminal shows a reason's first 160 characters (lib/runner/cli/failure-list.ts). */
export function genericUserSkipReason(project: number): string {
  return (
    `to run on project ${project}, set ${GENERIC_USER_PASSWORD_ENV} and run \`prepare\` again: ` +
    `it gives the generic user of the profile's projects that password and keeps it in the ` +
    `profile (fixtures.genericUserPassword), so that a run sets it back. Without it the ` +
    `generic user cannot be restored (its password is not readable), and project ${project} is ` +
    `not one this run created (the profile names it)`
  );
}

/**
 * The description fields a test may set on the project, read first (the read is in the test's
 * transcript, so its cleanup writes each value back): every field on a project the run created;
 * elsewhere only those that have a value, since none of the interfaces removes a value.
 */
export async function restorableFields<F extends { id: number }>(
  ctx: ConformanceContext,
  key: string,
  project: number,
  fields: readonly F[],
): Promise<{ fields: F[]; values: Map<number, string> }> {
  const values = await descriptionValuesOf(ctx.soap, key, project);
  return {
    fields: createdByRun(ctx, project) ? [...fields] : fields.filter((f) => values.has(f.id)),
    values,
  };
}

/** Skips, with the reason, when no field may be set on a project the run did not create. */
export function requireSomeField<F>(ctx: ConformanceContext, project: number, fields: F[]): F[] {
  if (fields.length === 0)
    ctx.skip(
      `no description field of project ${project} has a value, and none of the interfaces ` +
        `removes one that is set: project ${project} is not one this run created (the profile ` +
        `names it), so the run leaves it as found and sets no value there (\`prepare\` gives ` +
        `the projects it creates a value in each field)`,
    );
  return fields;
}

/**
 * Reads the users of a project's user group (GET /api/user_groups/<project>_<group>/users, the
 * real system's route) before a test changes the project, when the run did not create it: the
 * cleanup then puts each entry back as read. A target without the route leaves the earlier state
 * unknown, and the cleanup lists what it could not restore.
 */
export async function readUserGroupsBeforeChanges(
  ctx: ConformanceContext,
  projects: readonly number[],
  group: number,
): Promise<void> {
  const { username, password } = ctx.target.accounts.projectAdmin;
  const authorization = `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
  await Promise.all(
    [...new Set(projects)]
      .filter((project) => !createdByRun(ctx, project))
      .map((project) =>
        ctx.http.send({
          path: `/api/user_groups/${project}_${group}/users`,
          headers: { authorization },
        }),
      ),
  );
}
