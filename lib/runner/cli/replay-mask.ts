/**
 * What differs from run to run in a failure that is the same (replay.ts): ids, ports, Etags, and
 * dates (the Date, Last-Modified and Expires headers, a token's expiry, a timestamp in a body).
 */

const DAY = '(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)(?:day|sday|nesday|rsday|urday)?';
const MONTH = '(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)';
const TIME = '\\d{1,2}:\\d{2}(?::\\d{2}(?:\\.\\d+)?)?';
const ZONE = '(?:\\s?(?:GMT|UTC)(?:[+-]\\d{4})?(?: \\([^)]*\\))?)?';

/**
 * A date in each form a server or the harness writes one: an HTTP-date and its obsolete forms
 * (RFC 9110 §5.6.7: IMF-fixdate, RFC 850, asctime), ISO 8601 (with or without time, fraction and
 * offset), and JavaScript's Date#toString.
 */
const DATES = new RegExp(
  [
    `\\b${DAY},? \\d{1,2}[ -]${MONTH}[ -]\\d{2,4} ${TIME}${ZONE}`,
    `\\b${DAY} ${MONTH} [ \\d]?\\d (?:${TIME} \\d{4}|\\d{4} ${TIME})${ZONE}`,
    `\\b\\d{4}-\\d{2}-\\d{2}(?:[T ]${TIME}(?:Z|[+-]\\d{2}:?\\d{2})?)?\\b`,
  ].join('|'),
  'g',
);

/** A Unix time in seconds or milliseconds of this century's first decades (2001 to 2033). */
const UNIX_TIME = /\b1\d{9}(?:\d{3})?\b/g;

/** A text with every date in it replaced by one mark: two texts that differ by dates only match. */
export function maskDates(text: string): string {
  return text.replace(DATES, '<date>').replace(UNIX_TIME, '<date>');
}

/**
 * A message compared with its dates and every word that holds a digit masked (the expected and
 * actual values are compared with their dates masked only: their statuses and counts matter).
 */
export function masked(text: string): string {
  return maskDates(text).replace(/[\w.:-]*\d[\w.:-]*/g, '#');
}
