/**
 * Frame conditions (§4.2): a write changes only what the spec says it changes. Each cell is one
 * write × one neighbour of what it writes that must stay as it was, read back after the write
 * (docs/what-the-suites-assume.md, "Frame conditions"). setProjectGenericUser is judged on the
 * other projects only: the project's own members are the real system's business (the generic
 * user joins them) and change meanwhile; unsetGenericUser's effect is not shown (§4.2 #14).
 */
import { cellId, type MatrixCell } from './types.ts';

/**
 * - template: everything of the template a project is created from (representation, services,
 *   description values, user groups);
 * - other-project: the same kind of state in projects the write does not name;
 * - other-member: the project's other members and admins;
 * - same-user-other-group: the same user in the project's other user groups;
 * - other-service / other-field: the project's other services, other description fields.
 */
export type Neighbour =
  | 'template'
  | 'other-project'
  | 'other-member'
  | 'same-user-other-group'
  | 'other-service'
  | 'other-field';

const MEMBERSHIP: readonly Neighbour[] = ['other-member', 'same-user-other-group', 'other-project'];

/** Each write of §4.2 with the neighbours its checks read back, and its section. */
export const FRAME_WRITES = {
  addProject: { section: '§4.2 #2', neighbours: ['template', 'other-project'] },
  addProjectMember: { section: '§4.2 #3', neighbours: MEMBERSHIP },
  addUserToUGroup: { section: '§4.2 #4', neighbours: MEMBERSHIP },
  removeProjectMember: { section: '§4.2 #10', neighbours: MEMBERSHIP },
  removeUserFromUGroup: { section: '§4.2 #11', neighbours: MEMBERSHIP },
  activateService: { section: '§4.2 #1', neighbours: ['other-service', 'other-project'] },
  deactivateService: { section: '§4.2 #5', neighbours: ['other-service', 'other-project'] },
  setProjectDescriptionFieldValue: {
    section: '§4.2 #12',
    neighbours: ['other-field', 'other-project'],
  },
  setProjectGenericUser: { section: '§4.2 #13', neighbours: ['other-project'] },
} as const satisfies Record<string, { section: string; neighbours: readonly Neighbour[] }>;

export type FrameWrite = keyof typeof FRAME_WRITES;

const WORDS: Record<Neighbour, string> = {
  template: "the template's representation, services, description values and user groups",
  'other-project': 'the same kind of state in the projects the write does not name',
  'other-member': "the project's other members and admins",
  'same-user-other-group': "the same user in the project's other user groups",
  'other-service': "the project's other services",
  'other-field': "the project's other description fields",
};

/** The id of a frame cell: 'frame removeProjectMember other-member'. */
export function frameCell(write: FrameWrite, neighbour: Neighbour): string {
  return cellId('frame', write, neighbour);
}

/** The cells of `write`: what a test that reads back all its neighbours names. */
export function frameCells(write: FrameWrite, only?: readonly Neighbour[]): string[] {
  const all: readonly Neighbour[] = FRAME_WRITES[write].neighbours;
  return all.filter((n) => only === undefined || only.includes(n)).map((n) => frameCell(write, n));
}

export const FRAME_CELLS: readonly MatrixCell[] = Object.entries(FRAME_WRITES).flatMap(
  ([write, { section, neighbours }]) =>
    (neighbours as readonly Neighbour[]).map((neighbour) => ({
      id: frameCell(write as FrameWrite, neighbour),
      dimension: 'frame' as const,
      sections: [section],
      expected: `after ${write}, ${WORDS[neighbour]} read back as before`,
    })),
);
