/**
 * §4.2 #2 addProject, its §7.1 faults and the §8 quota. Every addProject call of the suites is in
 * this file, run in order, within the quota the profile declares (projectQuotaPerHour, platform-wide,
 * which the run's shared projects already use): with the test-control clock a new hour is opened when
 * the budget is spent; without it, the budget is what the quota ledger leaves (RunSettings.quota),
 * and a test that would exceed it is skipped with the reason. A 4000 before the calls the run
 * knows of reach the quota is a harness error, never a failure: the quota was spent elsewhere.
 * Created projects are read back over REST (GET /api/projects) and with the other SOAP operations.
 */
import fc from 'fast-check';
import { describe, expect, inject } from 'vitest';
import { HarnessError } from '../../lib/kit/clients/harness-error.ts';
import { codePointUnit } from '../../lib/kit/code-point-unit.ts';
import { propertyRun } from '../../lib/kit/property-run.ts';
import { lanes, spreadProperty } from '../../lib/kit/property-spread.ts';
import { conformanceTest, type ConformanceContext } from '../../lib/kit/conformance-test.ts';
import { failFrame, frameChanges, readFrame } from '../../lib/kit/frame/frame.ts';
import { neighbourProjects, wholeProjectParts } from '../../lib/kit/frame/places.ts';
import { frameCells } from '../../spec/matrix/frame.ts';
import { provisionedProjectCount } from '../../lib/kit/fixtures/projects.ts';
import { findProject, LISTED_OVER_REST } from '../../lib/kit/fixtures/rest-projects.ts';
import type { SoapAnswer } from '../../lib/kit/soap/client.ts';
import {
  descriptionValuesOf,
  expectAnyFault,
  expectFault,
  expectSuccess,
  servicesOf,
} from '../../lib/kit/soap/expect.ts';
import { xsiType } from '../../lib/kit/soap/wire.ts';
import { advanceClock, NEW_HOUR_SECONDS } from '../../lib/kit/target/clock.ts';
import { armFailure } from '../../lib/kit/target/fail-next.ts';
import { QuotaLedger } from '../../lib/kit/target/quota-ledger.ts';
import {
  countsAgainstQuota,
  isQuotaFault,
  localClock,
  spentElsewhere,
} from '../../lib/kit/target/quota-calls.ts';
import { recordQuotaCalls, recordSpentElsewhere } from '../../lib/kit/target/quota-plan.ts';
import { faultCell } from '../../spec/matrix/faults.ts';
import type { ArgsOf } from '../../spec/soap-operations.ts';
import { faultMessageTests, successMessageTests } from './answer-messages.ts';
import { soapFaultTests } from './fault-scenarios.ts';
import { NO_SUCH_PROJECT } from '../../lib/kit/no-such-ids.ts';

// ---- the quota budget of this file -------------------------------------------------------------

/** addProject calls this file may still make in the current hour (-1: not started). */
const budget = { left: -1 };
/**
 * Counted calls of the current hour that the run knows of: the ledger's before the run, the shared
 * projects', this file's; with the clock, those since the hour this file opened.
 */
const hour = { known: 0 };
/** Set once a 4000 showed the quota spent elsewhere: a later counted call would only meet it again. */
let spent: string | undefined;

async function openNewHour(ctx: ConformanceContext): Promise<void> {
  await advanceClock(ctx.http, NEW_HOUR_SECONDS);
  budget.left = ctx.target.projectQuotaPerHour;
  hour.known = 0;
}

/** Without the clock: the ledger's budget left after the shared projects (lib/kit/target/quota-plan.ts). */
async function startBudget(ctx: ConformanceContext): Promise<void> {
  if (budget.left >= 0) return;
  const quota = ctx.target.projectQuotaPerHour;
  if (ctx.target.capabilities.testControl) return openNewHour(ctx);
  const ledger = inject('settings').quota;
  const shared = provisionedProjectCount(ctx.target);
  budget.left = ledger ? ledger.addProjectBudget : Math.max(0, quota - shared);
  hour.known = (ledger?.usedBefore ?? 0) + shared;
}

/**
 * Reserves `calls` addProject calls that count against the quota (lib/kit/target/quota-calls.ts:
 * successes, and refusals after the quota step, which the real system counts): opens a new hour
 * with the clock, or skips the test.
 */
async function reserve(ctx: ConformanceContext, calls: number): Promise<void> {
  if (spent) throw new HarnessError(spent);
  const quota = ctx.target.projectQuotaPerHour;
  await startBudget(ctx);
  if (calls > quota)
    ctx.skip(
      `needs ${calls} addProject calls within one hour; the profile's quota is ${quota} per hour`,
    );
  if (calls > budget.left) {
    // The quota, not test control: the skip says when the hour frees up, or what to change.
    if (!ctx.target.capabilities.testControl) {
      const ledger = inject('settings').quota;
      // The ledger counts this run's calls as they are made: when they leave room for these.
      const freesAt = ledger
        ? new QuotaLedger(ledger.ledger).budget(ctx.target.baseUrl, quota, new Date()).fitsAt(calls)
        : undefined;
      ctx.skip(
        `the addProject quota (§8): needs ${calls} more call(s), but only ${budget.left} remain of ` +
          `this hour's ${quota} (${provisionedProjectCount(ctx.target)} for the shared projects` +
          (ledger ? `, ${ledger.usedBefore} counted by the quota ledger before the run` : '') +
          `): ${freesAt instanceof Date ? `wait until ${localClock(freesAt)} local time` : 'run it in another hour'} ` +
          'or raise projectQuotaPerHour',
        { needs: ['quota'] },
      );
    }
    await openNewHour(ctx);
  }
  budget.left -= calls;
}

/**
 * Every addProject call of the file: counted in the quota ledger when the platform counts it, and
 * a 4000 that came before the calls this run knows of reached the quota is no verdict on the
 * target: the quota was spent elsewhere (a harness error, with when to retry).
 */
async function addProject(
  ctx: ConformanceContext,
  args: ArgsOf<'addProject'>,
): Promise<SoapAnswer> {
  await startBudget(ctx);
  const answer = await ctx.soap.call('addProject', args);
  const quota = ctx.target.projectQuotaPerHour;
  const known = hour.known;
  const ledger = inject('settings').quota;
  if (countsAgainstQuota(answer)) {
    hour.known += 1;
    recordQuotaCalls(ledger, ctx.target.baseUrl, 1, inject('runTag'));
  }
  if (isQuotaFault(answer) && known < quota) {
    recordSpentElsewhere(ledger, ctx.target.baseUrl, quota, known + 1, inject('runTag'));
    spent = spentElsewhere(known, quota);
    throw new HarnessError(spent);
  }
  return answer;
}

/** Concurrent chains of the invalid-sessionKey property. */
const KEY_LANES = 4;

let counter = 0;
function shortName(kind: string): string {
  return `cf-${inject('runTag')}-${kind}${++counter}`.slice(0, 30);
}

async function setUp(ctx: ConformanceContext) {
  const keys = await ctx.sessionKeys(['siteAdmin', 'projectAdmin', 'projectMember', 'nonMember']);
  return { keys, template: ctx.target.fixtures.templateProjectId };
}

/**
 * addProject's parts for a new project: public, from the template, asked by the project admin on
 * behalf of the site admin, unless `changes` say otherwise.
 */
function newProject(
  setup: { keys: Record<'projectAdmin' | 'siteAdmin', string>; template: number },
  name: string,
  changes: Partial<ArgsOf<'addProject'>> = {},
): ArgsOf<'addProject'> {
  return {
    sessionKey: setup.keys.projectAdmin,
    adminSessionKey: setup.keys.siteAdmin,
    shortName: name,
    publicName: `Conformance ${name}`,
    privacy: 'public',
    templateId: setup.template,
    ...changes,
  };
}

async function expectNotCreated(ctx: ConformanceContext, name: string): Promise<void> {
  expect(
    await findProject(ctx.http, ctx.target, 'siteAdmin', name),
    `no project '${name}' in GET /api/projects (as the site admin) after the refusal`,
  ).toBeUndefined();
}

/** The public project created by the first test, read by the tests of its properties. */
let created: { id: number; shortName: string; publicName: string; answer: SoapAnswer } | undefined;
function needCreated(ctx: ConformanceContext) {
  if (!created)
    ctx.skip(
      'needs the project created by "addProject with privacy public must create the project…", which did not pass',
    );
  return created;
}

describe('addProject creates projects', () => {
  conformanceTest(
    [
      'soap.addProject.creates',
      'soap.addProject.short-and-public-name',
      'soap.addProject.output',
      'soap.wire.xsi-type',
    ],
    "addProject with privacy 'public' must create the project (xsd:int answer), listed over REST with shortName as shortname and publicName as label",
    async (ctx) => {
      const { keys, template } = await setUp(ctx);
      await reserve(ctx, 1);
      const name = shortName('pub');
      const publicName = `Conformance ${name}`;
      // Frame conditions: the template is read, not written, and no other project changes
      // (docs/what-the-suites-assume.md).
      const around = [...new Set([template, ...(await neighbourProjects(ctx))])];
      const templateParts = (
        await Promise.all(around.map((p) => wholeProjectParts(ctx, p)))
      ).flat();
      const templateBefore = await readFrame(templateParts);
      const answer = await addProject(ctx, newProject({ keys, template }, name, { publicName }));
      ctx.judging('soap.addProject.creates');
      const id = expectSuccess(answer, `addProject '${name}'`);
      ctx.judging('soap.addProject.output');
      expect(answer.part?.name, 'name of the output part').toBe('addProject');
      // Soft: the project is created all the same, and the tests of its properties read it.
      ctx.judging('soap.wire.xsi-type');
      ctx.expect.soft(xsiType(answer.part!), 'xsi:type of the output part').toEqual({
        ns: 'http://www.w3.org/2001/XMLSchema',
        local: 'int',
      });
      // An int is read as one by its xsi:type (rpc/encoded).
      ctx.judging('soap.addProject.output', { reliesOn: ['soap.wire.xsi-type'] });
      ctx.expect
        .soft(Number.isInteger(id), `addProject answers an int, got ${String(id)}`)
        .toBe(true);
      ctx.judging('soap.addProject.creates', { reliesOn: LISTED_OVER_REST });
      const listed = await findProject(ctx.http, ctx.target, 'nonMember', name);
      expect(
        listed,
        `the new public project '${name}' is in GET /api/projects (as an outsider)`,
      ).toBeDefined();
      ctx.judging('soap.addProject.short-and-public-name');
      expect(listed?.label, 'its label is the publicName').toBe(publicName);
      created = { id: listed!.id, shortName: name, publicName, answer };
      ctx.judging('soap.addProject.creates');
      const changes = frameChanges(templateBefore, await readFrame(templateParts));
      if (changes.length > 0)
        failFrame(
          changes,
          'soap.addProject.creates',
          `addProject '${name}' from template ${template}`,
          `the representation, services, description values and user groups of template ${template} and of projects ${around.join(', ')} (what answered: ${templateParts.length} places)`,
        );
    },
    { cells: frameCells('addProject') },
  );

  conformanceTest(
    ['soap.addProject.return-value'],
    'the integer addProject returns is observed: the id of the created project',
    async (ctx) => {
      const project = needCreated(ctx);
      const listed = await findProject(ctx.http, ctx.target, 'projectAdmin', project.shortName);
      expect(listed?.id, 'the REST id of the created project').toBe(project.id);
    },
  );

  conformanceTest(
    [
      'soap.addProject.accepted',
      'soap.addProject.inherits-services',
      'soap.addProject.no-description',
    ],
    'the created project must be usable at once by its admin, have the services of its template and no description field values',
    async (ctx) => {
      const project = needCreated(ctx);
      const { keys, template } = await setUp(ctx);
      // Usable at once: its admin reads its services and description values.
      ctx.judging('soap.addProject.accepted');
      const services = await servicesOf(ctx.soap, keys.projectAdmin, project.id);
      const values = await descriptionValuesOf(ctx.soap, keys.projectAdmin, project.id);
      // The template's services, read by the site admin: a setup step.
      ctx.judging('soap.getProjectServicesUsage.effect');
      const templateServices = await servicesOf(ctx.soap, keys.siteAdmin, template);
      const usage = (list: typeof services) => list.map((s) => [s.short_name, s.is_used]).sort();
      ctx.judging('soap.addProject.inherits-services', {
        reliesOn: ['soap.getProjectServicesUsage.effect'],
      });
      ctx.expect
        .soft(
          usage(services),
          `services of the new project (short_name, is_used) equal those of template ${template}`,
        )
        .toEqual(usage(templateServices));
      ctx.judging('soap.addProject.no-description', {
        reliesOn: ['soap.getProjectDescriptionFieldsValue.effect'],
      });
      expect(Object.fromEntries(values), 'description field values of the new project').toEqual({});
    },
  );

  conformanceTest(
    ['soap.addProject.session-key-admin'],
    "the user whose session is addProject's sessionKey must administer the created project (an admin's getProjectServicesUsage answers them)",
    async (ctx) => {
      const project = needCreated(ctx);
      const { projectAdmin } = await ctx.sessionKeys(['projectAdmin']);
      const login = ctx.target.accounts.projectAdmin.username;
      expectSuccess(
        await ctx.soap.call('getProjectServicesUsage', {
          session_key: projectAdmin,
          group_id: project.id,
        }),
        `getProjectServicesUsage of the new project ${project.id} as '${login}', whose session was addProject's sessionKey`,
      );
    },
  );

  conformanceTest(
    ['soap.addProject.privacy'],
    "addProject with privacy 'private' must create a private project: listed for its admin, not for an outsider",
    async (ctx) => {
      const { keys, template } = await setUp(ctx);
      await reserve(ctx, 1);
      const name = shortName('priv');
      expectSuccess(
        await addProject(ctx, newProject({ keys, template }, name, { privacy: 'private' })),
        `addProject '${name}' private`,
      );
      ctx.judging('soap.addProject.privacy', { reliesOn: LISTED_OVER_REST });
      expect(
        await findProject(ctx.http, ctx.target, 'projectAdmin', name),
        'the private project is listed for its admin',
      ).toBeDefined();
      ctx.judging('soap.addProject.privacy', {
        reliesOn: [...LISTED_OVER_REST, 'rest.projects.private-hidden'],
      });
      expect(
        await findProject(ctx.http, ctx.target, 'nonMember', name),
        'the private project is not listed for an outsider',
      ).toBeUndefined();
    },
  );

  conformanceTest(
    ['soap.addProject.default-template'],
    'addProject with templateId 100 (the default template) must create the project',
    async (ctx) => {
      const { keys, template } = await setUp(ctx);
      await reserve(ctx, 1);
      const name = shortName('tpl');
      expectSuccess(
        await addProject(ctx, newProject({ keys, template }, name, { templateId: 100 })),
        `addProject '${name}' from template 100`,
      );
      ctx.judging('soap.addProject.default-template', { reliesOn: LISTED_OVER_REST });
      expect(
        await findProject(ctx.http, ctx.target, 'projectAdmin', name),
        'the project is listed',
      ).toBeDefined();
    },
  );
});

describe('addProject refusals', () => {
  conformanceTest(
    ['soap.addProject.name-conflict'],
    'addProject with the short name of an existing project must fail',
    async (ctx) => {
      const { keys, template } = await setUp(ctx);
      await reserve(ctx, 1);
      const taken = ctx.fixtures.publicProject.shortName;
      expectAnyFault(
        await addProject(
          ctx,
          newProject({ keys, template }, taken, { publicName: 'Conformance conflict' }),
        ),
        `addProject '${taken}' (taken)`,
      );
      const listed = (await findProject(ctx.http, ctx.target, 'siteAdmin', taken))!;
      expect(listed?.id, 'the existing project keeps the short name').toBe(
        ctx.fixtures.publicProject.id,
      );
    },
  );

  conformanceTest(
    ['soap.addProject.fault.3102', 'soap.fault.nothing-changed'],
    'addProject with a short name that is no Unix name (a space) must answer fault 3102 and create nothing',
    async (ctx) => {
      const { keys, template } = await setUp(ctx);
      await reserve(ctx, 1);
      const name = `bad name ${++counter}`;
      ctx.judging('soap.addProject.fault.3102');
      expectFault(
        await addProject(
          ctx,
          newProject({ keys, template }, name, { publicName: 'Conformance bad name' }),
        ),
        3102,
        `addProject '${name}'`,
      );
      ctx.judging('soap.fault.nothing-changed', { reliesOn: ['soap.addProject.fault.3102'] });
      await expectNotCreated(ctx, name);
    },
    { cells: [faultCell('addProject', 3102, 'requester-with-site-admin-key')] },
  );

  conformanceTest(
    ['soap.addProject.fault.3103', 'soap.fault.nothing-changed'],
    'addProject with an empty publicName must answer fault 3103 and create nothing',
    async (ctx) => {
      const { keys, template } = await setUp(ctx);
      await reserve(ctx, 1);
      const name = shortName('nofn');
      ctx.judging('soap.addProject.fault.3103');
      expectFault(
        await addProject(ctx, newProject({ keys, template }, name, { publicName: '' })),
        3103,
        `addProject '${name}' with publicName ''`,
      );
      ctx.judging('soap.fault.nothing-changed', { reliesOn: ['soap.addProject.fault.3103'] });
      await expectNotCreated(ctx, name);
    },
    { cells: [faultCell('addProject', 3103, 'requester-with-site-admin-key')] },
  );

  soapFaultTests([
    {
      op: 'addProject',
      leaves: 'create nothing',
      async arrange(ctx) {
        const { siteAdmin } = await ctx.sessionKeys(['siteAdmin']);
        const name = shortName('nos');
        const send = (key: string) =>
          addProject(ctx, {
            sessionKey: key,
            adminSessionKey: siteAdmin,
            shortName: name,
            publicName: `Conformance ${name}`,
            privacy: 'public',
            templateId: ctx.target.fixtures.templateProjectId,
          });
        return {
          calls: [{ what: `'${name}'`, send }],
          unchanged: () => expectNotCreated(ctx, name),
        };
      },
    },
  ]);

  conformanceTest(
    ['soap.addProject.fault.3200', 'soap.auth.site-admin-creates', 'soap.fault.nothing-changed'],
    'addProject whose adminSessionKey is not the session of a site admin (a project admin, a project member, an outsider, or invalid) must answer fault 3200 and create nothing',
    async (ctx) => {
      const { keys, template } = await setUp(ctx);
      for (const [what, adminKey] of [
        ['the session of a project admin', keys.projectAdmin],
        ['the session of a project member', keys.projectMember],
        ['the session of a user in no project', keys.nonMember],
        ['an invalid key', `invalid-${inject('runTag')}`],
      ] as const) {
        const name = shortName('noa');
        const answer = await addProject(
          ctx,
          newProject({ keys, template }, name, { adminSessionKey: adminKey }),
        );
        const by = `addProject with ${what} as adminSessionKey`;
        // Refused at all (the rule), then with its §7.1 code (the pair).
        ctx.judging('soap.auth.site-admin-creates');
        expectAnyFault(answer, by);
        ctx.judging('soap.addProject.fault.3200');
        expectFault(answer, 3200, by);
        ctx.judging('soap.fault.nothing-changed', {
          reliesOn: ['soap.auth.site-admin-creates'],
        });
        await expectNotCreated(ctx, name);
      }
    },
    {
      cells: [
        faultCell('addProject', 3200, 'admin-key-of-project-admin'),
        faultCell('addProject', 3200, 'admin-key-of-project-member'),
        faultCell('addProject', 3200, 'admin-key-of-outsider'),
        faultCell('addProject', 3200, 'admin-key-invalid'),
      ],
    },
  );

  conformanceTest(
    ['soap.addProject.fault.3100', 'soap.fault.nothing-changed'],
    'addProject with a templateId no project has must answer fault 3100 and create nothing',
    async (ctx) => {
      const { keys, template } = await setUp(ctx);
      const name = shortName('notp');
      ctx.judging('soap.addProject.fault.3100');
      expectFault(
        await addProject(
          ctx,
          newProject({ keys, template }, name, { templateId: NO_SUCH_PROJECT }),
        ),
        3100,
        `addProject from template ${NO_SUCH_PROJECT}`,
      );
      ctx.judging('soap.fault.nothing-changed', { reliesOn: ['soap.addProject.fault.3100'] });
      await expectNotCreated(ctx, name);
    },
    { cells: [faultCell('addProject', 3100, 'requester-with-site-admin-key')] },
  );

  conformanceTest(
    ['soap.addProject.fault.3104', 'soap.fault.nothing-changed'],
    'addProject from a project that is not a template (and that the requester does not administer) must answer fault 3104 and create nothing',
    async (ctx) => {
      const { keys, template } = await setUp(ctx);
      const name = shortName('ntpl');
      // §4.2: created projects have project type 'Project' (not a template); the member is not its admin.
      ctx.judging('soap.addProject.fault.3104');
      expectFault(
        await addProject(
          ctx,
          newProject({ keys, template }, name, {
            sessionKey: keys.projectMember,
            templateId: ctx.fixtures.publicProject.id,
          }),
        ),
        3104,
        'addProject from the shared public project',
      );
      ctx.judging('soap.fault.nothing-changed', { reliesOn: ['soap.addProject.fault.3104'] });
      await expectNotCreated(ctx, name);
    },
    { cells: [faultCell('addProject', 3104, 'requester-with-site-admin-key')] },
  );

  conformanceTest(
    ['soap.addProject.fault.3001'],
    'property: addProject with an arbitrary invalid sessionKey must answer fault 3001',
    async (ctx) => {
      const { keys, template } = await setUp(ctx);
      const xmlText = /^[\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]*$/u;
      const key = fc
        .oneof(
          fc.string(),
          fc.string({ unit: codePointUnit() }),
          fc.string({ minLength: 100, maxLength: 2000 }),
        )
        .filter((k) => xmlText.test(k));
      // A refused call changes nothing: the runs are spread over lanes, concurrent chains of
      // requests, each naming its projects apart from the others'.
      await spreadProperty(
        lanes(KEY_LANES),
        propertyRun(50),
        (lane) => {
          let calls = 0;
          return fc.asyncProperty(key, async (k) => {
            const name = `cf-${inject('runTag')}-prop${lane}-${++calls}`.slice(0, 30);
            expectFault(
              await addProject(
                ctx,
                newProject({ keys, template }, name, {
                  sessionKey: k,
                  publicName: 'Conformance property',
                }),
              ),
              3001,
              `addProject with sessionKey ${JSON.stringify(k.slice(0, 40))}`,
            );
          });
        },
        (lane) => `lane ${lane}`,
      );
    },
    { cells: [faultCell('addProject', 3001, 'invalid-session')] },
  );

  for (const [code, failure] of [
    [3101, 'project-creation'],
    [3105, 'generic-user-creation'],
  ] as const) {
    conformanceTest(
      [`soap.addProject.fault.${code}`, 'soap.fault.nothing-changed'],
      `addProject failing with an internal ${failure} failure must answer fault ${code} and create nothing`,
      async (ctx) => {
        // No input provokes an internal failure of a working platform: test control arms one.
        ctx.requireCapability('failNext');
        const { keys, template } = await setUp(ctx);
        await reserve(ctx, 1);
        await armFailure(ctx.http, {
          operation: 'addProject',
          failure,
          sessionKey: keys.projectAdmin,
        });
        const name = shortName(`f${code}`);
        ctx.judging(`soap.addProject.fault.${code}`);
        expectFault(
          await addProject(ctx, newProject({ keys, template }, name)),
          code,
          `addProject '${name}' after POST /__conformance/fail-next {"failure": "${failure}"}`,
        );
        ctx.judging('soap.fault.nothing-changed', { reliesOn: [`soap.addProject.fault.${code}`] });
        await expectNotCreated(ctx, name);
      },
      { cells: [faultCell('addProject', code, 'requester-with-site-admin-key')] },
    );
  }
});

describe('the addProject quota (§8)', () => {
  conformanceTest(
    ['soap.addProject.fault.4000', 'soap.fault.nothing-changed', 'soap.quota.threshold'],
    'once the quota of projects per hour is reached, addProject must answer fault 4000 and create nothing; an hour later it creates again',
    async (ctx) => {
      ctx.requireCapability('testControl');
      const { keys, template } = await setUp(ctx);
      const quota = ctx.target.projectQuotaPerHour;
      await openNewHour(ctx);
      await reserve(ctx, quota);
      for (let i = 1; i <= quota; i++) {
        const name = shortName('q');
        expectSuccess(
          await addProject(ctx, newProject({ keys, template }, name)),
          `project ${i} of the ${quota} the profile's quota allows in an hour`,
        );
      }
      const name = shortName('over');
      const args = {
        sessionKey: keys.projectAdmin,
        adminSessionKey: keys.siteAdmin,
        shortName: name,
        publicName: `Conformance ${name}`,
        privacy: 'public',
        templateId: template,
      };
      expectFault(await addProject(ctx, args), 4000, `project ${quota + 1} within the hour`);
      await expectNotCreated(ctx, name);
      await openNewHour(ctx);
      budget.left -= 1;
      expectSuccess(await addProject(ctx, args), 'the same call an hour later');
    },
    { cells: [faultCell('addProject', 4000, 'requester-with-site-admin-key')] },
  );
});

describe('observed rules (the spec leaves them open)', () => {
  conformanceTest(
    ['soap.addProject.privacy-other-values'],
    "what a privacy other than 'public' or 'private' creates is observed: a private project",
    async (ctx) => {
      const { keys, template } = await setUp(ctx);
      await reserve(ctx, 1);
      const name = shortName('odd');
      expectSuccess(
        await addProject(ctx, newProject({ keys, template }, name, { privacy: 'Public ' })),
        `addProject '${name}' with privacy 'Public '`,
      );
      expect(
        await findProject(ctx.http, ctx.target, 'projectAdmin', name),
        'listed for its admin',
      ).toBeDefined();
      expect(
        await findProject(ctx.http, ctx.target, 'nonMember', name),
        'not listed for an outsider (private)',
      ).toBeUndefined();
    },
  );

  conformanceTest(
    ['soap.addProject.name-rules'],
    'property: which short names are accepted is observed: exactly those of the real system (^[A-Za-z][A-Za-z0-9-]{2,29}$, not reserved, not taken)',
    async (ctx) => {
      ctx.requireCapability('testControl');
      const { keys, template } = await setUp(ctx);
      const tag = inject('runTag');
      const valid = /^[A-Za-z][A-Za-z0-9-]{2,29}$/;
      // Each generated name is made unique with a counter (a repeat would be refused as taken).
      const name = fc.oneof(
        fc
          .string({ unit: fc.constantFrom(...'abcxyzABZ0189-'), minLength: 0, maxLength: 8 })
          .map((s) => () => `${s}${tag}${++counter}`),
        fc
          .string({ unit: fc.constantFrom(...'ab9-_. é<&'), minLength: 1, maxLength: 6 })
          .map((s) => () => `q${tag}${++counter}${s}`),
        fc
          .constantFrom('www', 'root', 'git', 'Mail2', `forge__${tag}`, 'ab', `a${'b'.repeat(30)}`)
          .map((s) => () => s),
      );
      await fc.assert(
        fc.asyncProperty(name, async (make) => {
          const n = make();
          await reserve(ctx, 1);
          const answer = await addProject(
            ctx,
            newProject({ keys, template }, n, { publicName: `Conformance ${tag}` }),
          );
          const reserved =
            /^((www|cvs|shell|ftp|irc|news|mail|ns|download)[0-9]?|root|git|forge__.*)$/i.test(n);
          if (valid.test(n) && !reserved)
            expectSuccess(answer, `addProject '${n}' (valid for the real system)`);
          else expectFault(answer, 3102, `addProject '${n}' (invalid for the real system)`);
        }),
        propertyRun(12),
      );
    },
  );
});

describe('answers are sent as text/xml', () => {
  // The answer of the public project's creation above: no project more against the quota.
  successMessageTests('addProject', {
    how: 'that created the public project (the creation test above)',
    rule: 'soap.addProject.creates',
    answer: (ctx) => Promise.resolve(needCreated(ctx).answer),
  });

  faultMessageTests('addProject', {
    how: 'with an invalid sessionKey (3001)',
    rule: 'soap.addProject.fault.3001',
    async answer(ctx) {
      const { keys, template } = await setUp(ctx);
      const name = shortName('msgf');
      return addProject(
        ctx,
        newProject({ keys, template }, name, { sessionKey: `invalid-${inject('runTag')}` }),
      );
    },
  });
});
