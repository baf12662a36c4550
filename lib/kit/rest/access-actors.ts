/** The actors of the access matrix (spec/matrix/access.ts) as the credentials they send (§5.2). */
import type { ConformanceContext } from '../conformance-test.ts';
import type { Actor, Privacy } from '../../../spec/matrix/access.ts';
import { ANONYMOUS, tokenFor, type Auth } from './auth.ts';
import { invalidCredentials } from './invalid-credentials.ts';

/** Every set of credentials an actor stands for: invalid credentials come in several kinds. */
export async function actorAuths(ctx: ConformanceContext, actor: Actor): Promise<Auth[]> {
  switch (actor) {
    case 'anonymous':
      return [ANONYMOUS];
    case 'invalid-credentials':
      return invalidCredentials(ctx);
    case 'outsider':
      return [await tokenFor(ctx, 'nonMember')];
    case 'member':
      return [await tokenFor(ctx, 'projectMember')];
    case 'project-admin':
      return [await tokenFor(ctx, 'projectAdmin')];
    case 'site-admin':
      return [await tokenFor(ctx, 'siteAdmin')];
  }
}

/** "as a user outside the private project (token of nonMember)", for messages. */
export function asActor(actor: Actor, privacy: Privacy, auth: Auth): string {
  const project = `the ${privacy} project`;
  switch (actor) {
    case 'anonymous':
      return 'without credentials';
    case 'invalid-credentials':
      return `with invalid credentials (${auth.label})`;
    case 'outsider':
      return `as a user outside ${project} (${auth.label})`;
    case 'member':
      return `as a member of ${project} (${auth.label})`;
    case 'project-admin':
      return `as an admin of ${project} (${auth.label})`;
    case 'site-admin':
      return `as a site admin outside ${project} (${auth.label})`;
  }
}
