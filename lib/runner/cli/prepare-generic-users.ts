/**
 * The generic users `prepare` sets (§4.2 #13): on the SOAP project (by the projectAdmin) and the
 * foreign project (by its admin, the projectMember), the two projects whose generic user
 * suites/soap/generic-user.test.ts changes, with one password the profile keeps as an environment
 * reference (fixtures.genericUserPassword). A run that changes or unsets one sets it back with
 * that password (lib/kit/cleanup/trackers/generic-users.ts): the checks run on a prepared profile
 * and leave the projects as found.
 */
import type { HttpClient } from '../../kit/clients/http.ts';
import { GENERIC_USER_PASSWORD_ENV } from '../../kit/cleanup/restorable.ts';
import { logoutAll, sessionKey } from '../../kit/fixtures/sessions.ts';
import { SoapClient } from '../../kit/soap/client.ts';
import type { Profile, ProfileFile, Role } from '../../target/profile.ts';

export interface GenericUserPassword {
  password: string;
  /** The reference to write into the profile; undefined when it already has one. */
  reference?: { env: string };
}

/** The profile's password, else the one of GENERIC_USER_PASSWORD_ENV; undefined: neither. */
export function genericUserPassword(
  file: ProfileFile,
  env: NodeJS.ProcessEnv = process.env,
): GenericUserPassword | undefined {
  const kept = file.fixtures?.genericUserPassword;
  if (kept !== undefined) return { password: kept };
  const given = env[GENERIC_USER_PASSWORD_ENV];
  if (given === undefined || given === '') return undefined;
  return { password: given, reference: { env: GENERIC_USER_PASSWORD_ENV } };
}

/** What prepare says when it sets none: how to have the generic-user checks run. */
export const NO_GENERIC_USER_PASSWORD =
  `the generic-user checks skip on these projects until ${GENERIC_USER_PASSWORD_ENV} is set and ` +
  `prepare run again (it sets the generic users with it and keeps it in the profile as ` +
  `{"env": "${GENERIC_USER_PASSWORD_ENV}"}, so that runs can set them back)`;

/** Sets the generic user of each project with the password, by the project's admin. */
export async function setGenericUsers(
  http: HttpClient,
  profile: Profile,
  projects: ReadonlyArray<{ id: number; admin: Role }>,
  password: string,
): Promise<void> {
  const soap = SoapClient.project(http);
  const keys = new Map<Role, string>();
  try {
    for (const { id, admin } of projects) {
      const key = keys.get(admin) ?? (await sessionKey(http, profile, admin));
      keys.set(admin, key);
      const answer = await soap.call('setProjectGenericUser', {
        session_key: key,
        group_id: id,
        password,
      });
      if (answer.fault)
        throw new Error(
          `setProjectGenericUser on project ${id} by the ${admin}: fault ` +
            `${answer.fault.faultcode} ${answer.fault.faultstring}`,
        );
    }
  } finally {
    if (profile.soapSessions.mode === 'login') await logoutAll(http, [...keys.values()]);
  }
}
