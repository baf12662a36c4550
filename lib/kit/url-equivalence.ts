/**
 * URLs compared as URLs, not as strings (RFC 3986 §6.2.2–6.2.3): two spellings of the same URL
 * are the same URL. Syntax-based (§6.2.2): scheme and host in any case, percent-encoded hex digits
 * in any case, an unreserved character percent-encoded or not, dot-segments of an absolute path
 * removed. Scheme-based (§6.2.3, for http and https): the default port (80, 443) the same as none,
 * an empty port the same as none, an empty path the same as '/'. Everything else is compared as
 * written: the path, query, fragment and userinfo are case-sensitive.
 *
 * A relative reference (projects/101, /api/tokens/x) is normalized the same way, without a scheme
 * to fold, and is never the same as an absolute URL: the form of a reference is part of what it
 * says (projects/101 and /api/projects/101 name the same resource only against a base).
 */

/** The default port of the schemes whose URLs the specification gives (§4.1: http over 443). */
const DEFAULT_PORTS: Readonly<Record<string, string>> = { http: '80', https: '443' };

/** RFC 3986 Appendix B: the components of any URI reference. */
const COMPONENTS = /^(?:([^:/?#]+):)?(?:\/\/([^/?#]*))?([^?#]*)(?:\?([^#]*))?(?:#(.*))?$/s;

/** RFC 3986 §2.3. */
const UNRESERVED = /[A-Za-z0-9\-._~]/;

/** The default port of a scheme (80 for http, 443 for https), if this module knows one. */
export function defaultPort(scheme: string): string | undefined {
  return DEFAULT_PORTS[scheme.toLowerCase()];
}

/** Whether two URLs (or two URI references) are the same by RFC 3986 §6.2.2–6.2.3. */
export function sameUrl(a: string, b: string): boolean {
  return normalizeUrl(a) === normalizeUrl(b);
}

/**
 * `actual` in the spelling of `expected` when they are the same URL, else as it was written: an
 * assertion `expect(asSpelt(actual, expected)).toBe(expected)` passes on the same URL and shows
 * what came back, unnormalized, when it fails.
 */
export function asSpelt<T extends string | undefined>(actual: T, expected: string): T | string {
  return actual !== undefined && sameUrl(actual, expected) ? expected : actual;
}

/** The normal form of a URL or URI reference (RFC 3986 §6.2.2–6.2.3); see the module comment. */
export function normalizeUrl(text: string): string {
  const [, rawScheme, authority, rawPath = '', query, fragment] = COMPONENTS.exec(text)!;
  const scheme = rawScheme?.toLowerCase();
  let path = percentNormal(rawPath);
  // §6.2.2.3: dot-segments of a relative path can only be removed against a base.
  if (path.startsWith('/')) path = removeDotSegments(path);
  // §6.2.3: for http(s), an empty path with an authority is '/'.
  if (path === '' && authority !== undefined && scheme !== undefined && defaultPort(scheme))
    path = '/';
  return (
    (scheme === undefined ? '' : `${scheme}:`) +
    (authority === undefined ? '' : `//${normalAuthority(authority, scheme)}`) +
    path +
    (query === undefined ? '' : `?${percentNormal(query)}`) +
    (fragment === undefined ? '' : `#${percentNormal(fragment)}`)
  );
}

/** userinfo@host:port: the host in lower case (§6.2.2.1), the default or empty port dropped. */
function normalAuthority(authority: string, scheme: string | undefined): string {
  const at = authority.lastIndexOf('@');
  const userinfo = at < 0 ? '' : `${percentNormal(authority.slice(0, at))}@`;
  const hostPort = authority.slice(at + 1);
  // The port follows the last ':' that is not inside an IP literal ([::1]).
  const port = /:(\d*)$/.exec(hostPort.endsWith(']') ? '' : hostPort);
  const host = port ? hostPort.slice(0, port.index) : hostPort;
  const portText = port?.[1] ?? '';
  const dropped = portText === '' || (scheme !== undefined && defaultPort(scheme) === portText);
  return `${userinfo}${percentNormal(host.toLowerCase())}${dropped ? '' : `:${portText}`}`;
}

/**
 * §6.2.2.1 and §6.2.2.2: percent-encoded octets with upper-case hex digits, and those of an
 * unreserved character decoded. A '%' not followed by two hex digits is left as written.
 */
function percentNormal(component: string): string {
  return component.replace(/%([0-9A-Fa-f]{2})/g, (_, hex: string) => {
    const char = String.fromCharCode(parseInt(hex, 16));
    return UNRESERVED.test(char) ? char : `%${hex.toUpperCase()}`;
  });
}

/** RFC 3986 §5.2.4, for an absolute path. */
function removeDotSegments(path: string): string {
  let input = path;
  const output: string[] = [];
  while (input !== '') {
    if (input.startsWith('/./')) input = input.slice(2);
    else if (input === '/.') input = '/';
    else if (input.startsWith('/../')) {
      input = input.slice(3);
      output.pop();
    } else if (input === '/..') {
      input = '/';
      output.pop();
    } else {
      const end = input.indexOf('/', 1);
      const segment = end < 0 ? input : input.slice(0, end);
      output.push(segment);
      input = input.slice(segment.length);
    }
  }
  return output.join('');
}
