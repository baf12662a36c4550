/**
 * Variants (`--variant NAME`, repeatable): other choices that the specification leaves open, each
 * one a correct implementation could make. Where planted faults (faults.ts) show that the suites
 * catch a wrong server, variants show that they accept a correct one that is not ours: the whole
 * run against each variant must exit 0 with no MUST failure and no harness error
 * (tests/variants.test.ts). Never on by default.
 */
export interface Variant {
  name: string;
  /** What the server does instead of the reference server's choice. */
  chooses: string;
  /** Why a correct implementation may do so: where the specification leaves it open. */
  because: string;
}

const variant = <N extends string>(name: N, chooses: string, because: string) => ({
  name,
  chooses,
  because,
});

export const VARIANTS = [
  variant(
    'chunked-bodies',
    'every answer is framed with Transfer-Encoding: chunked, never Content-Length',
    'HTTP/1.1 lets a server frame a body either way (RFC 9112 §6); the spec says nothing of framing',
  ),
  variant(
    'header-names-lowercase',
    'response header names are sent in lower case (etag, last-modified, x-pagination-size)',
    'header names are case-insensitive (RFC 9110 §5.1); §2.2 and §4.4 only name them',
  ),
  variant(
    'idle-close-1s',
    'an idle keep-alive connection is closed after 1 s, while the Keep-Alive hint still says 30 s',
    "HTTP/1.1 lets a server close an idle connection at any time (RFC 9112 §9.8); Apache's default KeepAliveTimeout is 5 s, and a client may reuse a connection the server has just closed",
  ),
] as const satisfies readonly Variant[];

/** The name of a variant: a typo in `variants.on(...)` is a compile error. */
export type VariantName = (typeof VARIANTS)[number]['name'];

export class UnknownVariant extends Error {}

export class Variants {
  private readonly active: ReadonlySet<string>;

  constructor(names: readonly string[] = []) {
    const unknown = names.filter((n) => !VARIANTS.some((v) => v.name === n));
    if (unknown.length > 0)
      throw new UnknownVariant(
        `unknown variant ${unknown.join(', ')}; known: ${VARIANTS.map((v) => v.name).join(', ')}`,
      );
    this.active = new Set(names);
  }

  on(name: VariantName): boolean {
    return this.active.has(name);
  }

  get names(): readonly string[] {
    return [...this.active];
  }
}
