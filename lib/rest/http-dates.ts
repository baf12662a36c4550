/**
 * A date long before any artifact existed, written like the Last-Modified the target sent: an
 * HTTP-date (RFC 9110 §5.6.7), ISO 8601 (the real system until 2016, tuleap-facts B.5) or a Unix
 * time. Sent as If-Unmodified-Since it names no version of the artifact (§4.4.3), in a form the
 * target reads: an HTTP server may ignore an If-Unmodified-Since it cannot parse (RFC 9110 §13.1.4).
 */
const STALE = new Date(Date.UTC(2001, 2, 5, 14, 14, 55));

export function staleDateLike(lastModified: string): string {
  const value = lastModified.trim();
  if (/^\d{4}-\d{2}-\d{2}T/.test(value)) return STALE.toISOString().replace(/\.\d{3}Z$/, '+00:00');
  if (/^\d+$/.test(value)) return String(STALE.getTime() / 1000);
  return STALE.toUTCString();
}
