/**
 * Reads the entries of a HAR 1.2 file (log.entries) one at a time from a stream of text, so that
 * memory holds one entry, never the file. The rest of the document is skipped, not built. A
 * malformed or truncated file stops the reading with the position (line, column, character) and
 * how many entries came before: what they hold is still judged.
 */
export class HarReadError extends Error {
  constructor(
    readonly reason: string,
    readonly line: number,
    readonly column: number,
    readonly offset: number,
    /** Entries read before the error. */
    readonly entriesRead: number,
  ) {
    super(`${reason} at line ${line}, column ${column} (character ${offset})`);
  }
}

export interface HarEntryText {
  /** From 1, in file order. */
  index: number;
  /** The entry parsed as JSON. */
  entry: unknown;
}

interface Frame {
  kind: '{' | '[';
  /** Objects: the key whose value is being read. */
  key?: string;
  /** Objects: the next string is a key. */
  expectingKey?: boolean;
  /** The array that is log.entries. */
  entries?: boolean;
}

export async function* harEntries(
  chunks: AsyncIterable<string> | Iterable<string>,
): AsyncGenerator<HarEntryText> {
  const stack: Frame[] = [];
  let inString = false;
  let escaped = false;
  let keyText: string[] | undefined;
  let sawRoot = false;
  let sawEntries = false;
  let entriesClosed = false;
  let index = 0;
  // The entry being captured: the parts of it from earlier chunks, and where it began.
  let capture: string[] | undefined;
  let captureDepth = 0;
  let captureAt = { line: 0, column: 0, offset: 0 };
  // Position of the start of the current chunk.
  let line = 1;
  let lineStart = 0;
  let offset = 0;

  // JSON strings hold no raw newline: the scan meets every one, so line and lineStart are current.
  const fail = (reason: string, at: number): never => {
    throw new HarReadError(reason, line, offset + at - lineStart + 1, offset + at, index);
  };

  for await (const text of chunks) {
    let i = 0;
    let captureFrom = capture ? 0 : -1;
    while (i < text.length) {
      if (inString) {
        // Jump to the next quote or backslash: strings are most of a HAR.
        if (escaped) {
          escaped = false;
          if (keyText) keyText.push(text[i]!);
          i += 1;
          continue;
        }
        const quote = text.indexOf('"', i);
        const slash = text.indexOf('\\', i);
        const stop = quote < 0 ? slash : slash < 0 ? quote : Math.min(quote, slash);
        if (stop < 0) {
          if (keyText) keyText.push(text.slice(i));
          i = text.length;
          break;
        }
        if (keyText) keyText.push(text.slice(i, stop));
        if (text[stop] === '\\') {
          escaped = true;
          if (keyText) keyText.push('\\');
          i = stop + 1;
          continue;
        }
        inString = false;
        i = stop + 1;
        const top = stack[stack.length - 1];
        if (keyText && top) {
          top.key = keyText.join('');
          top.expectingKey = false;
          keyText = undefined;
        }
        continue;
      }
      const c = text[i]!;
      if (c === '"') {
        inString = true;
        const top = stack[stack.length - 1];
        keyText = top?.kind === '{' && top.expectingKey ? [] : undefined;
      } else if (c === '{' || c === '[') {
        if (stack.length === 0) {
          if (sawRoot || c !== '{') fail('not a HAR file: expected one JSON object', i);
          sawRoot = true;
        }
        const top = stack[stack.length - 1];
        if (top?.entries && c === '{' && !capture) {
          capture = [];
          captureFrom = i;
          captureDepth = stack.length;
          captureAt = { line, column: offset + i - lineStart + 1, offset: offset + i };
        }
        const isEntries =
          c === '[' && stack.length === 2 && stack[0]!.key === 'log' && stack[1]!.key === 'entries';
        if (isEntries) sawEntries = true;
        stack.push({
          kind: c,
          ...(c === '{' ? { expectingKey: true } : {}),
          ...(isEntries ? { entries: true } : {}),
        });
      } else if (c === '}' || c === ']') {
        const top = stack.pop();
        if (!top || top.kind !== (c === '}' ? '{' : '[')) fail(`unbalanced '${c}'`, i);
        if (top!.entries) entriesClosed = true;
        if (capture && stack.length === captureDepth) {
          capture.push(text.slice(captureFrom, i + 1));
          const entryText = capture.join('');
          capture = undefined;
          captureFrom = -1;
          index += 1;
          let entry: unknown;
          try {
            entry = JSON.parse(entryText);
          } catch (error) {
            throw new HarReadError(
              `entry ${index} is not valid JSON (${(error as Error).message})`,
              captureAt.line,
              captureAt.column,
              captureAt.offset,
              index - 1,
            );
          }
          yield { index, entry };
        }
      } else if (c === ',') {
        const top = stack[stack.length - 1];
        if (top?.kind === '{') top.expectingKey = true;
      } else if (c === '\n') {
        line += 1;
        lineStart = offset + i + 1;
      }
      i += 1;
    }
    if (capture && captureFrom >= 0) capture.push(text.slice(captureFrom));
    offset += text.length;
  }
  if (!sawRoot) throw new HarReadError('not a HAR file: empty', line, 1, offset, index);
  if (stack.length > 0 || inString) {
    const where = capture ? `inside entry ${index + 1}` : 'before the document closes';
    throw new HarReadError(
      `truncated: the file ends ${where}`,
      line,
      offset - lineStart + 1,
      offset,
      index,
    );
  }
  if (!sawEntries || !entriesClosed)
    throw new HarReadError(
      'not a HAR 1.2 file: no log.entries array',
      line,
      offset - lineStart + 1,
      offset,
      index,
    );
}
