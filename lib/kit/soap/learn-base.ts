/**
 * Reads the target's project WSDL (the profile's wsdlUrl, else {target}/soap/project/?wsdl) and
 * learns from its target namespace the base the target knows itself by (lib/kit/soap/base.ts).
 */
import type { HttpClient } from '../clients/http.ts';
import { baseOfNamespace, PROJECT_WSDL_PATH } from './base.ts';
import { readWsdl, type Wsdl } from './wsdl.ts';

export interface FetchedWsdl {
  /** Where the document came from, after redirects. */
  url: string;
  status: number;
  text: string;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const MAX_REDIRECTS = 5;

/** GET the WSDL, following redirects (a WSDL may be served from another path, as /soap/?wsdl is). */
export async function fetchWsdlText(
  http: HttpClient,
  location = PROJECT_WSDL_PATH,
): Promise<FetchedWsdl> {
  let url = http.url(location);
  for (let hop = 0; ; hop++) {
    const answer = await http.send({ path: url });
    const next = answer.headers['location'];
    if (!REDIRECTS.has(answer.status) || next === undefined || hop === MAX_REDIRECTS)
      return { url, status: answer.status, text: answer.text };
    url = new URL(next, url).href;
  }
}

export interface LearnedBase {
  /** The base to use for namespaces and SOAPAction: the WSDL's, else the target URL. */
  base: string;
  /** Why the WSDL could not give the base (then `base` is the target URL). */
  problem?: string;
}

export async function learnSoapBase(
  http: HttpClient,
  location = PROJECT_WSDL_PATH,
): Promise<LearnedBase> {
  const fallback = (problem: string): LearnedBase => ({ base: http.baseUrl, problem });
  let fetched: FetchedWsdl;
  try {
    fetched = await fetchWsdlText(http, location);
  } catch (error) {
    return fallback(`the WSDL could not be read: ${(error as Error).message}`);
  }
  if (fetched.status !== 200)
    return fallback(`GET ${fetched.url} answered HTTP ${fetched.status}, not the WSDL`);
  let wsdl: Wsdl;
  try {
    wsdl = readWsdl(fetched.text);
  } catch (error) {
    return fallback(`${fetched.url} is not a WSDL 1.1 document: ${(error as Error).message}`);
  }
  const learned = baseOfNamespace(wsdl.targetNamespace);
  return learned.base === undefined ? fallback(learned.problem) : { base: learned.base };
}
