/**
 * A runnable script that reproduces one exchange of a transcript, for the developer of the target
 * to paste into bash: first how to obtain each credential the request used (POST /api/tokens, the
 * core SOAP login, or HTTP Basic), each account's password read from an environment variable the
 * script names (`${ALICE_PASSWORD:?…}`), the script stopping when a login is refused; then the
 * request itself with those credentials in shell variables. Credentials whose origin the
 * transcript does not show stay redacted, with a note.
 */
import { isSecretName, REDACTED, type Secrets } from './redact.ts';
import type { Exchange } from './transcript.ts';

interface Credential {
  /** The secret as it was sent. */
  value: string;
  /** The shell variable that holds it in the script. */
  variable: string;
  /** Script lines that set the variable. */
  setup: string[];
}

/** The environment variable a script reads an account's password from: ALICE_PASSWORD for alice. */
export function passwordVariable(username: string): string {
  const name = `${username.toUpperCase().replace(/[^A-Z0-9]+/g, '_')}_PASSWORD`;
  return /^[A-Z_]/.test(name) ? name : `U${name}`;
}

/** The password of an account, as the script reads it: stops, naming the variable, when unset. */
function password(username: string): string {
  const variable = passwordVariable(username);
  return `\${${variable}:?set ${variable} to the password of ${username}}`;
}

const PRELUDE = ['#!/usr/bin/env bash', 'set -euo pipefail'];
const JSON_ESCAPE = `json_escape() { printf '%s' "$1" | sed 's/[\\\\"]/\\\\&/g'; }`;
const XML_ESCAPE = `xml_escape() { printf '%s' "$1" | sed 's/&/\\&amp;/g; s/</\\&lt;/g; s/>/\\&gt;/g'; }`;

export function reproduceScript(
  exchanges: readonly Exchange[],
  index: number,
  secrets: Secrets,
): string {
  const exchange = exchanges[index];
  if (!exchange) return '';
  const earlier = exchanges.slice(0, index);
  const credentials: Credential[] = [];
  const lines: string[] = [];
  const headers: string[] = [];
  for (const [name, value] of Object.entries(exchange.requestHeaders)) {
    if (name === 'content-length' || name === 'host') continue;
    if (name === 'authorization' && value.startsWith('Basic ')) {
      const user = Buffer.from(value.slice(6), 'base64').toString('utf8').split(':')[0] ?? '';
      headers.push('-u', `${shellQuote(`${user}:`)}"${password(user)}"`);
      continue;
    }
    if (name === 'x-auth-token') {
      const credential = tokenCredential(earlier, value, credentials.length);
      if (credential) {
        credentials.push(credential);
        headers.push('-H', `"x-auth-token: \${${credential.variable}}"`);
        continue;
      }
      // Its login is not in the transcript: the token is read from a variable the script names.
      const user = exchange.requestHeaders['x-auth-userid'];
      const variable = `AUTH_TOKEN_${credentials.length + 1}`;
      const whose = user === undefined ? 'a token' : `a token of user ${user}`;
      headers.push(
        '-H',
        `"x-auth-token: \${${variable}:?set ${variable} to ${whose} (POST /api/tokens, §5.2.3)}"`,
      );
      credentials.push({ value, variable, setup: [] });
      continue;
    }
    if (name === 'x-auth-userid' && credentials.some((c) => c.variable.startsWith('TOKEN'))) {
      const token = credentials.find((c) => c.variable.startsWith('TOKEN'))!;
      headers.push('-H', `"x-auth-userid: \${${token.variable.replace('TOKEN', 'USER_ID')}}"`);
      continue;
    }
    headers.push('-H', shellQuote(`${name}: ${value}`));
  }
  let body = exchange.requestBody ? shellQuote(exchange.requestBody) : '';
  for (const value of soapSecretValues(exchange.requestBody)) {
    let credential = credentials.find((c) => c.value === value);
    if (!credential) {
      credential =
        sessionCredential(earlier, value, credentials.length) ??
        unknownSession(value, credentials.length);
      credentials.push(credential);
    }
    // Out of the single quotes, the variable, back in: '…<sessionKey>'"${SESSION_1}"'</sessionKey>…'
    body = body.split(shellQuote(value).slice(1, -1)).join(`'"\${${credential.variable}}"'`);
  }
  body = withPasswordsRead(body, exchange.requestBody);
  const setup = credentials.flatMap((credential) => credential.setup);
  const request = ['curl', '-sS', '-i', '-X', exchange.method, ...headers];
  if (body) request.push('--data-binary', body);
  request.push(shellQuote(exchange.url));
  const uses = [...setup, request.join(' ')];
  if (uses.some((line) => line.includes('json_escape'))) lines.push(JSON_ESCAPE);
  if (uses.some((line) => line.includes('xml_escape'))) lines.push(XML_ESCAPE);
  lines.push(...uses);
  const script = secrets.redact(lines.join('\n'));
  const note = script.includes(REDACTED)
    ? [
        `# Replace each ${REDACTED} with your own value (a secret whose origin this test did not show).`,
      ]
    : [];
  return [...PRELUDE, ...needsLines(script), ...note, script].join('\n');
}

/** A `${NAME:?set NAME to what}` of a script: the variables it reads, and what each must hold. */
const NEED = /\$\{([A-Z_][A-Z0-9_]*):\?set \1 to ([^}]*)\}/g;

/** The environment variables a script reads, in the order it first reads them. */
export function scriptNeeds(script: string): string[] {
  return [...new Set([...script.matchAll(NEED)].map((m) => m[1] ?? ''))];
}

/**
 * What the script needs, said first and checked before any request: an unset variable stops it
 * there, naming it, and nothing runs with an empty password.
 */
function needsLines(script: string): string[] {
  const needs = new Map<string, string>();
  for (const m of script.matchAll(NEED)) if (!needs.has(m[1]!)) needs.set(m[1]!, m[2]!);
  if (needs.size === 0) return [];
  return [
    `# Needs ${[...needs.keys()].join(', ')} in the environment (${[...needs].map(([name, what]) => `${name}: ${what}`).join('; ')}).`,
    ...[...needs].map(([name, what]) => `: "\${${name}:?set ${name} to ${what}}"`),
  ];
}

/** A session key whose login the transcript does not show: read from a variable of its own. */
function unknownSession(value: string, n: number): Credential {
  const variable = `SESSION_KEY_${n + 1}`;
  return {
    value,
    variable: `${variable}:?set ${variable} to a session key (the SOAP login of the account, §5.1.1)`,
    setup: [],
  };
}

/**
 * A login sent in the request itself (POST /api/tokens, a SOAP login): its password read from the
 * variable of the account, not left redacted. Only a password the quoting leaves as it is.
 */
function withPasswordsRead(quoted: string, body: string): string {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    json = undefined;
  }
  if (json !== null && typeof json === 'object' && !Array.isArray(json)) {
    const { username, password: secret } = json as Record<string, unknown>;
    if (typeof username === 'string' && typeof secret === 'string' && /^[^"\\']+$/.test(secret))
      return quoted.replace(
        new RegExp(`("password"\\s*:\\s*")${escapeRegExp(secret)}"`),
        (_, key: string) => `${key}'"$(json_escape "${password(username)}")"'"`,
      );
    return quoted;
  }
  const elements = xmlElements(body);
  const loginname = elements.find(([name]) => name === 'loginname')?.[1];
  const secret = elements.find(([name]) => name === 'passwd')?.[1];
  if (loginname === undefined || secret === undefined || !/^[^<&']+$/.test(secret)) return quoted;
  return quoted.replace(
    new RegExp(`(<(?:\\w+:)?passwd\\b[^>]*>)${escapeRegExp(secret)}<`),
    (_, open: string) => `${open}'"$(xml_escape "${password(loginname)}")"'<`,
  );
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The token's origin: an earlier POST …/api/tokens that answered it; its username. */
function tokenCredential(
  earlier: readonly Exchange[],
  token: string,
  n: number,
): Credential | undefined {
  const origin = earlier.find(
    (e) =>
      e.method === 'POST' &&
      /\/tokens\/?$/.test(new URL(e.url).pathname) &&
      jsonField(e.responseBody, 'token') === token,
  );
  const username = origin ? jsonField(origin.requestBody, 'username') : undefined;
  if (!origin || username === undefined) return undefined;
  const suffix = `_${n + 1}`;
  const body = `'{"username":${JSON.stringify(username)},"password":"'"$(json_escape "${password(username)}")"'"}'`;
  return {
    value: token,
    variable: `TOKEN${suffix}`,
    setup: [
      `# A token for '${username}' (§5.2.3).`,
      `ANSWER${suffix}=$(curl -sS -w '\\n%{http_code}' -X POST -H 'content-type: application/json' --data-binary ${body} ${shellQuote(origin.url)})`,
      refusedUnless(
        `ANSWER${suffix}`,
        `"\${ANSWER${suffix}##*$'\\n'}" = 200`,
        `POST /api/tokens for '${username}' answered HTTP \${ANSWER${suffix}##*$'\\n'}`,
      ),
      `TOKEN${suffix}=$(printf '%s' "$ANSWER${suffix}" | sed -n 's/.*"token" *: *"\\([^"]*\\)".*/\\1/p')`,
      `USER_ID${suffix}=$(printf '%s' "$ANSWER${suffix}" | sed -n 's/.*"user_id" *: *"\\{0,1\\}\\([^",}]*\\).*/\\1/p')`,
    ],
  };
}

/** A line that stops the script, saying why, when a login did not give its credential. */
function refusedUnless(_variable: string, condition: string, why: string): string {
  return `[ ${condition} ] || { echo "reproduce: ${why}: check the password" >&2; exit 1; }`;
}

/** The session key's origin: an earlier SOAP login that answered it as session_hash. */
function sessionCredential(
  earlier: readonly Exchange[],
  key: string,
  n: number,
): Credential | undefined {
  const origin = earlier.find(
    (e) =>
      e.requestBody.includes('login') &&
      xmlElements(e.responseBody ?? '').some(
        ([name, text]) => name === 'session_hash' && text === key,
      ),
  );
  const loginname = origin
    ? xmlElements(origin.requestBody).find(([name]) => name === 'loginname')?.[1]
    : undefined;
  if (!origin || loginname === undefined) return undefined;
  const suffix = `_${n + 1}`;
  const [before, after] = origin.requestBody.split(/<(?:\w+:)?passwd\b[^>]*>[^<]*<\//);
  const open = /<(?:\w+:)?passwd\b[^>]*>/.exec(origin.requestBody)?.[0] ?? '<passwd>';
  const body =
    after === undefined
      ? shellQuote(origin.requestBody)
      : `${shellQuote(`${before ?? ''}${open}`)}"$(xml_escape "${password(loginname)}")"${shellQuote(`</${after}`)}`;
  const headers = Object.entries(origin.requestHeaders)
    .filter(([name]) => name === 'content-type' || name === 'soapaction')
    .flatMap(([name, value]) => ['-H', shellQuote(`${name}: ${value}`)]);
  return {
    value: key,
    variable: `SESSION${suffix}`,
    setup: [
      `# A SOAP session of '${loginname}' (core login, §5.1.4).`,
      `SESSION${suffix}=$(curl -sS -X POST ${headers.join(' ')} --data-binary ${body} ${shellQuote(origin.url)} | sed -n 's/.*<session_hash[^>]*>\\([^<]*\\)<.*/\\1/p')`,
      refusedUnless(
        `SESSION${suffix}`,
        `-n "$SESSION${suffix}"`,
        `the SOAP login of '${loginname}' gave no session`,
      ),
    ],
  };
}

function soapSecretValues(body: string): string[] {
  return xmlElements(body)
    .filter(([name, text]) => isSecretName(name) && text !== '' && !name.startsWith('pass'))
    .map(([, text]) => text);
}

function xmlElements(text: string): Array<[string, string]> {
  return [...text.matchAll(/<(?:\w+:)?(\w+)(?:\s[^>]*)?>([^<]*)<\/(?:\w+:)?\1>/g)].map((m) => [
    m[1] ?? '',
    m[2] ?? '',
  ]);
}

function jsonField(body: string | undefined, key: string): string | undefined {
  try {
    const value = (JSON.parse(body ?? '') as Record<string, unknown>)[key];
    return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
  } catch {
    return undefined;
  }
}

export function shellQuote(value: string): string {
  return `'${value.replaceAll("'", `'\\''`)}'`;
}
