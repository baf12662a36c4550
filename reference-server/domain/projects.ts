/** Projects, their members, user groups, services and description values (§4.2). */
export type Privacy = 'public' | 'private';

export interface Service {
  id: number;
  shortName: string;
  isUsed: boolean;
  rank: number;
}

export interface UserGroup {
  id: number;
  name: string;
  members: Set<number>;
}

export interface Project {
  id: number;
  shortName: string;
  publicName: string;
  privacy: Privacy;
  isTemplate: boolean;
  /** 'A' active (created projects are accepted automatically, §4.2). */
  status: 'A';
  /** Recorded, not observable over the interfaces (§4.2). */
  projectType: 'Project' | 'Template';
  members: Set<number>;
  admins: Set<number>;
  /** Static user groups, by id (ids > 100, as the real system). */
  ugroups: Map<number, UserGroup>;
  services: Service[];
  description: string;
  /** Description field id → value. */
  descriptionValues: Map<number, string>;
  genericUserId?: number;
}

/** Dynamic user group of the project admins (the real system's ugroup 4). */
export const PROJECT_ADMINS_UGROUP = 4;

export class Projects {
  private readonly byId = new Map<number, Project>();
  private nextProjectId = 101;
  private nextServiceId = 1;
  private nextUgroupId = 101;

  all(): Project[] {
    return [...this.byId.values()].sort((a, b) => a.id - b.id);
  }

  get(id: number): Project | undefined {
    return this.byId.get(id);
  }

  byShortName(name: string): Project | undefined {
    const lower = name.toLowerCase();
    return this.all().find((p) => p.shortName.toLowerCase() === lower);
  }

  serviceId(): number {
    return this.nextServiceId++;
  }

  ugroupId(): number {
    return this.nextUgroupId++;
  }

  add(project: Omit<Project, 'id'> & { id?: number }): Project {
    const id = project.id ?? this.nextProjectId++;
    const stored: Project = { ...project, id };
    this.byId.set(id, stored);
    if (id >= this.nextProjectId) this.nextProjectId = id + 1;
    return stored;
  }
}
