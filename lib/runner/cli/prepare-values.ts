/**
 * The description values `prepare` gives the projects it creates: one in each platform field.
 * None of the interfaces removes a value, so a run may set a field only where it has one to write
 * back (lib/kit/cleanup/restorable.ts); with these, a run against prepared projects judges the
 * description round trips and leaves the projects as `prepare` made them.
 */
import type { HttpClient } from '../../kit/clients/http.ts';
import { logoutAll, sessionKey } from '../../kit/fixtures/sessions.ts';
import { SoapClient } from '../../kit/soap/client.ts';
import type { Profile } from '../../target/profile.ts';

/** Sets each field of each project (the projectAdmin's); returns how many values it set. */
export async function giveDescriptionValues(
  http: HttpClient,
  profile: Profile,
  projects: readonly number[],
  tag: string,
): Promise<number> {
  if (projects.length === 0) return 0;
  const soap = SoapClient.project(http);
  const key = await sessionKey(http, profile, 'projectAdmin');
  try {
    const listed = await soap.call('getPlateformProjectDescriptionFields', { sessionKey: key });
    // 3107: the platform has no description field, so there is nothing to set.
    if (listed.fault) return 0;
    const fields = (listed.value as Array<{ id: number }>).map((f) => f.id);
    let set = 0;
    for (const project of projects)
      for (const field of fields) {
        const answer = await soap.call('setProjectDescriptionFieldValue', {
          session_key: key,
          group_id: project,
          field_id_to_update: field,
          field_value: `Conformance ${tag}: prepared value (runs change it and write it back)`,
        });
        if (answer.fault)
          throw new Error(
            `setProjectDescriptionFieldValue of field ${field} on project ${project}: fault ` +
              `${answer.fault.faultcode} ${answer.fault.faultstring}`,
          );
        set += 1;
      }
    return set;
  } finally {
    if (profile.soapSessions.mode === 'login') await logoutAll(http, [key]);
  }
}
