/**
 * §4.2 #4 addUserToUGroup and #11 removeUserFromUGroup on STATIC user groups (membership.test.ts
 * judges them on the project-admins group), with §7.1's 3301 ('User group does not exist'): a
 * group is named in the project it is defined in (§4.2 #4: "groupId is the project in which the
 * user group is defined"), so a group of another project, or an id no group has, is a user group
 * that does not exist there. The effects are read back through the real system's route GET
 * /api/user_groups/<id>/users (§4.2 lists no user group's users); the user put in and taken out
 * is the projectAdmin, a member of the project it administers. The groups are the profile's
 * (fixtures.staticUgroups; the reference server's seeded 'developers' and 'testers' of its public
 * project): without them these checks are skipped with the reason (membership-static.ts).
 */
import { describe, inject } from 'vitest';
import { conformanceTest, type ConformanceContext } from '../../lib/kit/conformance-test.ts';
import { inTurn } from '../../lib/kit/fixtures/in-turn.ts';
import { NO_SUCH_UGROUP } from '../../lib/kit/no-such-ids.ts';
import { expectFault, expectTrue } from '../../lib/kit/soap/expect.ts';
import type { RequirementId } from '../../lib/requirements/index.ts';
import {
  change,
  expectIn,
  isIn,
  otherProject,
  staticWorld,
  type StaticWorld,
} from './membership-static.ts';

const OPS = ['addUserToUGroup', 'removeUserFromUGroup'] as const;
type Op = (typeof OPS)[number];

/**
 * Puts the user in the group (`wanted` true) or out of it, unless already so: a setup step that
 * relies on that operation's effect (a failure there fails it and blocks the test); the rule the
 * state read back relies on is returned.
 */
async function arrange(w: StaticWorld, group: number, wanted: boolean): Promise<RequirementId> {
  const op: Op = wanted ? 'addUserToUGroup' : 'removeUserFromUGroup';
  const rule: RequirementId = `soap.${op}.effect`;
  if ((await isIn(w, group)) === wanted) return rule;
  w.ctx.judging(rule);
  expectTrue(await change(w, op, group), `before: ${op} ${w.login} in user group ${group}`);
  await expectIn(w, group, wanted, `before: after ${op} ${w.login} in user group ${group}`);
  return rule;
}

/**
 * A call that must answer 3301 and leave the group as it was: the user is in it first for a
 * removal, out of it for an addition, so that the call would change it.
 */
async function refusedWith3301(
  ctx: ConformanceContext,
  op: Op,
  call: (w: StaticWorld, group: number) => Promise<{ project: number; group: number }>,
  what: string,
): Promise<void> {
  const w = await staticWorld(ctx, 1);
  const group = w.groups[0]!;
  const wasIn = op === 'removeUserFromUGroup';
  const relies = await arrange(w, group, wasIn);
  const target = await call(w, group);
  ctx.judging(`soap.${op}.fault.3301`);
  expectFault(
    await change(w, op, target.group, target.project),
    3301,
    `${op} ${w.login}, user group ${target.group} in project ${target.project} (${what})`,
  );
  ctx.judging('soap.fault.nothing-changed', { reliesOn: [relies] });
  await expectIn(
    w,
    group,
    wasIn,
    `read back: user group ${group} of project ${w.project} after the refused ${op}`,
  );
}

describe.concurrent('addUserToUGroup and removeUserFromUGroup on static user groups', () => {
  // The members and user groups of the groups' project (membership.test.ts names them alike).
  inTurn(() => {
    const project = inject('settings').target.fixtures.staticUgroups?.projectId;
    return project === undefined ? [] : [`the members and user groups of project ${project}`];
  });

  conformanceTest(
    ['soap.addUserToUGroup.effect', 'soap.removeUserFromUGroup.effect'],
    'addUserToUGroup must put the user in a static user group of the project groupId, and removeUserFromUGroup take them out of it (read back through GET /api/user_groups/<id>/users)',
    async (ctx) => {
      const w = await staticWorld(ctx, 1);
      const group = w.groups[0]!;
      // Out of the group first, where the target had them in it (the cleanup puts them back).
      if (await isIn(w, group)) {
        ctx.judging('soap.removeUserFromUGroup.effect');
        expectTrue(
          await change(w, 'removeUserFromUGroup', group),
          `before: removeUserFromUGroup ${w.login} from user group ${group}, which the target had them in`,
        );
        await expectIn(w, group, false, `before: out of user group ${group}`);
      }
      ctx.judging('soap.addUserToUGroup.effect');
      expectTrue(
        await change(w, 'addUserToUGroup', group),
        `addUserToUGroup ${w.login} to user group ${group} of project ${w.project}`,
      );
      await expectIn(w, group, true, `read back: after addUserToUGroup`);
      ctx.judging('soap.removeUserFromUGroup.effect', {
        reliesOn: ['soap.addUserToUGroup.effect'],
      });
      expectTrue(
        await change(w, 'removeUserFromUGroup', group),
        `removeUserFromUGroup ${w.login} from user group ${group} of project ${w.project}`,
      );
      await expectIn(w, group, false, `read back: after removeUserFromUGroup`);
    },
  );

  conformanceTest(
    ['soap.removeUserFromUGroup.effect'],
    'removeUserFromUGroup must take the user out of that static user group only: a user in two, removed from one, stays in the other',
    async (ctx) => {
      const w = await staticWorld(ctx, 2);
      const [one, other] = w.groups as [number, number];
      for (const group of [one, other]) await arrange(w, group, true);
      ctx.judging('soap.removeUserFromUGroup.effect', {
        reliesOn: ['soap.addUserToUGroup.effect'],
      });
      expectTrue(
        await change(w, 'removeUserFromUGroup', one),
        `removeUserFromUGroup ${w.login} from user group ${one} of project ${w.project}`,
      );
      await expectIn(w, one, false, `read back: after removeUserFromUGroup from ${one}`);
      await expectIn(
        w,
        other,
        true,
        `read back: the other static user group ${other}, after removeUserFromUGroup from ${one}`,
      );
    },
  );

  for (const op of OPS) {
    const leaves = op === 'addUserToUGroup' ? 'add nobody' : 'remove nobody';
    conformanceTest(
      [`soap.${op}.fault.3301`, 'soap.fault.nothing-changed'],
      `${op} with a static user group of another project (not defined in the project groupId) must answer fault 3301 and ${leaves}`,
      (ctx) =>
        refusedWith3301(
          ctx,
          op,
          (w, group) => Promise.resolve({ project: otherProject(w), group }),
          'a group of another project',
        ),
    );

    conformanceTest(
      [`soap.${op}.fault.3301`, 'soap.fault.nothing-changed'],
      `${op} with a user group id no project has must answer fault 3301 and change no static user group`,
      (ctx) =>
        refusedWith3301(
          ctx,
          op,
          (w) => Promise.resolve({ project: w.project, group: NO_SUCH_UGROUP }),
          'a group that exists nowhere',
        ),
    );
  }
});
