/** README.md's Performance block, between two markers, rewritten by `npm run bench`. */
export const BEGIN = '<!-- bench:begin -->';
export const END = '<!-- bench:end -->';

/** `readme` with what stands between the markers replaced by `block`; both markers once each. */
export function replaceReadmeBlock(readme: string, block: string): string {
  const begin = readme.indexOf(BEGIN);
  const end = readme.indexOf(END);
  if (
    begin < 0 ||
    end < begin ||
    readme.indexOf(BEGIN, begin + 1) >= 0 ||
    readme.indexOf(END, end + 1) >= 0
  )
    throw new Error(`README.md: expected ${BEGIN} then ${END}, once each`);
  return `${readme.slice(0, begin + BEGIN.length)}\n\n${block.trim()}\n\n${readme.slice(end)}`;
}
