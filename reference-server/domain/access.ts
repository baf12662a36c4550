/**
 * Who may read and write what over REST (§5.2.1: some resources are reachable anonymously, others
 * need authentication). Public projects and their trackers and artifacts are readable by anyone;
 * private ones by their members and site admins. Submitting and updating artifacts needs an
 * authenticated user who can read the project (the real system's default tracker permissions).
 */
import type { Project } from './projects.ts';
import type { User } from './users.ts';

export type Access = 'allowed' | 'needs-authentication' | 'forbidden';

export function readAccess(project: Project, user: User | undefined): Access {
  if (project.privacy === 'public') return 'allowed';
  if (!user) return 'needs-authentication';
  return user.siteAdmin || project.members.has(user.id) ? 'allowed' : 'forbidden';
}

export function writeAccess(project: Project, user: User | undefined): Access {
  if (!user) return 'needs-authentication';
  return readAccess(project, user);
}
