/** Before the suites run: is the target there at all, and does it offer test control? */
import { OneLineError } from '../../errors/one-line-error.ts';
import { HttpClient } from '../../kit/clients/http.ts';
import { Transcript } from '../../kit/clients/transcript.ts';
import { PROJECT_WSDL_PATH } from '../../kit/soap/base.ts';
import { learnSoapBase, type LearnedBase } from '../../kit/soap/learn-base.ts';
import { CLOCK_PATH, FAIL_NEXT_PATH } from '../../../spec/test-control.ts';
import type { Profile } from '../../target/profile.ts';
import { sameUrl } from '../../kit/url-equivalence.ts';

export class TargetUnreachable extends OneLineError {}

/**
 * Any HTTP answer counts as reachable; no answer within the deadline is a one-line reason. A
 * target where neither interface is (a wrong port or path: the WSDL and /api/projects both absent)
 * stops here in one line too, before anything is judged.
 */
export async function checkReachable(
  baseUrl: string,
  deadlineMs: number,
  wsdlLocation = PROJECT_WSDL_PATH,
): Promise<void> {
  const rest = await probeGet(baseUrl, '/api/projects', deadlineMs);
  const wsdl = await probeGet(baseUrl, wsdlLocation, deadlineMs);
  if (isAbsent(rest) && isAbsent(wsdl))
    throw new TargetUnreachable(
      `no SOAP or REST interface at ${baseUrl} (WSDL: ${describe(wsdl)}, /api/projects: ${describe(rest)}): check --target`,
    );
}

interface Probed {
  status: number;
  contentType: string;
}

const isHtmlPage = ({ status, contentType }: Probed) =>
  status < 300 && /^text\/html/i.test(contentType);

/** Not there: the path is unknown, or a web page answers in its place (a site, not an interface). */
function isAbsent(probed: Probed): boolean {
  return probed.status === 404 || probed.status === 410 || isHtmlPage(probed);
}

function describe(probed: Probed): string {
  return isHtmlPage(probed) ? `${probed.status}, an HTML page` : String(probed.status);
}

/** Through HttpClient, as every request of a run: the same retry of a cut reused connection. */
async function probeGet(baseUrl: string, location: string, deadlineMs: number): Promise<Probed> {
  try {
    const answer = await new HttpClient(baseUrl, new Transcript(), deadlineMs).send({
      path: location,
    });
    return { status: answer.status, contentType: answer.headers['content-type'] ?? '' };
  } catch (error) {
    const e = ((error as Error).cause ?? error) as {
      name?: string;
      code?: string;
      message?: string;
      cause?: { code?: string };
    };
    const why =
      e.name === 'TimeoutError' || /^UND_ERR_(HEADERS|BODY)_TIMEOUT$/.test(e.code ?? '')
        ? `no answer within ${deadlineMs} ms`
        : (e.code ?? e.cause?.code ?? e.message);
    const tls = /CERT|SELF_SIGNED|UNABLE_TO_VERIFY|ERR_TLS/.test(String(why))
      ? ': its TLS certificate is not trusted (--ca FILE names the CA to trust; --insecure accepts any)'
      : '';
    throw new TargetUnreachable(`target ${baseUrl} is unreachable: ${why}${tls}`);
  }
}

/**
 * docs/running-against-a-target.md, "Test control": without a profile saying so, probe
 * {"advanceSeconds": 0} → 204.
 */
export async function probeTestControl(baseUrl: string, deadlineMs: number): Promise<boolean> {
  return (await probe(baseUrl, CLOCK_PATH, '{"advanceSeconds":0}', deadlineMs)) === 204;
}

/** Through HttpClient: a 429 with Retry-After is waited for, not read as "no test control". */
async function probe(
  baseUrl: string,
  path: string,
  body: string,
  deadlineMs: number,
): Promise<number | undefined> {
  try {
    const http = new HttpClient(baseUrl, new Transcript(), deadlineMs);
    return (
      await http.send({
        method: 'POST',
        path,
        headers: { 'content-type': 'application/json' },
        body,
      })
    ).status;
  } catch {
    return undefined;
  }
}

/**
 * docs/running-against-a-target.md, "Test control": without a profile saying so, probe fail-next
 * with a failure no target knows: a 400
 * means the path is served (and the request refused, so nothing is armed).
 */
export async function probeFailNext(baseUrl: string, deadlineMs: number): Promise<boolean> {
  const body = '{"operation":"addProject","failure":"conformance-probe"}';
  return (await probe(baseUrl, FAIL_NEXT_PATH, body, deadlineMs)) === 400;
}

/**
 * docs/running-against-a-target.md, "The SOAP base": the base the target knows itself by, from its
 * WSDL's target namespace (the profile's
 * wsdlUrl, else {target}/soap/project/?wsdl); the target URL, with the reason, when it cannot be.
 */
export function learnTargetSoapBase(profile: Profile, timeoutMs: number): Promise<LearnedBase> {
  const http = new HttpClient(profile.baseUrl, new Transcript(), timeoutMs);
  return learnSoapBase(http, profile.wsdlUrl);
}

/**
 * The header line's words on the SOAP base: nothing when it is the target URL, as it mostly is
 * (however spelt: https://host:443 is https://host).
 */
export function describeSoapBase(learned: LearnedBase, targetUrl: string): string {
  if (learned.problem !== undefined) return `, SOAP base: the target URL, since ${learned.problem}`;
  return sameUrl(learned.base, targetUrl)
    ? ''
    : `, SOAP base ${learned.base} (the WSDL's own name)`;
}
