/** The whole domain state of one server instance: pure data and rules, no HTTP or SOAP types. */
import { Faults } from '../faults.ts';
import { OTHER_ADMINS_UGROUP, Variants } from '../variants.ts';
import { ArmedFailures } from './armed-failures.ts';
import { Artifacts } from './artifacts.ts';
import type { Clock } from './clock.ts';
import { SEEDED_DESCRIPTION_FIELDS, type DescriptionField } from './description-fields.ts';
import { ProjectAdmin } from './project-admin.ts';
import { PROJECT_ADMINS_UGROUP, Projects } from './projects.ts';
import { Quota } from './quota.ts';
import { ISSUES_TRACKER, SEEDED_PROJECTS, SEEDED_USERS, TEMPLATE_SERVICES } from './seed.ts';
import { Sessions } from './sessions.ts';
import { TOKEN_LIFETIME_MS, Tokens } from './tokens.ts';
import { Trackers, type TrackerBlueprint } from './trackers.ts';
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
  /** Planted faults (reference-server/faults.ts); none by default. */
  faults: Faults;
  /** Other choices the spec allows (reference-server/variants.ts); none by default. */
  variants: Variants;
  /** Test control's fail-next (design.md): armed only through POST /__conformance/fail-next. */
  armedFailures: ArmedFailures;
}

export interface StateOptions {
  /** addProject calls per hour, platform-wide (§8; the real system's default is 10). */
  projectQuota?: number;
  descriptionFields?: DescriptionField[];
  faults?: Faults;
  variants?: Variants;
}

export function createState(clock: Clock, options: StateOptions = {}): DomainState {
  const faults = options.faults ?? new Faults();
  const variants = options.variants ?? new Variants();
  const users = new Users();
  for (const user of SEEDED_USERS) users.add(user);
  const projects = seedProjects();
  const trackers = new Trackers();
  for (const seed of SEEDED_PROJECTS)
    trackers.create(seed.id, structuredClone(ISSUES_TRACKER) as TrackerBlueprint);
  const sessions = new Sessions(clock);
  const armedFailures = new ArmedFailures();
  const descriptionFields = variants.on('no-description-fields')
    ? []
    : [...(options.descriptionFields ?? SEEDED_DESCRIPTION_FIELDS)];
  const projectAdmin = new ProjectAdmin({
    users,
    projects,
    sessions,
    quota: new Quota(clock, options.projectQuota ?? 10),
    descriptionFields,
    adminsUgroupId: adminsUgroupId(variants),
    faults,
    armedFailures,
    onProjectCreated: (project, template) => trackers.copy(template.id, project.id),
  });
  return {
    clock,
    users,
    tokens: new Tokens(clock, tokenLifetime(faults)),
    sessions,
    projects,
    trackers,
    artifacts: new Artifacts(clock),
    descriptionFields,
    projectAdmin,
    faults,
    variants,
    armedFailures,
  };
}

function adminsUgroupId(variants: Variants): number | null {
  if (variants.on('no-admins-ugroup')) return null;
  return variants.on('admins-ugroup-other-id') ? OTHER_ADMINS_UGROUP : PROJECT_ADMINS_UGROUP;
}

function tokenLifetime(faults: Faults): number {
  if (faults.on('token-never-expires')) return Number.POSITIVE_INFINITY;
  return faults.on('token-expires-early') ? TOKEN_LIFETIME_MS - 3600_000 : TOKEN_LIFETIME_MS;
}

function seedProjects(): Projects {
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
