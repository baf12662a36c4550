/**
 * SOAP error codes (§7.1: the (operation, code) pairs come from spec/soap-operations.ts) and REST
 * errors (§7.2).
 */
import { info, must, section } from '../table.ts';
import { faultRows } from '../soap-rows.ts';

export const soapFaults = section('§7.1', {
  ...faultRows(),
  'soap.fault.numeric-code': must(
    'A SOAP fault carries the numeric code of §7.1 as its faultcode.',
  ),
  'soap.fault.http-500': must(
    'A SOAP fault is answered with HTTP status 500 (SOAP 1.1 over HTTP).',
  ),
  'soap.fault.nothing-changed': must('An operation answering a fault changes nothing.'),
  'soap.getProjectGenericUser.faults': info(
    'The fault codes of getProjectGenericUser are observed.',
    'As the real system: 3001 bad session, 3201 not project admin or no such project (no separate 3000), 3106 no generic user.',
  ),
  'soap.setProjectGenericUser.faults': info(
    'The fault codes of setProjectGenericUser are observed.',
    'As the real system: 3001 bad session, 3201 not project admin or no such project; 3105 for an empty password (reference-server choice).',
  ),
  'soap.unsetGenericUser.faults': info(
    'The fault codes of unsetGenericUser are observed.',
    'As the real system: 3001 bad session, 3201 not project admin or no such project, 3300 no generic user, 3203 generic user no longer a member.',
  ),
  'soap.fault.unlisted-codes': info(
    'Codes the per-operation table does not list (a bad session where 3001 is not listed, an unusable login for addProjectMember) are observed.',
    'As the real system: 3001 for a bad session on every operation (after 3000 where the project is checked first); addProjectMember answers 3100 for an unknown, suspended or existing member; removeProjectMember 3100 for an admin; removing the last project admin from user group 4 answers code 0.',
  ),
  'soap.fault.payload-shape': info(
    'The shape of the SOAP fault is observed.',
    'SOAP 1.1 Fault with an unqualified numeric faultcode and a faultstring.',
  ),
});

export const restErrors = section('§7.2', {
  'rest.errors.401': must('Authentication required and missing, or an expired token, answers 401.'),
  'rest.errors.412': must('A stale If-match or If-Unmodified-Since answers 412.'),
  'rest.errors.invalid-credentials-status': info(
    "The status of a request with invalid credentials is observed (the spec says 'server error').",
    '401 as the real system, also for X-Auth-Token or X-Auth-UserId sent alone (the real system treats that as anonymous) and for an Authorization scheme other than Basic; a suspended user → 403. The MUST only requires a non-2xx answer.',
  ),
  'rest.errors.payload-shape': info(
    'The shape of REST error payloads is observed.',
    '{"error":{"code","message"}} as the real system, for every error; on the artifact routes with Accept: application/xml, <response><error><code/><message/></error></response>.',
  ),
});
