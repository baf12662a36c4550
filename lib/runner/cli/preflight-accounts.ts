/**
 * Before judging, the harness logs in with each account once and checks its role; a bad one stops
 * the run with one line naming it, exit 2 (docs/running-against-a-target.md). Each account logs in
 * once, as the
 * profile's soapSessions says: a SOAP session (login mode), or a REST token (§5.2.3: fixed keys,
 * where the token route is the only login; and wherever a role is read over REST). Then each role:
 * the site admin's session is accepted as addProject's adminSessionKey (a template no project has
 * answers 3100, not 3200: §7.1; nothing is created), the project admin administers the fixture
 * projects the profile names, the member reads the named private one and the outsider does not.
 * It refuses only on evidence about an account (a SOAP fault, a 401/403), never on a broken or
 * silent interface, which the suites judge: an exception or an unreadable answer proves nothing
 * here. The SOAP sessions go to the provisioning of the shared projects (lib/kit/fixtures/sessions.ts);
 * the tokens are revoked.
 */
import { OneLineError } from '../../errors/one-line-error.ts';
import { HttpClient } from '../../kit/clients/http.ts';
import { Transcript } from '../../kit/clients/transcript.ts';
import { handOverSessions, logoutAll, takeHandedSessions } from '../../kit/fixtures/sessions.ts';
import { withSoapBase } from '../../kit/soap/base.ts';
import { SoapClient, type SoapAnswer } from '../../kit/soap/client.ts';
import type { Profile, Role } from '../../target/profile.ts';
import { countsAgainstQuota } from '../../kit/target/quota-calls.ts';
import { recordQuotaCalls, type QuotaSettings } from '../../kit/target/quota-plan.ts';
import { jsonObject } from '../../kit/clients/json-object.ts';
import { NO_SUCH_ANY_ID } from '../../kit/no-such-ids.ts';

export class AccountRefused extends OneLineError {}

const ROLES: readonly Role[] = ['siteAdmin', 'projectAdmin', 'projectMember', 'nonMember'];
const ROLE_NAMES: Record<Role, string> = {
  siteAdmin: 'site admin',
  projectAdmin: 'project admin',
  projectMember: 'project member',
  nonMember: 'outsider (nonMember)',
};

interface Login {
  role: Role;
  token?: { token: string; userId: string };
  /** The token route's refusal (an answer; no answer proves nothing about the account). */
  tokenProblem?: string;
  session?: string;
  /** The SOAP login's fault. */
  sessionProblem?: string;
}

function client(profile: Profile, soapBase: string, timeoutMs: number): HttpClient {
  const transcript = new Transcript();
  for (const account of Object.values(profile.accounts)) transcript.secrets.add(account.password);
  return withSoapBase(new HttpClient(profile.baseUrl, transcript, timeoutMs), soapBase);
}

export async function preflightAccounts(
  profile: Profile,
  soapBase: string,
  timeoutMs: number,
  quota?: QuotaSettings,
): Promise<void> {
  const http = client(profile, soapBase, timeoutMs);
  const withTokens =
    profile.soapSessions.mode === 'fixed' || profile.fixtures.privateProjectId !== undefined;
  const logins = await Promise.all(ROLES.map((role) => logIn(http, profile, role, withTokens)));
  try {
    for (const login of logins) refuseBadLogin(profile, login);
    const session = (role: Role) =>
      profile.soapSessions.mode === 'fixed'
        ? profile.soapSessions.keys[role]
        : logins.find((l) => l.role === role)!.session;
    await checkSiteAdmin(http, profile, session('siteAdmin'), quota);
    await checkFixtureRoles(http, profile, session, logins);
  } catch (error) {
    if (profile.soapSessions.mode === 'login')
      await logoutAll(
        http,
        logins.flatMap((l) => (l.session ? [l.session] : [])),
      );
    throw error;
  } finally {
    await revokeTokens(http, logins);
  }
  if (profile.soapSessions.mode === 'login') {
    const [siteAdmin, projectAdmin, projectMember, nonMember] = logins.map((l) => l.session);
    handOverSessions({ siteAdmin, projectAdmin, projectMember });
    if (nonMember) await logoutAll(http, [nonMember]);
  }
}

/** Logs out the sessions the preflight handed over that no provisioning took (a clock-only run). */
export async function releaseHandedSessions(
  profile: Profile,
  soapBase: string,
  timeoutMs: number,
): Promise<void> {
  const left = Object.values(takeHandedSessions() ?? {});
  if (left.length > 0) await logoutAll(client(profile, soapBase, timeoutMs), left);
}

async function logIn(
  http: HttpClient,
  profile: Profile,
  role: Role,
  withToken: boolean,
): Promise<Login> {
  const { username, password } = profile.accounts[role];
  const login: Login = { role };
  if (withToken) {
    const answer = await http
      .send({ method: 'POST', path: '/api/tokens', json: { username, password } })
      .catch(() => undefined);
    const body = answer && answer.status < 300 ? jsonObject(answer.text) : undefined;
    if (typeof body?.['token'] === 'string')
      login.token = { token: body['token'], userId: String(body['user_id']) };
    else if (answer) login.tokenProblem = `POST /api/tokens answered ${answer.status}`;
  }
  if (profile.soapSessions.mode === 'login') {
    const soap = await SoapClient.login(http)
      .raw('login', [
        { name: 'loginname', type: 'xsd:string', value: username },
        { name: 'passwd', type: 'xsd:string', value: password },
      ])
      .catch(() => undefined);
    const hash = (soap?.value as { session_hash?: unknown } | undefined)?.session_hash;
    if (typeof hash === 'string' && hash !== '') login.session = hash;
    else if (soap?.fault)
      login.sessionProblem = `the SOAP login (/soap/) answered fault ${soap.fault.faultcode} ${soap.fault.faultstring}`;
  }
  return login;
}

/**
 * With SOAP login, a refused login is the account's fault (the core login is no operation the
 * suites judge); a token refused beside it says the same. With fixed keys only the token route
 * tells: 401 or 403 (the real system's answer to a wrong password) refuses, a 5xx is judged by
 * the suites (§5.2.2 calls invalid credentials a server error, but so is a broken route).
 */
function refuseBadLogin(profile: Profile, login: Login): void {
  const { username, passwordEnv } = profile.accounts[login.role];
  const who = `the profile's ${ROLE_NAMES[login.role]} (accounts.${login.role}) '${username}'`;
  const check = `check its username and ${passwordEnv ? `the password in $${passwordEnv}` : 'password'}`;
  if (login.sessionProblem)
    throw new AccountRefused(
      `${who} cannot log in: ${login.sessionProblem}` +
        `${login.tokenProblem ? `, and ${login.tokenProblem}` : ''}: ${check}`,
    );
  if (
    profile.soapSessions.mode === 'fixed' &&
    login.tokenProblem &&
    / 40[13]$/.test(login.tokenProblem)
  )
    throw new AccountRefused(`${who} cannot log in: ${login.tokenProblem}: ${check}`);
}

/**
 * The site admin: addProject with its session as both keys and a template no project has. §7.1
 * tells 3200 (not a site admin: the run could create nothing) from 3100 (a site admin, an unknown
 * template); a target that creates nothing either way. Any other answer is left to the suites.
 */
async function checkSiteAdmin(
  http: HttpClient,
  profile: Profile,
  key: string | undefined,
  quota: QuotaSettings | undefined,
): Promise<void> {
  if (key === undefined) return;
  const name = `cf-${Date.now().toString(36)}-pre`;
  const answer = await SoapClient.project(http)
    .call('addProject', {
      sessionKey: key,
      adminSessionKey: key,
      shortName: name,
      publicName: `Conformance preflight ${name}`,
      privacy: 'public',
      templateId: NO_SUCH_ANY_ID,
    })
    .catch(() => undefined);
  if (answer === undefined) return;
  // Only a target that ignores the template counts (or creates): kept in the ledger all the same.
  if (countsAgainstQuota(answer)) recordQuotaCalls(quota, profile.baseUrl, 1, 'preflight');
  const code = answer.fault?.faultcode.trim();
  const who = `the profile's site admin (accounts.siteAdmin) '${profile.accounts.siteAdmin.username}'`;
  if (code === '3200')
    throw new AccountRefused(
      `${who} is not a site admin: addProject with their session as adminSessionKey answered fault 3200 ` +
        `(§7.1: only a site admin may create a project on behalf of users)`,
    );
  if (code === '3001')
    throw new AccountRefused(
      `${who}: the target does not accept their session key (addProject answered fault 3001)` +
        (profile.soapSessions.mode === 'fixed' ? ': check soapSessions.keys.siteAdmin' : ''),
    );
}

/** The fixture projects the profile names: who administers, who reads the private one. */
async function checkFixtureRoles(
  http: HttpClient,
  profile: Profile,
  session: (role: Role) => string | undefined,
  logins: readonly Login[],
): Promise<void> {
  const soap = SoapClient.project(http);
  const f = profile.fixtures;
  const administered: Array<[Role, string, number | undefined]> = [
    ['projectAdmin', 'publicProjectId', f.publicProjectId],
    ['projectAdmin', 'privateProjectId', f.privateProjectId],
    ['projectAdmin', 'soapProjectId', f.soapProjectId],
    ['projectAdmin', 'membershipProjectId', f.membershipProjectId],
    ['projectMember', 'foreignProjectId', f.foreignProjectId],
  ];
  for (const [role, field, id] of administered) {
    const key = session(role);
    if (id === undefined || key === undefined) continue;
    const answer: SoapAnswer | undefined = await soap
      .call('getProjectServicesUsage', { session_key: key, group_id: id })
      .catch(() => undefined);
    // 3000: no such project; 3001: the session is not accepted; 3201/3203: not its admin (§7.1).
    if (answer?.fault && ['3000', '3001', '3201', '3203'].includes(answer.fault.faultcode.trim()))
      throw new AccountRefused(
        `the profile's ${ROLE_NAMES[role]} (accounts.${role}) '${profile.accounts[role].username}' ` +
          `must administer fixtures.${field} ${id}, but getProjectServicesUsage with their session ` +
          `answered fault ${answer.fault.faultcode} ${answer.fault.faultstring}`,
      );
  }
  const priv = f.privateProjectId;
  if (priv === undefined) return;
  for (const [role, member] of [
    ['projectMember', true],
    ['nonMember', false],
  ] as const) {
    const token = logins.find((l) => l.role === role)?.token;
    if (!token) continue;
    const answer = await http
      .send({
        path: `/api/projects/${priv}/trackers`,
        headers: { 'x-auth-token': token.token, 'x-auth-userid': token.userId },
      })
      .catch(() => undefined);
    if (answer === undefined) continue;
    const reads = answer.status === 200;
    const who = `the profile's ${ROLE_NAMES[role]} (accounts.${role}) '${profile.accounts[role].username}'`;
    if (member && (answer.status === 401 || answer.status === 403))
      throw new AccountRefused(
        `${who} must be a member of fixtures.privateProjectId ${priv}, but GET /api/projects/${priv}/trackers ` +
          `with their token answered ${answer.status}`,
      );
    if (!member && reads)
      throw new AccountRefused(
        `${who} must not be a member of fixtures.privateProjectId ${priv}, but reads it ` +
          `(GET /api/projects/${priv}/trackers with their token answered 200): a member, a site admin, ` +
          `or a target that shows private projects to outsiders (§5.2.1)`,
      );
  }
}

async function revokeTokens(http: HttpClient, logins: readonly Login[]): Promise<void> {
  await Promise.all(
    logins.flatMap((l) =>
      l.token
        ? [
            http
              .send({
                method: 'DELETE',
                path: `/api/tokens/${encodeURIComponent(l.token.token)}`,
                headers: { 'x-auth-token': l.token.token, 'x-auth-userid': l.token.userId },
              })
              .catch(() => undefined),
          ]
        : [],
    ),
  );
}
