/**
 * §7.1 × §5.1: every (operation, code) pair over every actor class the two sections tell apart.
 * The pairs come from spec/soap-operations.ts (§7.1 "Codes per operation"); what each code is about
 * (a project, a permission, a session, an argument, an internal failure) decides which callers
 * reach it. The generic-user operations, whose codes are not shown, add one cell per caller who
 * must be refused with some fault (§5.1.2).
 */
import { SOAP_FAULT_MEANINGS, SOAP_OPERATIONS, type OperationName } from '../soap-operations.ts';
import { cellId, type MatrixCell } from './types.ts';

/** The callers §5.1 and §7.1 tell apart. */
export type ActorClass =
  /** The admin of the project the call names (§5.1.2). */
  | 'project-admin'
  /** A site admin who does not administer that project (soap.auth.site-admin: observed). */
  | 'site-admin'
  /** A member of the project who is not its admin. */
  | 'project-member'
  /** A user outside the project. */
  | 'outsider'
  /** The admin of another project (§5.1.2: "of that project"). */
  | 'other-project-admin'
  /** A session key that is no session (§7.1 3001). */
  | 'invalid-session'
  /** addProject whose adminSessionKey is not a site admin's (§5.1.3, §7.1 3200). */
  | 'admin-key-invalid'
  | 'admin-key-of-project-admin'
  | 'admin-key-of-project-member'
  | 'admin-key-of-outsider'
  /** addProject by a valid requester with a site admin's adminSessionKey: past the session checks. */
  | 'requester-with-site-admin-key'
  /** Any valid session (an operation on the platform, not on a project). */
  | 'valid-session';

/** The codes that are no argument of the call: what reaches them is the caller or the platform. */
const SESSION = 3001;
const PROJECT = 3000;
const SITE_ADMIN = 3200;
/** Internal failures no input provokes: test control arms one (POST /__conformance/fail-next). */
const FAIL_NEXT: ReadonlySet<number> = new Set([3101, 3105, 3107]);
/** The quota of §8: reached by creating projects, the hour moved by test control. */
const QUOTA = 4000;

/** §7.1 3203 on the operations where it is about an argument, not the caller's rights. */
const ARGUMENT_3203: Readonly<Partial<Record<OperationName, string>>> = {
  addUserToUGroup: 'Invalid user id',
  removeUserFromUGroup: 'Invalid user id',
  removeProjectMember: 'User not member of project',
};

export interface FaultCell extends MatrixCell {
  dimension: 'fault';
  op: OperationName;
  /** The §7.1 code; 'refused' where the codes are not shown (any fault is a refusal). */
  code: number | 'refused';
  actor: ActorClass;
  /**
   * Where the spec does not order the checks (a caller without rights passing a bad argument):
   * every code a conforming target may answer. Absent: `code` alone.
   */
  either?: readonly number[];
}

/**
 * §7.1: the code that refuses a caller who is not the project's admin. 3201, or 3203 on the
 * operations whose 3203 means "permission denied" (those that list 3203 without 3201).
 */
export function permissionCode(op: OperationName): number | undefined {
  const codes = SOAP_OPERATIONS.find((o) => o.name === op)?.faults ?? [];
  if (!codes.includes(PROJECT)) return undefined;
  if (codes.includes(3201)) return 3201;
  if (codes.includes(3203) && !ARGUMENT_3203[op]) return 3203;
  return undefined;
}

function meaning(op: OperationName, code: number): string {
  if (code === 3203) return ARGUMENT_3203[op] ?? 'Permission denied: need to be project admin';
  return SOAP_FAULT_MEANINGS[code] ?? `code ${code}`;
}

const WHO: Readonly<Record<ActorClass, string>> = {
  'project-admin': "the project's admin",
  'site-admin': 'a site admin',
  'project-member': 'a project member (not admin)',
  outsider: 'an outsider',
  'other-project-admin': 'the admin of another project',
  'invalid-session': 'a session key that is no session',
  'admin-key-invalid': 'an adminSessionKey that is no session',
  'admin-key-of-project-admin':
    'the session of a project admin (not site admin) as adminSessionKey',
  'admin-key-of-project-member':
    'the session of a project member (not site admin) as adminSessionKey',
  'admin-key-of-outsider': 'the session of a user in no project as adminSessionKey',
  'requester-with-site-admin-key': "a valid sessionKey and a site admin's adminSessionKey",
  'valid-session': 'a valid session',
};

function cell(
  op: OperationName,
  code: number | 'refused',
  actor: ActorClass,
  sections: readonly string[],
  expected: string,
  extra: Pick<FaultCell, 'either'> = {},
): FaultCell {
  return {
    id: cellId('fault', op, code, actor),
    dimension: 'fault',
    sections,
    expected,
    op,
    code,
    actor,
    ...extra,
  };
}

const fault = (op: OperationName, code: number) => `fault ${code} (${meaning(op, code)})`;

function cellsOf(op: OperationName, codes: readonly number[]): FaultCell[] {
  const denied = permissionCode(op);
  return codes.flatMap((code): FaultCell[] => {
    const by = (actor: ActorClass) =>
      `${op} ${actor.startsWith('admin-key') || actor.startsWith('requester') ? 'with' : 'by'} ${WHO[actor]}`;
    if (code === PROJECT)
      return (['project-admin', 'site-admin'] as const).map((actor) =>
        cell(
          op,
          code,
          actor,
          ['§7.1', '§5.1'],
          `${by(actor)} on a project that does not exist: ${fault(op, code)}` +
            (actor === 'site-admin'
              ? `; a target that lets no site admin administer others' projects may answer ${denied} instead (the spec does not order the checks)`
              : ''),
        ),
      );
    if (code === denied)
      return (['project-member', 'outsider', 'other-project-admin'] as const).map((actor) =>
        cell(
          op,
          code,
          actor,
          ['§7.1', '§5.1'],
          `${by(actor)} on a project that exists: ${fault(op, code)}, and nothing changed`,
        ),
      );
    if (code === SESSION)
      return [
        cell(
          op,
          code,
          'invalid-session',
          ['§7.1', '§5.1'],
          `${by('invalid-session')}: ${fault(op, code)}, nothing created`,
        ),
      ];
    if (code === SITE_ADMIN)
      return (
        [
          'admin-key-invalid',
          'admin-key-of-project-admin',
          'admin-key-of-project-member',
          'admin-key-of-outsider',
        ] as const
      ).map((actor) =>
        cell(
          op,
          code,
          actor,
          ['§7.1', '§5.1'],
          `${by(actor)}: ${fault(op, code)}, nothing created`,
        ),
      );
    if (FAIL_NEXT.has(code) || code === QUOTA) {
      const actor = op === 'addProject' ? 'requester-with-site-admin-key' : 'valid-session';
      const when =
        code === QUOTA
          ? 'once the hour has its quota of projects (§8)'
          : 'when the call fails as §7.1 describes (armed by test control: no input provokes it)';
      return [cell(op, code, actor, ['§7.1', '§5.1'], `${by(actor)} ${when}: ${fault(op, code)}`)];
    }
    // An argument the code describes: reached by the caller who passes the permission check.
    if (op === 'addProject')
      return [
        cell(
          op,
          code,
          'requester-with-site-admin-key',
          ['§7.1', '§5.1'],
          `${by('requester-with-site-admin-key')}, with what ${code} describes: ${fault(op, code)}, nothing created`,
        ),
      ];
    if (denied === undefined) throw new Error(`§7.1 ${op} ${code}: no permission code known`);
    return [
      cell(
        op,
        code,
        'project-admin',
        ['§7.1', '§5.1'],
        `${by('project-admin')}, with what ${code} describes: ${fault(op, code)}, and nothing changed`,
      ),
      // §5.1.2 and §7.1 do not say which check comes first: either code is a refusal.
      cell(
        op,
        code,
        'outsider',
        ['§7.1', '§5.1'],
        `${by('outsider')}, with what ${code} describes: ${fault(op, code)} or ${fault(op, denied)} (the spec does not order the checks), and nothing changed`,
        { either: [code, denied] },
      ),
    ];
  });
}

/** §5.1.2: the generic-user operations act on a project; their codes are not shown (§7.1). */
function refusalsOf(op: OperationName): FaultCell[] {
  return (['project-member', 'outsider', 'other-project-admin'] as const).map((actor) =>
    cell(
      op,
      'refused',
      actor,
      ['§5.1', '§7.1'],
      `${op} by ${WHO[actor]}: refused with a fault (code not shown), the generic user and its password as they were`,
    ),
  );
}

export const FAULT_CELLS: readonly FaultCell[] = SOAP_OPERATIONS.flatMap((op) =>
  op.faults ? cellsOf(op.name, op.faults) : refusalsOf(op.name),
);

const BY_ID = new Map(FAULT_CELLS.map((c) => [c.id, c]));

/** The id of a cell that must exist: a typo, or a cell the table no longer has, throws. */
export function faultCell(op: OperationName, code: number | 'refused', actor: ActorClass): string {
  const id = cellId('fault', op, code, actor);
  if (!BY_ID.has(id)) throw new Error(`no fault cell '${id}' (spec/matrix/faults.ts)`);
  return id;
}
