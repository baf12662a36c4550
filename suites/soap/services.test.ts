/**
 * §4.2 #1, #5, #9: getProjectServicesUsage, activateService, deactivateService. Effects on the SOAP
 * project (this file alone changes its services; the property's runs also on the membership
 * project's), read back with getProjectServicesUsage; §7.1 faults
 * and the permission cases on the shared public project, whose services must stay as they were (not
 * on the SOAP project: membership.test.ts makes others its admins meanwhile). The admin of another
 * project gets no rights (§5.1.2), and that project's service ids are not this one's (3019).
 */
import { ConformanceFailure } from '../../lib/kit/conformance-failure.ts';
import fc from 'fast-check';
import { describe, expect, inject } from 'vitest';
import { propertyRun } from '../../lib/kit/property-run.ts';
import { spreadProperty } from '../../lib/kit/property-spread.ts';
import { conformanceTest, type ConformanceContext } from '../../lib/kit/conformance-test.ts';
import { foreignAdminKey } from '../../lib/kit/fixtures/foreign-admin.ts';
import { soapAndMembershipProjects, type FixtureName } from '../../lib/kit/fixtures/projects.ts';
import type { SoapClient } from '../../lib/kit/soap/client.ts';
import {
  expectFault,
  expectSuccess,
  expectTrue,
  servicesOf,
  type ServiceValue,
} from '../../lib/kit/soap/expect.ts';
import { untypedValues, xsiType } from '../../lib/kit/soap/wire.ts';
import { faultCell } from '../../spec/matrix/faults.ts';
import { frameCells } from '../../spec/matrix/frame.ts';
import { successMessageTests, type AnswerMaker } from './answer-messages.ts';
import {
  readingPublicProject,
  soapFaultTests,
  type Caller,
  type FaultSubject,
} from './fault-scenarios.ts';
import { NO_SUCH_SERVICE } from '../../lib/kit/no-such-ids.ts';
import { inTurn } from '../../lib/kit/fixtures/in-turn.ts';
import {
  failFrame,
  frameChanges,
  readFrame,
  type FramePart,
  type FrameState,
} from '../../lib/kit/frame/frame.ts';
import { neighbourSoapFrame } from '../../lib/kit/frame/places.ts';

/**
 * What the tests take in turn: the services of a shared project, by its id (a profile may name one
 * project for two).
 */
const servicesOfProject = (name: FixtureName) =>
  `the services of project ${inject('fixtures')[name].id}`;

/** Services a real platform needs to stay administrable: never switched off by these tests. */
const KEEP_ON = new Set(['summary', 'admin']);

const usage = (services: readonly ServiceValue[]) =>
  Object.fromEntries(services.map((s) => [s.id, s.is_used]));

async function ownerOfSoapProject(ctx: ConformanceContext) {
  const { projectAdmin: key } = await ctx.sessionKeys(['projectAdmin']);
  return { soap: ctx.soap, key, project: ctx.fixtures.soapProject.id };
}

/**
 * The §7.1 scenarios of activateService or deactivateService (fault-scenarios.ts), on the public
 * project: a service the call would change (never summary or admin), whose usage must stay.
 */
function switchingOn(op: 'activateService' | 'deactivateService'): FaultSubject {
  return {
    op,
    leaves: { 'non-admin': 'change nothing', 'foreign-admin': 'change nothing' },
    async arrange(ctx) {
      const { projectAdmin: admin } = await ctx.sessionKeys(['projectAdmin']);
      const project = ctx.fixtures.publicProject.id;
      const before = await servicesOf(ctx.soap, admin, project);
      const wanted = op === 'activateService' ? 0 : 1;
      const target =
        before.find((s) => s.is_used === wanted && !KEEP_ON.has(s.short_name)) ?? before[0]!;
      const send = (key: string, _by: Caller, on = project) =>
        ctx.soap.call(op, { session_key: key, group_id: on, service_id: target.id });
      return {
        calls: [{ what: target.short_name, send }],
        unchanged: async () =>
          expect(
            usage(await servicesOf(ctx.soap, admin, project)),
            'services after the faults',
          ).toEqual(usage(before)),
      };
    },
  };
}

function switchable(services: readonly ServiceValue[]): ServiceValue[] {
  const found = services.filter((s) => !KEEP_ON.has(s.short_name));
  // The shared projects are made by addProject from the template, whose services they inherit.
  if (found.length === 0)
    throw new ConformanceFailure(
      `the project has no services other than summary and admin to switch (it has ${services.map((s) => s.short_name).join(', ') || 'none'})`,
      'a service to switch',
      'none',
      undefined,
      ['soap.addProject.inherits-services'],
    );
  return found;
}

// The blocks run side by side. The reads of the public project's services check their shape,
// whatever their usage: side by side with every test. The tests that change the SOAP project's
// services, or read back the public project's (which a planted fault may change under another
// test), take that project's services in turn (lib/kit/fixtures/in-turn.ts).
describe.concurrent('getProjectServicesUsage', () => {
  conformanceTest(
    ['soap.getProjectServicesUsage.effect', 'soap.types.service-value'],
    'getProjectServicesUsage must return each service of the project as ServiceValue {id:int, short_name:string, is_used:int}',
    async (ctx) => {
      const { soap, key } = await ownerOfSoapProject(ctx);
      const answer = await soap.call('getProjectServicesUsage', {
        session_key: key,
        group_id: ctx.fixtures.publicProject.id,
      });
      ctx.judging('soap.getProjectServicesUsage.effect');
      const services = expectSuccess(
        answer,
        'getProjectServicesUsage of the public project',
      ) as ServiceValue[];
      expect(services.length, 'a project created from the template has services').toBeGreaterThan(
        0,
      );
      const ids = services.map((s) => s.id);
      expect(new Set(ids).size, 'service ids are distinct').toBe(ids.length);
      const items = answer.part?.children ?? [];
      // A member sent without xsi:type breaks soap.wire.xsi-type; the type of a typed member is
      // ServiceValue's rule.
      ctx.judging('soap.wire.xsi-type');
      const untyped = items.flatMap((item) => untypedValues(item).slice(1));
      ctx.expect.soft(untyped, `members of ServiceValue without xsi:type`).toEqual([]);
      ctx.judging('soap.types.service-value');
      const declared: Record<string, string> = { id: 'int', short_name: 'string', is_used: 'int' };
      for (const [i, item] of items.entries()) {
        const members = Object.fromEntries(
          item.children.map((m) => [m.name, xsiType(m)?.local ?? declared[m.name]]),
        );
        ctx.expect
          .soft(members, `members of ServiceValue ${i} and their xsi:types`)
          .toEqual(declared);
      }
    },
  );

  conformanceTest(
    ['soap.types.flag-values'],
    'the values of is_used are observed: 0 or 1',
    async (ctx) => {
      const { soap, key } = await ownerOfSoapProject(ctx);
      const services = await servicesOf(soap, key, ctx.fixtures.publicProject.id);
      for (const s of services)
        ctx.expect.soft([0, 1], `is_used of ${s.short_name}`).toContain(s.is_used);
    },
  );
});

describe.concurrent('activateService and deactivateService', () => {
  inTurn(() => [servicesOfProject('soapProject')]);
  conformanceTest(
    ['soap.deactivateService.effect', 'soap.activateService.effect'],
    'deactivateService must set is_used to 0 and activateService back to 1, leaving the other services as they were',
    async (ctx) => {
      const { soap, key, project } = await ownerOfSoapProject(ctx);
      ctx.judging('soap.getProjectServicesUsage.effect');
      const before = await servicesOf(soap, key, project);
      const target = switchable(before)[0]!;
      const rest = (services: ServiceValue[]) => usage(services.filter((s) => s.id !== target.id));
      ctx.judging('soap.deactivateService.effect');
      expectTrue(
        await soap.call('deactivateService', {
          session_key: key,
          group_id: project,
          service_id: target.id,
        }),
        `deactivateService ${target.short_name}`,
      );
      const off = await servicesOf(soap, key, project);
      expect(
        off.find((s) => s.id === target.id)?.is_used,
        `is_used of ${target.short_name} after deactivateService`,
      ).toBe(0);
      expect(rest(off), 'the other services after deactivateService').toEqual(rest(before));
      ctx.judging('soap.activateService.effect');
      expectTrue(
        await soap.call('activateService', {
          session_key: key,
          group_id: project,
          service_id: target.id,
        }),
        `activateService ${target.short_name}`,
      );
      const on = await servicesOf(soap, key, project);
      expect(
        on.find((s) => s.id === target.id)?.is_used,
        `is_used of ${target.short_name} after activateService`,
      ).toBe(1);
      expect(rest(on), 'the other services after activateService').toEqual(rest(before));
      ctx.judging('soap.deactivateService.effect');
      if (target.is_used === 0)
        expectTrue(
          await soap.call('deactivateService', {
            session_key: key,
            group_id: project,
            service_id: target.id,
          }),
          'restore the service as found',
        );
    },
  );

  for (const op of ['activateService', 'deactivateService'] as const) {
    conformanceTest(
      [`soap.${op}.output`, 'soap.wire.xsi-type'],
      `${op} must answer its output part <${op}> typed xsd:boolean`,
      async (ctx) => {
        const { soap, key, project } = await ownerOfSoapProject(ctx);
        ctx.judging('soap.getProjectServicesUsage.effect');
        const target = switchable(await servicesOf(soap, key, project))[0]!;
        const answer = await soap.call(op, {
          session_key: key,
          group_id: project,
          service_id: target.id,
        });
        ctx.judging(`soap.${op}.output`);
        expectSuccess(answer, op);
        if (target.is_used !== (op === 'activateService' ? 1 : 0))
          await soap.call(op === 'activateService' ? 'deactivateService' : 'activateService', {
            session_key: key,
            group_id: project,
            service_id: target.id,
          });
        expect(answer.part?.name, 'name of the output part').toBe(op);
        ctx.judging('soap.wire.xsi-type');
        expect(xsiType(answer.part!), 'xsi:type of the output part').toEqual({
          ns: 'http://www.w3.org/2001/XMLSchema',
          local: 'boolean',
        });
      },
    );
  }

  conformanceTest(
    ['soap.boolean-meaning'],
    'the returned boolean is observed: true on success, also when the service already had that usage',
    async (ctx) => {
      const { soap, key, project } = await ownerOfSoapProject(ctx);
      const target = switchable(await servicesOf(soap, key, project))[0]!;
      const same = target.is_used === 1 ? 'activateService' : 'deactivateService';
      expect(
        expectSuccess(
          await soap.call(same, { session_key: key, group_id: project, service_id: target.id }),
          same,
        ),
        `${same} of a service already in that state`,
      ).toBe(true);
    },
  );
});

/**
 * An answer of `op` that changes a service of the SOAP project (switched the other way first when
 * needed), the service then put back as it was.
 */
function switching(op: 'activateService' | 'deactivateService'): AnswerMaker {
  return {
    how: 'switching a service of the SOAP project, by its admin (then put back)',
    rule: `soap.${op}.effect`,
    async answer(ctx) {
      const { soap, key, project } = await ownerOfSoapProject(ctx);
      const target = switchable(await servicesOf(soap, key, project))[0]!;
      const call = (name: 'activateService' | 'deactivateService') =>
        soap.call(name, { session_key: key, group_id: project, service_id: target.id });
      const other = op === 'activateService' ? 'deactivateService' : 'activateService';
      const wasUsed = target.is_used === 1;
      const changes = op === 'activateService' ? !wasUsed : wasUsed;
      if (!changes) expectTrue(await call(other), `${other} ${target.short_name} first`);
      const answer = await call(op);
      if ((op === 'activateService') !== wasUsed)
        expectTrue(await call(other), `${target.short_name} put back as it was`);
      return answer;
    },
  };
}

describe.concurrent('answers are sent as text/xml', () => {
  inTurn(() => [servicesOfProject('soapProject')]);
  successMessageTests('deactivateService', switching('deactivateService'));
  successMessageTests('activateService', switching('activateService'));
});

describe.concurrent(
  'faults and permissions (on the public project, which must stay as it was)',
  () => {
    inTurn(() => [servicesOfProject('publicProject')]);
    soapFaultTests([
      switchingOn('activateService'),
      switchingOn('deactivateService'),
      readingPublicProject('getProjectServicesUsage'),
    ]);

    for (const op of ['activateService', 'deactivateService'] as const) {
      conformanceTest(
        [`soap.${op}.fault.3019`, 'soap.fault.nothing-changed'],
        `${op} of a service the project does not have must answer fault 3019 and change nothing`,
        async (ctx) => {
          const { soap, key } = await ownerOfSoapProject(ctx);
          const project = ctx.fixtures.publicProject.id;
          ctx.judging('soap.getProjectServicesUsage.effect');
          const before = await servicesOf(soap, key, project);
          ctx.judging(`soap.${op}.fault.3019`);
          expectFault(
            await soap.call(op, {
              session_key: key,
              group_id: project,
              service_id: NO_SUCH_SERVICE,
            }),
            3019,
            `${op} of service ${NO_SUCH_SERVICE}`,
          );
          ctx.judging('soap.fault.nothing-changed', { reliesOn: [`soap.${op}.fault.3019`] });
          expect(usage(await servicesOf(soap, key, project)), 'services after the fault').toEqual(
            usage(before),
          );
        },
        { cells: [faultCell(op, 3019, 'project-admin')] },
      );

      conformanceTest(
        [`soap.${op}.fault.3019`, 'soap.fault.nothing-changed'],
        `${op} of a service of another project must answer fault 3019 and change neither project`,
        async (ctx) => {
          const { projectAdmin: admin } = await ctx.sessionKeys(['projectAdmin']);
          const foreignKey = await foreignAdminKey(ctx);
          const project = ctx.fixtures.publicProject.id;
          const foreign = ctx.fixtures.foreignProject.id;
          ctx.judging('soap.getProjectServicesUsage.effect');
          const before = await servicesOf(ctx.soap, admin, project);
          const foreignBefore = await servicesOf(ctx.soap, foreignKey, foreign);
          // An id this project does not have (a target may number services per project), and one
          // the call would change: a server that looks it up platform-wide shows it.
          const own = new Set(before.map((s) => s.id));
          const candidates = foreignBefore.filter((s) => !own.has(s.id));
          if (candidates.length === 0)
            ctx.skip(
              `every service id of the foreign project ${foreign} is also a service id of project ${project}: ` +
                'no id exists in the other project only',
            );
          const wanted = op === 'activateService' ? 0 : 1;
          const other =
            candidates.find((s) => s.is_used === wanted && !KEEP_ON.has(s.short_name)) ??
            candidates.find((s) => s.is_used === wanted) ??
            candidates[0]!;
          ctx.judging(`soap.${op}.fault.3019`);
          expectFault(
            await ctx.soap.call(op, {
              session_key: admin,
              group_id: project,
              service_id: other.id,
            }),
            3019,
            `${op} on project ${project} of service ${other.id} ('${other.short_name}' of project ${foreign})`,
          );
          ctx.judging('soap.fault.nothing-changed', { reliesOn: [`soap.${op}.fault.3019`] });
          expect(
            usage(await servicesOf(ctx.soap, foreignKey, foreign)),
            `services of the other project ${foreign} after the fault`,
          ).toEqual(usage(foreignBefore));
          expect(
            usage(await servicesOf(ctx.soap, admin, project)),
            `services of project ${project} after the fault`,
          ).toEqual(usage(before));
        },
        { cells: [faultCell(op, 3019, 'project-admin')] },
      );
    }
  },
);

type Switch = 'activateService' | 'deactivateService';

/**
 * The property on one project: sequences of activations and deactivations of its `candidates`
 * (and of an unknown service), the usage of every service checked against a model. A usage that
 * differs from the model fails the effect of the call that last set that service (of the last
 * call of all, for a service none set). The checks set their scope (ctx.judging) right before
 * they judge, with no await between: the two projects' chains run side by side.
 */
function activationProperty(
  ctx: ConformanceContext,
  soap: SoapClient,
  key: string,
  project: number,
  candidates: ServiceValue[],
  frame: { parts: readonly FramePart[]; sampled: string },
) {
  type Model = Map<number, { used: number; by?: Switch }>;
  type Real = { last?: Switch; switched: Set<Switch> };
  const read = async () => usage(await servicesOf(soap, key, project));

  class SetUsage implements fc.AsyncCommand<Model, Real> {
    constructor(
      readonly service: ServiceValue,
      readonly on: boolean,
    ) {}
    check = () => true;
    async run(model: Model, real: Real) {
      const op = this.on ? 'activateService' : 'deactivateService';
      const answer = await soap.call(op, {
        session_key: key,
        group_id: project,
        service_id: this.service.id,
      });
      ctx.judging(`soap.${op}.effect`);
      expectTrue(answer, `${op} ${this.service.short_name}`);
      model.set(this.service.id, { used: this.on ? 1 : 0, by: op });
      real.last = op;
      real.switched.add(op);
    }
    toString = () => `${this.on ? 'activate' : 'deactivate'}(${this.service.short_name})`;
  }
  class Unknown implements fc.AsyncCommand<Model, Real> {
    constructor(readonly on: boolean) {}
    check = () => true;
    async run() {
      const op = this.on ? 'activateService' : 'deactivateService';
      const answer = await soap.call(op, {
        session_key: key,
        group_id: project,
        service_id: NO_SUCH_SERVICE,
      });
      ctx.judging(`soap.${op}.fault.3019`);
      expectFault(answer, 3019, `${op} of an unknown service`);
    }
    toString = () => `${this.on ? 'activate' : 'deactivate'}(unknown service)`;
  }
  class Check implements fc.AsyncCommand<Model, Real> {
    check = () => true;
    async run(model: Model, real: Real) {
      const found = await read();
      const differs = [...model].find(([id, m]) => found[id] !== m.used);
      const by = differs?.[1].by ?? real.last;
      if (by) ctx.judging(`soap.${by}.effect`);
      expect(found, 'is_used of every service (getProjectServicesUsage) against the model').toEqual(
        Object.fromEntries([...model].map(([id, m]) => [id, m.used])),
      );
    }
    toString = () => 'check()';
  }
  const commands = [
    fc.tuple(fc.constantFrom(...candidates), fc.boolean()).map(([s, on]) => new SetUsage(s, on)),
    fc.boolean().map((on) => new Unknown(on)),
    fc.constant(new Check()),
  ];
  return fc.asyncProperty(fc.commands(commands, { maxCommands: 8 }), async (cmds) => {
    const model: Model = new Map(
      Object.entries(await read()).map(([id, used]) => [Number(id), { used }]),
    );
    const before = await readFrame(frame.parts);
    const real: Real = { switched: new Set() };
    await fc.asyncModelRun(() => ({ model, real }), [...cmds, new Check()]);
    expectServicesFrame(frame, before, await readFrame(frame.parts), real.switched);
  });
}

/**
 * The neighbour projects' services as at the run's start (frame conditions: a switch changes its
 * project's service alone). A service switched off elsewhere fails deactivateService, one switched
 * on activateService, when the run made such calls, else every switch of the run; a change in a
 * run that switched nothing is another test's.
 */
function expectServicesFrame(
  frame: { parts: readonly FramePart[]; sampled: string },
  before: FrameState,
  after: FrameState,
  switched: ReadonlySet<Switch>,
): void {
  const changes = frameChanges(before, after);
  const rules = new Set<`soap.${Switch}.effect`>();
  for (const change of changes)
    for (const entry of change.came) {
      const op = entry.endsWith(':0') ? 'deactivateService' : 'activateService';
      if (switched.has(op)) rules.add(`soap.${op}.effect`);
    }
  // A change of the other direction (or unreadable): every switch of the run.
  if (changes.length > 0 && rules.size === 0)
    for (const op of switched) rules.add(`soap.${op}.effect`);
  if (rules.size > 0)
    failFrame(
      changes,
      [...rules],
      `the switches of this run (${[...switched].join(', ')})`,
      frame.sampled,
    );
}

describe.concurrent('property: sequences of activations and deactivations', () => {
  inTurn(() => [servicesOfProject('soapProject'), servicesOfProject('membershipProject')]);
  conformanceTest(
    [
      'soap.activateService.effect',
      'soap.deactivateService.effect',
      'soap.activateService.fault.3019',
      'soap.deactivateService.fault.3019',
    ],
    'any sequence of activateService and deactivateService calls must leave each service as the last call set it',
    async (ctx) => {
      const { projectAdmin: key } = await ctx.sessionKeys(['projectAdmin']);
      const soap = ctx.soap;
      // The runs spread over the SOAP project and the membership project, whose services nothing
      // else changes (the membership properties change its members alone): two chains of requests
      // instead of one.
      ctx.judging('soap.getProjectServicesUsage.effect');
      const places = await Promise.all(
        soapAndMembershipProjects(ctx.fixtures).map(async ({ id }) => ({
          project: id,
          candidates: switchable(await servicesOf(soap, key, id)).slice(0, 4),
        })),
      );
      const frame = await neighbourSoapFrame(ctx, 'getProjectServicesUsage');
      try {
        await spreadProperty(
          places,
          propertyRun(20),
          ({ project, candidates }) =>
            activationProperty(ctx, soap, key, project, candidates, frame),
          ({ project }) => `project ${project}`,
        );
      } finally {
        await Promise.all(
          places.map(async ({ project, candidates }) => {
            for (const s of candidates)
              await soap.call(s.is_used === 1 ? 'activateService' : 'deactivateService', {
                session_key: key,
                group_id: project,
                service_id: s.id,
              });
          }),
        );
      }
    },
    { cells: [...frameCells('activateService'), ...frameCells('deactivateService')] },
  );
});
