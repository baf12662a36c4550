/**
 * `prepare` writes ids into the profile's `fixtures` and changes no other byte of the file: its
 * accounts, their layout (one-line objects stay one line), the order of its fields and its indent
 * are the user's (README, `prepare`). The text is edited where the `fixtures` members are, found
 * by a scan of the JSON; a value that is there is replaced, a new one added after the last member,
 * on a line of its own when the object is written over several lines.
 */

interface Member {
  key: string;
  /** Where the member's key starts (its opening quote). */
  start: number;
  valueStart: number;
  valueEnd: number;
}

interface ObjectSpan {
  open: number;
  close: number;
  members: Member[];
}

/** The text with fixtures.<key> set to each value; the rest of the text as it was. */
export function setFixturesText(text: string, ids: Record<string, unknown>): string {
  let out = text;
  for (const [key, value] of Object.entries(ids)) out = setFixture(out, key, value);
  const expected = JSON.parse(text) as Record<string, unknown>;
  expected['fixtures'] = { ...(expected['fixtures'] as object | undefined), ...ids };
  // The edit is checked against what the parsed file with those ids is.
  if (JSON.stringify(JSON.parse(out)) !== JSON.stringify(expected))
    throw new Error(
      'prepare: the profile could not be edited in place (its fixtures are no object)',
    );
  return out;
}

function setFixture(text: string, key: string, value: unknown): string {
  const root = objectAt(text, skipSpace(text, 0));
  const fixtures = root.members.find((m) => m.key === 'fixtures');
  if (fixtures === undefined)
    return addMember(
      text,
      root,
      'fixtures',
      `{ ${JSON.stringify(key)}: ${JSON.stringify(value)} }`,
    );
  const object = objectAt(text, fixtures.valueStart);
  const member = object.members.find((m) => m.key === key);
  if (member !== undefined)
    return text.slice(0, member.valueStart) + JSON.stringify(value) + text.slice(member.valueEnd);
  return addMember(text, object, key, JSON.stringify(value));
}

/** Adds `"key": value` last in the object, in the object's layout. */
function addMember(text: string, object: ObjectSpan, key: string, value: string): string {
  const member = `${JSON.stringify(key)}: ${value}`;
  const last = object.members.at(-1);
  if (last === undefined)
    return `${text.slice(0, object.open + 1)} ${member} ${text.slice(object.close)}`;
  const multiLine = text.slice(last.valueEnd, object.close).includes('\n');
  const lineStart = text.lastIndexOf('\n', last.start) + 1;
  const indent = /^[ \t]*/.exec(text.slice(lineStart))![0];
  const added = multiLine ? `,\n${indent}${member}` : `, ${member}`;
  return text.slice(0, last.valueEnd) + added + text.slice(last.valueEnd);
}

function objectAt(text: string, open: number): ObjectSpan {
  if (text[open] !== '{') throw new Error(`prepare: the profile has no JSON object at ${open}`);
  const members: Member[] = [];
  let i = skipSpace(text, open + 1);
  if (text[i] === '}') return { open, close: i, members };
  for (;;) {
    const start = i;
    const keyEnd = skipString(text, i);
    const key = JSON.parse(text.slice(i, keyEnd)) as string;
    i = skipSpace(text, keyEnd);
    if (text[i] !== ':') throw new Error(`prepare: the profile has no ':' at ${i}`);
    const valueStart = skipSpace(text, i + 1);
    const valueEnd = skipValue(text, valueStart);
    members.push({ key, start, valueStart, valueEnd });
    i = skipSpace(text, valueEnd);
    if (text[i] === '}') return { open, close: i, members };
    if (text[i] !== ',') throw new Error(`prepare: the profile has no ',' at ${i}`);
    i = skipSpace(text, i + 1);
  }
}

function skipSpace(text: string, i: number): number {
  while (i < text.length && ' \t\r\n'.includes(text[i]!)) i += 1;
  return i;
}

function skipString(text: string, i: number): number {
  if (text[i] !== '"') throw new Error(`prepare: the profile has no string at ${i}`);
  for (let j = i + 1; j < text.length; j += 1) {
    if (text[j] === '\\') j += 1;
    else if (text[j] === '"') return j + 1;
  }
  throw new Error('prepare: the profile has an unterminated string');
}

function skipValue(text: string, i: number): number {
  const c = text[i];
  if (c === '"') return skipString(text, i);
  if (c === '{' || c === '[') {
    let depth = 0;
    for (let j = i; j < text.length; j += 1) {
      const d = text[j];
      if (d === '"') j = skipString(text, j) - 1;
      else if (d === '{' || d === '[') depth += 1;
      else if (d === '}' || d === ']') {
        depth -= 1;
        if (depth === 0) return j + 1;
      }
    }
    throw new Error('prepare: the profile has an unclosed object or array');
  }
  let j = i;
  while (j < text.length && !',}] \t\r\n'.includes(text[j]!)) j += 1;
  return j;
}
