/**
 * How one REST request authenticates (§5.2): the headers it carries. Apart from auth.ts, which
 * obtains them, so that the request helpers (requests.ts) take one without importing auth.ts.
 */
export interface Auth {
  /** For messages: 'anonymous', 'token of projectAdmin', … */
  label: string;
  headers: Record<string, string>;
  /** For token auth: the values sent. */
  token?: { userId: string; token: string };
}
