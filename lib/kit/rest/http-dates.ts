/**
 * A date long before any artifact existed, written like the Last-Modified the target sent: an
 * HTTP-date (RFC 9110 §5.6.7), ISO 8601 (the real system until 2016, docs/real-system.md, "Etag,
 * Last-Modified") or a Unix
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

const DAY = '(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)';
const LONG_DAY = '(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)';
const MONTH = '(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)';
const TIME = '\\d{2}:\\d{2}:\\d{2}';
/** RFC 9110 §5.6.7: the IMF-fixdate, and the obsolete forms a recipient must accept too. */
const IMF_FIXDATE = new RegExp(`^${DAY}, \\d{2} ${MONTH} \\d{4} ${TIME} GMT$`);
const RFC850_DATE = new RegExp(`^${LONG_DAY}, (\\d{2})-(${MONTH})-(\\d{2}) (${TIME}) GMT$`);
const ASCTIME_DATE = new RegExp(`^${DAY} ${MONTH} [ \\d]\\d ${TIME} \\d{4}$`);
const ISO_8601 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/;

/**
 * The time a Last-Modified names (§4.4.1 "timestamp of the last modification"), in milliseconds, in
 * each form staleDateLike writes back: an HTTP-date, ISO 8601 or a Unix time; undefined otherwise.
 */
export function timestampOf(value: string): number | undefined {
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const readable =
    IMF_FIXDATE.test(text) || ISO_8601.test(text)
      ? text
      : RFC850_DATE.test(text)
        ? text.replace(RFC850_DATE, '$1 $2 $3 $4 GMT') // two-digit year: Date.parse picks the century
        : ASCTIME_DATE.test(text)
          ? `${text} GMT` // an asctime-date is in GMT without saying so
          : undefined;
  const ms = readable === undefined ? Number.NaN : Date.parse(readable);
  return Number.isFinite(ms) ? ms : undefined;
}
