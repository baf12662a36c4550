/** Resource uris are relative to /api/ in the real system ("projects/101"); a leading / is absolute. */
export function apiPath(uri: string): string {
  return uri.startsWith('/') ? uri : `/api/${uri}`;
}
