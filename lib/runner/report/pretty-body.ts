/**
 * Indented JSON and XML for reading a body in the report. Display only: the raw bytes stay
 * available next to it (a user copies those), so a body that does not parse is shown raw.
 */

/** The indented form, or undefined when the body is neither JSON nor well-nested XML. */
export function prettyBody(body: string): string | undefined {
  const text = body.trim();
  if (text.startsWith('{') || text.startsWith('[')) return prettyJson(text);
  if (text.startsWith('<')) return prettyXml(text);
  return undefined;
}

export function prettyJson(text: string): string | undefined {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return undefined;
  }
}

const TOKEN = /<!\[CDATA\[[\s\S]*?\]\]>|<!--[\s\S]*?-->|<[?!][^>]*>|<\/?[^<>]+>|[^<]+/g;

/**
 * One element per line, two spaces per level; an element holding only text stays on one line.
 * Text is kept as it is (trimmed of the whitespace between tags only).
 */
export function prettyXml(text: string): string | undefined {
  const tokens = text.match(TOKEN) ?? [];
  if (tokens.join('') !== text) return undefined;
  const lines: string[] = [];
  const open: string[] = [];
  const pad = () => '  '.repeat(open.length);
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (!token.startsWith('<')) {
      if (token.trim() === '') continue;
      lines.push(pad() + token.trim());
      continue;
    }
    if (token.startsWith('</')) {
      const name = tagName(token);
      if (open.pop() !== name) return undefined;
      lines.push(pad() + token);
      continue;
    }
    if (token.startsWith('<?') || token.startsWith('<!') || token.endsWith('/>')) {
      lines.push(pad() + token);
      continue;
    }
    const name = tagName(token);
    const next = tokens[i + 1];
    const after = tokens[i + 2];
    // <a>text</a> on one line.
    if (next !== undefined && !next.startsWith('<') && after === `</${name}>`) {
      lines.push(pad() + token + next + after);
      i += 2;
      continue;
    }
    if (next === `</${name}>`) {
      lines.push(pad() + token + next);
      i += 1;
      continue;
    }
    lines.push(pad() + token);
    open.push(name);
  }
  return open.length === 0 ? lines.join('\n') : undefined;
}

function tagName(tag: string): string {
  return /^<\/?([^\s/>]+)/.exec(tag)?.[1] ?? '';
}
