/**
 * A generated block of a Markdown page, between two markers: docs/performance.md's Performance
 * block, rewritten by `npm run bench`, and the lists of docs/reference-server.md
 * (tests/docs.test.ts).
 */
export interface Markers {
  begin: string;
  end: string;
}

/** The Performance block's markers in docs/performance.md. */
export const PERFORMANCE: Markers = { begin: '<!-- bench:begin -->', end: '<!-- bench:end -->' };

/** `text` with what stands between the markers replaced by `block`; both markers once each. */
export function replaceBlock(
  text: string,
  block: string,
  { begin: BEGIN, end: END }: Markers = PERFORMANCE,
): string {
  const begin = text.indexOf(BEGIN);
  const end = text.indexOf(END);
  if (
    begin < 0 ||
    end < begin ||
    text.indexOf(BEGIN, begin + 1) >= 0 ||
    text.indexOf(END, end + 1) >= 0
  )
    throw new Error(`expected ${BEGIN} then ${END}, once each`);
  return `${text.slice(0, begin + BEGIN.length)}\n\n${block.trim()}\n\n${text.slice(end)}`;
}
