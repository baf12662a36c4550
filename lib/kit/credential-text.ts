/**
 * A valid token or session key in another form (spec/matrix/credentials.ts): the same text with
 * its letters' case changed, or one more character before or after it. Each stays in the valid
 * text's alphabet, so that a refusal says the credentials are not the same, never that their
 * characters are not allowed.
 */

/** The text with the case of each of its letters changed; undefined when it has no cased letter. */
export function caseChanged(valid: string): string | undefined {
  const swapped = [...valid]
    .map((c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase()))
    .join('');
  return swapped === valid ? undefined : swapped;
}

/** One more character before the text: its own first. */
export const prefixed = (valid: string): string => `${valid.slice(0, 1) || '0'}${valid}`;

/** One more character after the text: its own last. */
export const suffixed = (valid: string): string => `${valid}${valid.slice(-1) || '0'}`;
