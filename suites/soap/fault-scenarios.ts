/**
 * §7.1 pairs that share a scenario: one row per (operation, code, scenario), generated from the
 * fault cells of the coverage matrix (spec/matrix/faults.ts), and each scenario written once here.
 * A suite file describes, per operation, how a valid call is made and what a refused one must
 * leave unchanged (a FaultSubject); soapFaultTests() then declares the tests of the rows of those
 * operations, each with its cells. The operation-specific faults (3019, 3108, 3202, …) stay in the
 * suite files; a bad argument from a caller without rights is argument-faults.test.ts's.
 */
import { inject } from 'vitest';
import { conformanceTest, type ConformanceContext } from '../../lib/kit/conformance-test.ts';
import { foreignAdminKey } from '../../lib/kit/fixtures/foreign-admin.ts';
import type { SoapAnswer } from '../../lib/kit/soap/client.ts';
import { expectAnyFault, expectFault } from '../../lib/kit/soap/expect.ts';
import { FAULT_CELLS, permissionCode, type FaultCell } from '../../spec/matrix/faults.ts';
import { soapOperation, type FaultCodeOf, type OperationName } from '../../spec/soap-operations.ts';
import { expectOneOfFaults } from './one-of-faults.ts';
import { NO_SUCH_PROJECT } from '../../lib/kit/no-such-ids.ts';

export type Scenario =
  /** 3000: the project's admin and a site admin call on a project id no target has. */
  | 'unknown-project'
  /** A project member and an outsider call on a project they do not administer (§5.1.2). */
  | 'non-admin'
  /** The admin of another project calls (§5.1.2: "of that project"). */
  | 'foreign-admin'
  /** 3001: the session key is not a session. */
  | 'invalid-session';

export type FaultRow = {
  [N in OperationName]: {
    op: N;
    code: FaultCodeOf<N>;
    scenario: Scenario;
    /** The cells of the coverage matrix (spec/matrix/faults.ts) the row's test judges. */
    cells: readonly string[];
  };
}[OperationName];

/** The scenario that reaches a cell; undefined for the cells the suite files judge themselves. */
function scenarioOf(cell: FaultCell): Scenario | undefined {
  if (cell.code === 'refused' || cell.either) return undefined;
  if (cell.code === 3000) return 'unknown-project';
  if (cell.actor === 'invalid-session') return 'invalid-session';
  if (cell.code !== permissionCode(cell.op)) return undefined;
  if (cell.actor === 'other-project-admin') return 'foreign-admin';
  if (cell.actor === 'project-member' || cell.actor === 'outsider') return 'non-admin';
  return undefined;
}

/** One row per (operation, code, scenario) of the matrix, with the cells it judges. */
export const FAULT_SCENARIOS: readonly FaultRow[] = (() => {
  const rows = new Map<string, FaultRow>();
  for (const cell of FAULT_CELLS) {
    const scenario = scenarioOf(cell);
    if (!scenario) continue;
    const key = `${cell.op} ${cell.code} ${scenario}`;
    const row = rows.get(key);
    if (row) (row.cells as string[]).push(cell.id);
    else rows.set(key, { op: cell.op, code: cell.code, scenario, cells: [cell.id] } as FaultRow);
  }
  return [...rows.values()];
})();

/** Who makes the refused call. */
export type Caller = 'projectAdmin' | 'siteAdmin' | 'projectMember' | 'nonMember' | 'foreignAdmin';

/** One call of the operation whose session key (and, for unknown-project, project) a scenario sets. */
export interface Call {
  /** How the assertion messages name the call's object, e.g. "wiki" or "field 3" (per caller). */
  what: string | ((caller: Caller) => string);
  /**
   * The call with `key` as the session, every other part valid; on `project` when the scenario
   * gives one (unknown-project), else on the project the arrangement chose.
   */
  send: (key: string, caller: Caller, project?: number) => Promise<SoapAnswer>;
}

/** The operation made ready for one scenario by its suite file: each call is tried by each caller. */
export interface Arranged {
  calls: readonly Call[];
  /**
   * Reads back what the refused calls must have left as it was (soap.fault.nothing-changed); run
   * for the scenarios the subject's `leaves` names.
   */
  unchanged?: () => Promise<void>;
  /**
   * The rules the read-back relies on besides the operations it calls (whose §7.1 checks name
   * themselves): the arrangement's writes, e.g. soap.addProjectMember.effect for a member the
   * admin added, so that a read-back contradicted by a write that did not happen is blocked by it.
   */
  unchangedRelies?: readonly RequirementId[];
  /** Runs after the scenario, passed or failed: puts back what the arrangement changed. */
  restore?(): Promise<void>;
}

export interface FaultSubject {
  op: OperationName;
  /** How titles place the project: "getProjectServicesUsage of a project …" for a read. */
  preposition?: 'on' | 'of';
  /**
   * What a refused call leaves, for the titles ("… and add nobody"); set when the operation
   * changes something, and then its arrangements read it back (`unchanged`).
   */
  leaves?: string | Partial<Record<Scenario, string>>;
  /** A title that says more than the generated one, per scenario. */
  titles?: Partial<Record<Scenario, string>>;
  arrange(ctx: ConformanceContext, scenario: Scenario): Arranged | Promise<Arranged>;
}

/**
 * A read operation of the public project (its parts session_key and group_id) as a subject: one
 * call, which changes nothing.
 */
export function readingPublicProject(
  op: 'getProjectServicesUsage' | 'getProjectDescriptionFieldsValue',
): FaultSubject {
  return {
    op,
    preposition: 'of',
    arrange(ctx) {
      const project = ctx.fixtures.publicProject.id;
      const send = (key: string, _by: Caller, on = project) =>
        ctx.soap.call(op, { session_key: key, group_id: on });
      return { calls: [{ what: `of project ${project}`, send }] };
    },
  };
}

const NON_ADMINS = ['projectMember', 'nonMember'] as const;
const FOREIGN_ADMIN = 'the projectMember, who administers another project';

function leavesOf(subject: FaultSubject, scenario: Scenario): string | undefined {
  return typeof subject.leaves === 'string' ? subject.leaves : subject.leaves?.[scenario];
}

function titleOf(row: FaultRow, subject: FaultSubject): string {
  const own = subject.titles?.[row.scenario];
  if (own) return own;
  const leaves = leavesOf(subject, row.scenario);
  const answer = `must answer fault ${row.code}${leaves ? ` and ${leaves}` : ''}`;
  switch (row.scenario) {
    case 'unknown-project':
      return `${row.op} ${subject.preposition ?? 'on'} a project that does not exist, by its admin or a site admin, ${answer}`;
    case 'non-admin':
      return `${row.op} by a project member or an outsider (not project admin) ${answer}`;
    case 'foreign-admin':
      return `${row.op} by the admin of another project ${answer}`;
    case 'invalid-session':
      return `${row.op} with an invalid ${soapOperation(row.op).inputs[0]![0]} ${answer}`;
  }
}

type RequirementIds = Parameters<typeof conformanceTest>[0];
type RequirementId = RequirementIds[number];

/**
 * The pair's own id soap.<op>.fault.<code> (the row's code is one §7.1 lists for the operation:
 * FaultCodeOf), with the rules the scenario also checks. conformanceTest checks every id against
 * the catalogue when the suite loads.
 */
function requirementsOf(row: FaultRow, subject: FaultSubject): RequirementIds {
  const permission = row.scenario === 'non-admin' || row.scenario === 'foreign-admin';
  return [
    `soap.${row.op}.fault.${row.code}`,
    ...(permission ? ['soap.auth.project-admin'] : []),
    ...(leavesOf(subject, row.scenario) ? ['soap.fault.nothing-changed'] : []),
  ] as RequirementIds;
}

/** Judges one refused call: `codes` the faults it may answer (the row's code when absent). */
type Judge = (answer: SoapAnswer, by: string, codes?: readonly number[]) => void;

/**
 * Whether a site admin may run the project operations on a project he does not administer
 * (soap.auth.site-admin, observed): getProjectServicesUsage of the shared public project.
 */
async function siteAdminAdministers(ctx: ConformanceContext, key: string): Promise<boolean> {
  const answer = await ctx.soap.call('getProjectServicesUsage', {
    session_key: key,
    group_id: ctx.fixtures.publicProject.id,
  });
  return answer.fault === undefined;
}

/** Each scenario, once: who tries one call, with which session key, on which project. */
const TRY: Record<
  Scenario,
  (ctx: ConformanceContext, call: Call, judge: Judge, row: FaultRow) => Promise<void>
> = {
  async 'unknown-project'(ctx, { what, send }, judge, row) {
    const { projectAdmin, siteAdmin } = await ctx.sessionKeys(['projectAdmin', 'siteAdmin']);
    judge(
      await send(projectAdmin, 'projectAdmin', NO_SUCH_PROJECT),
      `${named(what, 'projectAdmin')} on project ${NO_SUCH_PROJECT}`,
    );
    // A site admin who may administer every project must get 3000 like an admin; on a target
    // that lets him administer none but his own, the checks' order is open (§7.1 orders none).
    const everywhere = await siteAdminAdministers(ctx, siteAdmin);
    const denied = permissionCode(row.op);
    judge(
      await send(siteAdmin, 'siteAdmin', NO_SUCH_PROJECT),
      `${named(what, 'siteAdmin')} on project ${NO_SUCH_PROJECT} by the site admin` +
        (everywhere ? ' (who administers the projects he is not admin of)' : ''),
      everywhere || denied === undefined ? undefined : [row.code, denied],
    );
  },
  async 'non-admin'(ctx, { what, send }, judge) {
    const keys = await ctx.sessionKeys(NON_ADMINS);
    for (const role of NON_ADMINS)
      judge(await send(keys[role], role), `${named(what, role)} by the ${role}`);
  },
  async 'foreign-admin'(ctx, { what, send }, judge) {
    // Its admin rights on its own project are confirmed first (lib/kit/fixtures/foreign-admin.ts).
    const key = await foreignAdminKey(ctx);
    judge(await send(key, 'foreignAdmin'), `${named(what, 'foreignAdmin')} by ${FOREIGN_ADMIN}`);
  },
  async 'invalid-session'(_ctx, { what, send }, judge) {
    judge(
      await send(`invalid-${inject('runTag')}`, 'projectAdmin'),
      `${named(what, 'projectAdmin')} with an invalid session key`,
    );
  },
};

function named(what: Call['what'], caller: Caller): string {
  return typeof what === 'string' ? what : what(caller);
}

/**
 * One assertion, one requirement (lib/kit/judging.ts): a caller without rights must be refused at
 * all (soap.auth.project-admin: an answer that is no fault breaks that rule, and the code is not
 * judged), then with the pair's code (soap.<op>.fault.<code>); what the refused calls leave is
 * soap.fault.nothing-changed, relying on the arrangement's writes.
 */
async function run(ctx: ConformanceContext, row: FaultRow, subject: FaultSubject): Promise<void> {
  const arranged = await subject.arrange(ctx, row.scenario);
  const readBack = leavesOf(subject, row.scenario) ? arranged.unchanged : undefined;
  if (leavesOf(subject, row.scenario) && !readBack)
    throw new Error(`the ${row.op} arrangement for '${row.scenario}' reads nothing back`);
  const pair = `soap.${row.op}.fault.${row.code}` as RequirementId;
  const permission = row.scenario === 'non-admin' || row.scenario === 'foreign-admin';
  const judge: Judge = (answer, by, codes) => {
    const what = `${row.op} ${by}`;
    if (permission) {
      ctx.judging('soap.auth.project-admin');
      expectAnyFault(answer, what);
    }
    ctx.judging(pair);
    if (codes) expectOneOfFaults(answer, codes, what);
    else expectFault(answer, row.code, what);
  };
  try {
    for (const call of arranged.calls) await TRY[row.scenario](ctx, call, judge, row);
    if (readBack) {
      ctx.judging('soap.fault.nothing-changed', { reliesOn: arranged.unchangedRelies ?? [] });
      await readBack();
    }
  } finally {
    await arranged.restore?.();
  }
}

/**
 * Declares the tests of the FAULT_SCENARIOS rows of these operations (of these scenarios only,
 * when given: a file may place them in several describe blocks).
 */
export function soapFaultTests(
  subjects: readonly FaultSubject[],
  scenarios?: readonly Scenario[],
): void {
  for (const subject of subjects) {
    const rows = FAULT_SCENARIOS.filter(
      (row) => row.op === subject.op && (scenarios ?? [row.scenario]).includes(row.scenario),
    );
    if (rows.length === 0)
      throw new Error(`FAULT_SCENARIOS has no row of ${subject.op} for [${scenarios?.join(', ')}]`);
    for (const row of rows)
      conformanceTest(
        requirementsOf(row, subject),
        titleOf(row, subject),
        (ctx) => run(ctx, row, subject),
        { cells: row.cells },
      );
  }
}
