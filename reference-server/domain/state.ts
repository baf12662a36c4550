/** The whole domain state of one server instance: pure data and rules, no HTTP or SOAP types. */
import { ArmedFailures } from './armed-failures.ts';
import { Artifacts } from './artifacts.ts';
import type { Clock } from './clock.ts';
import type { DomainHooks } from './hooks.ts';
import { SEEDED_DESCRIPTION_FIELDS, type DescriptionField } from './description-fields.ts';
import { ProjectAdmin, type ProjectAdminDeps } from './project-admin.ts';
import { PROJECT_ADMINS_UGROUP, Projects } from './projects.ts';
import { Quota } from './quota.ts';
import {
  ISSUES_TRACKER,
  SEEDED_PROJECTS,
  SEEDED_USERS,
  TEMPLATE_LATER_UGROUPS,
  TEMPLATE_SERVICES,
} from './seed.ts';
import { Sessions } from './sessions.ts';
import { TOKEN_LIFETIME_MS, Tokens } from './tokens.ts';
import { Trackers } from './trackers.ts';
import { Users } from './users.ts';

export interface DomainState {
  clock: Clock;
  users: Users;
  tokens: Tokens;
  sessions: Sessions;
  projects: Projects;
  trackers: Trackers;
  artifacts: Artifacts;
  descriptionFields: DescriptionField[];
  projectAdmin: ProjectAdmin;
  /** Named behaviour hooks (hooks.ts); none in the correct server. */
  hooks: DomainHooks;
  /** Test control's fail-next (design.md): armed only through POST /__conformance/fail-next. */
  armedFailures: ArmedFailures;
}

export interface StateOptions {
  /** addProject calls per hour, platform-wide (§8; the real system's default is 10). */
  projectQuota?: number;
  descriptionFields?: DescriptionField[];
  /** The user group that holds a project's admins (the real system's 4); null: there is none. */
  adminsUgroupId?: number | null;
  /** How long a token lasts (§5.2.5: 24 hours). */
  tokenLifetimeMs?: number;
  hooks?: DomainHooks;
  /** Builds the project administration (§4.2) from its parts; by default the domain's own. */
  projectAdmin?: (deps: ProjectAdminDeps) => ProjectAdmin;
}

export function createState(clock: Clock, options: StateOptions = {}): DomainState {
  const users = new Users();
  for (const user of SEEDED_USERS) users.add(user);
  const projects = seedProjects();
  const trackers = new Trackers();
  for (const seed of SEEDED_PROJECTS) trackers.create(seed.id, structuredClone(ISSUES_TRACKER));
  const sessions = new Sessions(clock);
  const armedFailures = new ArmedFailures();
  const hooks = options.hooks ?? {};
  const descriptionFields = [...(options.descriptionFields ?? SEEDED_DESCRIPTION_FIELDS)];
  const projectAdmin = (options.projectAdmin ?? ((deps) => new ProjectAdmin(deps)))({
    users,
    projects,
    sessions,
    quota: new Quota(clock, options.projectQuota ?? 10),
    descriptionFields,
    adminsUgroupId:
      options.adminsUgroupId === undefined ? PROJECT_ADMINS_UGROUP : options.adminsUgroupId,
    armedFailures,
    hooks,
    onProjectCreated: (project, template) => trackers.copy(template.id, project.id),
  });
  return {
    clock,
    users,
    tokens: new Tokens(clock, options.tokenLifetimeMs ?? TOKEN_LIFETIME_MS),
    sessions,
    projects,
    trackers,
    artifacts: new Artifacts(clock),
    descriptionFields,
    projectAdmin,
    hooks,
    armedFailures,
  };
}

function seedProjects(): Projects {
  const projects = seedEachProject();
  const template = projects.get(SEEDED_PROJECTS[0].id)!;
  for (const name of TEMPLATE_LATER_UGROUPS) {
    const id = projects.ugroupId();
    template.ugroups.set(id, { id, name, members: new Set<number>() });
  }
  return projects;
}

function seedEachProject(): Projects {
  const projects = new Projects();
  for (const seed of SEEDED_PROJECTS) {
    projects.add({
      id: seed.id,
      shortName: seed.shortName,
      publicName: seed.publicName,
      privacy: seed.privacy,
      isTemplate: seed.isTemplate,
      status: 'A',
      projectType: seed.isTemplate ? 'Template' : 'Project',
      members: new Set(seed.members),
      admins: new Set(seed.admins),
      ugroups: new Map(
        seed.ugroups.map((name) => {
          const id = projects.ugroupId();
          return [id, { id, name, members: new Set<number>() }];
        }),
      ),
      services: TEMPLATE_SERVICES.map(([shortName, isUsed], rank) => ({
        id: projects.serviceId(),
        shortName,
        isUsed,
        rank,
      })),
      description: '',
      descriptionValues: new Map(),
    });
  }
  return projects;
}
