/** SOAP (§5.1) and REST (§5.2) authentication. */
import { info, must, section } from '../table.ts';

export const soapAuth = section('§5.1', {
  'soap.auth.session-first': must('Each operation takes a session key string as its first input.'),
  'soap.auth.project-admin': must(
    'Operations on a project require the session of a project admin of that project.',
  ),
  'soap.auth.generic-user': must(
    "getProjectGenericUser, setProjectGenericUser and unsetGenericUser are operations on a project: the session of a member, an outsider or the admin of another project is refused with a fault, and the project's generic user and its password stay as they were.",
  ),
  'soap.auth.site-admin-creates': must(
    'addProject on behalf of users requires adminSessionKey to be a site admin session.',
  ),
  'soap.auth.site-admin': info(
    'Whether a site admin may run the operations on a project he does not administer is observed.',
    'Allowed, as the real system: a site admin counts as an admin of every project.',
  ),
  'soap.session.login': info(
    'How a session key is obtained is observed.',
    'Core SOAP login at {base_url}/soap/ (WSDL at /soap/?wsdl): login(loginname, passwd) → Session{user_id, session_hash}, 3002 on bad credentials, logout(sessionKey) (real system); a session lasts 24 hours on the server clock.',
  ),
});

export const restAuth = section('§5.2', {
  'rest.auth.anonymous': must(
    'Resources reachable anonymously answer without credentials.',
    'Which are (reference server): public projects with their trackers and artifacts. Private ones need membership or site admin: 401 without credentials, 403 otherwise. Creating and updating artifacts needs an authenticated user who can read the project; the user-group and user routes need authentication (real system).',
  ),
  'rest.auth.missing-401': must(
    'A resource that needs authentication answers 401 when credentials are missing.',
  ),
  'rest.projects.private-hidden': must(
    'GET /api/projects lists a private project neither to an anonymous caller nor to a user outside it, on any page.',
  ),
  'rest.auth.token-headers': must(
    'A token is used by sending X-Auth-Token and X-Auth-UserId on each call.',
  ),
  'rest.auth.basic': must('HTTP Basic authentication with username and password is accepted.'),
  'rest.auth.token-lifetime': must('A token works until 24 hours after it was obtained.'),
  'rest.auth.token-expired-401': must('After 24 hours calls with the token answer 401.'),
  'rest.auth.new-token-after-expiry': must(
    'After expiry the client can obtain a new token that works.',
  ),
  'rest.access.private-refused': must(
    'What hangs below a private project (its trackers, a tracker, the artifact query, its artifacts, creating and updating them) is refused like the project itself: 401 to an anonymous caller, 401, 403 or 404 to a user outside it; the refusal tells nothing of the project and changes nothing.',
  ),
  'rest.access.open-choices': info(
    'Who besides the members of a project reads it and writes its artifacts is observed (a user outside a public project, a site admin outside any project, an anonymous caller), and which status refuses a user outside a private project.',
    'As the real system: a public project with its trackers and artifacts is readable anonymously and by every user; creating and updating artifacts needs authentication (401 anonymously) and is open to every user who can read the project; a site admin reads and writes every project and sees every project in the list; a user outside a private project gets 403.',
  ),
  'rest.tokens.bad-credentials': info(
    'The answer to POST /api/tokens with wrong credentials is observed.',
    '401 as the real system.',
  ),
});
