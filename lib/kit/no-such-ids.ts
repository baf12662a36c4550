/**
 * Ids that no row of a target has, for the checks of a "no such …" fault (§7.1: 3000, 3100,
 * 3203, 3301…). Each is an xsd:int (§4.2 gives the id arguments that type), so a target reads it
 * as an id and must answer the fault for an unknown one, not a parse fault. None can be a real
 * id: a target numbers its rows as it creates them, and would have created two billion
 * projects, services, users or user groups first. Each kind has its own value, so that a
 * message naming the id tells which argument was the unknown one.
 */

/** A project (group_id, groupId, templateId). */
export const NO_SUCH_PROJECT = 2_000_000_001;

/** A service of a project (service_id). */
export const NO_SUCH_SERVICE = 2_000_000_002;

/**
 * An id of any kind: where every id argument of a call must be unknown at once (service, user
 * group, user, description field), and the template of the preflight's addProject.
 */
export const NO_SUCH_ANY_ID = 2_000_000_003;

/** A user (userId). */
export const NO_SUCH_USER_ID = 2_000_000_004;

/** A user group of a project (ugroupId). */
export const NO_SUCH_UGROUP = 2_000_000_005;
