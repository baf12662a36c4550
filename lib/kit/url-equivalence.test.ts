import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { asSpelt, defaultPort, normalizeUrl, sameUrl } from './url-equivalence.ts';

describe('sameUrl: the same URL however it is spelt (RFC 3986 §6.2.2–6.2.3)', () => {
  test.each([
    // §6.2.3: the default port, or an empty one, is the same as none.
    ['https://host:443/soap/project/', 'https://host/soap/project/'],
    ['http://host:80/soap/project', 'http://host/soap/project'],
    ['https://host:/soap/project', 'https://host/soap/project'],
    // §6.2.2.1: scheme and host are case-insensitive.
    ['HTTPS://Tuleap.Example.ORG/soap/project', 'https://tuleap.example.org/soap/project'],
    [
      'https://TULEAP.example.org:443/soap/project#addProject',
      'https://tuleap.example.org/soap/project#addProject',
    ],
    // §6.2.3: an empty http(s) path is '/'.
    ['http://host', 'http://host/'],
    // §6.2.2.1 and §6.2.2.2: percent-encoding.
    ['https://host/a%2fb', 'https://host/a%2Fb'],
    ['https://host/%7Euser/%61pi', 'https://host/~user/api'],
    // §6.2.2.3: dot-segments of an absolute path.
    ['https://host/a/b/c/./../../g', 'https://host/a/g'],
    ['https://host/soap/./project/', 'https://host/soap/project/'],
    ['https://[::1]:443/x', 'https://[::1]/x'],
    // Relative references: the same normalizations, without a scheme.
    ['/api/tokens/%61b', '/api/tokens/ab'],
    ['projects/10%31', 'projects/101'],
  ])('%s is %s', (a, b) => {
    expect(sameUrl(a, b)).toBe(true);
    expect(sameUrl(b, a)).toBe(true);
  });

  test.each([
    // The path, query and fragment are case-sensitive.
    ['https://host/SOAP/project/', 'https://host/soap/project/'],
    ['https://host/soap/project#AddProject', 'https://host/soap/project#addProject'],
    ['https://host/x?A=1', 'https://host/x?a=1'],
    // Another port, another scheme: another URL (443 is https's default, not http's).
    ['https://host:8443/soap/project/', 'https://host/soap/project/'],
    ['http://host:443/soap/project/', 'http://host/soap/project/'],
    ['http://host/soap/project/', 'https://host/soap/project/'],
    ['https://host/soap/project', 'https://host/soap/project/'],
    ['https://other/soap/project/', 'https://host/soap/project/'],
    // A reserved character encoded is not the character (§2.2).
    ['https://host/a%2Fb', 'https://host/a/b'],
    ['https://user@host/', 'https://USER@host/'],
    // An empty query is kept (§6.2.3: not licensed away by http).
    ['https://host/x?', 'https://host/x'],
    // A relative reference is never an absolute URL, nor another form of reference.
    ['projects/101', '/api/projects/101'],
    ['/api/tokens/ab', 'https://host/api/tokens/ab'],
    ['tokens/ab', '/api/tokens/ab'],
    ['./projects/101', 'projects/101'],
  ])('%s is not %s', (a, b) => {
    expect(sameUrl(a, b)).toBe(false);
    expect(sameUrl(b, a)).toBe(false);
  });

  test('asSpelt gives the expected spelling of the same URL, and anything else as written', () => {
    expect(asSpelt('https://H:443/x', 'https://h/x')).toBe('https://h/x');
    expect(asSpelt('https://h:8443/x', 'https://h/x')).toBe('https://h:8443/x');
    expect(asSpelt(undefined, 'https://h/x')).toBe(undefined);
  });

  test('the default ports are those of http and https', () => {
    expect([defaultPort('http'), defaultPort('HTTPS'), defaultPort('ftp')]).toEqual([
      '80',
      '443',
      undefined,
    ]);
  });
});

/** An http(s) URL as parts, so that a test can spell it two ways. */
const urlParts = fc.record({
  scheme: fc.constantFrom('http', 'https'),
  host: fc.domain(),
  port: fc.option(fc.integer({ min: 1, max: 65535 }), { nil: undefined }),
  segments: fc.array(fc.webSegment(), { maxLength: 4 }),
  query: fc.option(fc.webQueryParameters(), { nil: undefined }),
  fragment: fc.option(fc.webFragments(), { nil: undefined }),
});
type UrlParts = typeof urlParts extends fc.Arbitrary<infer T> ? T : never;

function spell(u: UrlParts, how: { scheme?: string; host?: string; port?: string; path?: string }) {
  const port = how.port ?? (u.port === undefined ? '' : `:${u.port}`);
  return (
    `${how.scheme ?? u.scheme}://${how.host ?? u.host}${port}` +
    (how.path ?? u.segments.map((s) => `/${s}`).join('')) +
    (u.query === undefined ? '' : `?${u.query}`) +
    (u.fragment === undefined ? '' : `#${u.fragment}`)
  );
}

/** Each character in upper or lower case as the mask says. */
const recase = (text: string, mask: boolean[]) =>
  [...text].map((c, i) => (mask[i % Math.max(mask.length, 1)] ? c.toUpperCase() : c)).join('');

/** Unreserved characters percent-encoded where the mask says, in either hex case. */
const encodeUnreserved = (text: string, mask: boolean[]) =>
  [...text]
    .map((c, i) => {
      if (!mask[i % Math.max(mask.length, 1)] || !/[A-Za-z0-9\-._~]/.test(c)) return c;
      const hex = c.charCodeAt(0).toString(16).padStart(2, '0');
      return `%${i % 2 ? hex : hex.toUpperCase()}`;
    })
    .join('');

describe('sameUrl, as properties', () => {
  test('normalizing twice changes nothing', () => {
    fc.assert(
      fc.property(
        fc.webUrl({
          withQueryParameters: true,
          withFragments: true,
          authoritySettings: { withPort: true, withUserInfo: true, withIPv6: true },
        }),
        (url) => normalizeUrl(normalizeUrl(url)) === normalizeUrl(url),
      ),
    );
  });

  test('scheme and host in any case, the default port written out, unreserved characters encoded: the same URL', () => {
    fc.assert(
      fc.property(urlParts, fc.array(fc.boolean()), fc.boolean(), (u, mask, writePort) => {
        const path = u.segments.map((s) => `/${s}`).join('');
        const respelt = spell(u, {
          scheme: recase(u.scheme, mask),
          host: recase(u.host, mask),
          ...(u.port === undefined && writePort ? { port: `:${defaultPort(u.scheme)}` } : {}),
          path: encodeUnreserved(path, mask),
        });
        expect(sameUrl(respelt, spell(u, {})), `${respelt} and ${spell(u, {})}`).toBe(true);
      }),
    );
  });

  test('a letter of the path in another case, or a port that is not the default: another URL', () => {
    fc.assert(
      fc.property(urlParts, fc.nat(), (u, at) => {
        const path = `/soap${u.segments.map((s) => `/${s}`).join('')}`;
        // A letter, not a hex digit of a percent-encoding (those are case-insensitive).
        const escaped = (i: number) => path[i - 1] === '%' || path[i - 2] === '%';
        const letters = [...path].flatMap((c, i) => (/[a-z]/i.test(c) && !escaped(i) ? [i] : []));
        const i = letters[at % letters.length]!;
        const c = path[i]!;
        const other = c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase();
        const recased = path.slice(0, i) + other + path.slice(i + 1);
        expect(sameUrl(spell(u, { path: recased }), spell(u, { path }))).toBe(false);
        const port = u.port ?? 1;
        if (String(port) !== defaultPort(u.scheme))
          expect(sameUrl(spell(u, { port: `:${port}` }), spell(u, { port: '' }))).toBe(false);
      }),
    );
  });
});
