/**
 * Resource uris are relative to /api/ in the real system ("projects/101"); a leading / is an
 * absolute path, and an absolute URL is followed as it is.
 */
export function apiPath(uri: string): string {
  if (/^https?:\/\//i.test(uri) || uri.startsWith('/')) return uri;
  return `/api/${uri}`;
}
