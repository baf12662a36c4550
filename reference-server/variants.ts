import type { ProfileFile } from '../lib/target/profile.ts';

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
  /** What a user would write in the profile for such a server (tests/variants.test.ts passes it). */
  profile?: ProfileFile;
}

const variant = <N extends string>(
  name: N,
  chooses: string,
  because: string,
  profile?: ProfileFile,
) => ({ name, chooses, because, ...(profile === undefined ? {} : { profile }) });

/** The admins user group of the variant 'admins-ugroup-other-id' (the real system's is 4). */
export const OTHER_ADMINS_UGROUP = 20;

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
    'php-whitespace',
    'SOAP request parsing drops text nodes made only of spaces, tabs, CR or LF (a string part "\\n" arrives as "")',
    "the real system's SOAP stack does (PHP SoapServer::handle() with no argument, tuleap-facts A.1); whitespace inside a value is kept",
  ),
  variant(
    'admins-ugroup-other-id',
    `the user group of a project's admins has id ${OTHER_ADMINS_UGROUP}; there is no user group 4`,
    "§4.2 #4 names user groups by id and never says which one holds the admins: 4 is the real system's convention",
    { projectAdminsUgroupId: OTHER_ADMINS_UGROUP },
  ),
  variant(
    'no-admins-ugroup',
    "no user group holds a project's admins (user group 4 answers 3301); admins come from addProject alone",
    'the spec names no user group a client could rely on; such a target is run with the default profile (4), which the suites probe',
  ),
  variant(
    'no-description-fields',
    'the platform has no project description fields: getPlateformProjectDescriptionFields answers 3107',
    '§7.1 3107 exists for such a platform; nothing in §4.2 requires fields',
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
