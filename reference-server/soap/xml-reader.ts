/**
 * A strict, one-pass XML reader for what a SOAP 1.1 request may hold (XML 1.0 well-formedness):
 * elements, attributes, text, the five predefined entities and character references, CDATA,
 * comments and processing instructions. It refuses what is not well-formed, so no validation pass
 * precedes it. No DTD is read (request.ts refuses a DOCTYPE before), hence no other entity: a
 * reference expands to at most one character, and the tree is bounded by the input. Nesting is
 * bounded too (MAX_DEPTH), and nothing recurses: no input can exhaust the stack.
 */

export interface XmlElement {
  /** The qualified name as written: 'SOAP-ENV:Body'. */
  name: string;
  /** By qualified name, in document order; values with references decoded. */
  attributes: ReadonlyMap<string, string>;
  /** Child elements and text segments (CDATA included) in document order. */
  children: Array<XmlElement | string>;
}

export class MalformedXml extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(message);
  }
}

export interface ReadOptions {
  /** Drop every text segment made only of spaces, tabs, CR or LF (the variant php-whitespace). */
  dropWhitespaceText?: boolean;
}

/**
 * Elements nested deeper than this (the root at depth 1) are refused: the depth fast-xml-parser,
 * the server's reader before, let through (100 nested tags below the root).
 */
export const MAX_DEPTH = 101;

const NO_ATTRIBUTES: ReadonlyMap<string, string> = new Map();

// XML 1.0 §2.3 NameStartChar and NameChar (surrogate pairs accepted as a whole).
const START =
  ':A-Z_a-z\\u00C0-\\u00D6\\u00D8-\\u00F6\\u00F8-\\u02FF\\u0370-\\u037D\\u037F-\\u1FFF\\u200C-\\u200D\\u2070-\\u218F\\u2C00-\\u2FEF\\u3001-\\uD7FF\\uF900-\\uFDCF\\uFDF0-\\uFFFD';
const NAME = new RegExp(
  // Combining marks (U+0300–U+036F) may continue a name (§2.3): in the class on purpose.
  // eslint-disable-next-line no-misleading-character-class
  `(?:[${START}]|[\\uD800-\\uDBFF][\\uDC00-\\uDFFF])(?:[${START}.0-9\\u00B7\\u0300-\\u036F\\u203F-\\u2040-]|[\\uD800-\\uDBFF][\\uDC00-\\uDFFF])*`,
  'y',
);
/** ASCII name characters: 1 may start a name, 2 only continue one (others: the NAME pattern). */
const ASCII_NAME = new Uint8Array(128);
for (const c of ':ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz')
  ASCII_NAME[c.charCodeAt(0)] = 1;
for (const c of '-.0123456789') ASCII_NAME[c.charCodeAt(0)] = 2;
/**
 * XML 1.0 §2.2 Char: no C0 control but tab and LF (CR is normalized away), no U+FFFE or U+FFFF.
 * (A lone surrogate cannot come out of a strict UTF-8 decoder, which is where requests come from.)
 */
// eslint-disable-next-line no-control-regex -- the control characters XML forbids are the point
const BAD_CHAR = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;
const WHITESPACE_ONLY = /^[ \t\r\n]+$/;
const PREDEFINED: ReadonlyMap<string, string> = new Map([
  ['amp', '&'],
  ['lt', '<'],
  ['gt', '>'],
  ['quot', '"'],
  ['apos', "'"],
]);

/** The root element of `source`; MalformedXml if it is not a well-formed document. */
export function readXml(source: string, options: ReadOptions = {}): XmlElement {
  // XML 1.0 §2.11: CRLF and lone CR are read as LF (a CR stays possible as &#13;).
  const xml = source.includes('\r') ? source.replace(/\r\n?/g, '\n') : source;
  return new Reader(xml, options.dropWhitespaceText === true).document();
}

class Reader {
  private pos = 0;

  constructor(
    private readonly xml: string,
    private readonly dropWhitespace: boolean,
  ) {}

  document(): XmlElement {
    const { xml } = this;
    if (BAD_CHAR.test(xml)) this.fail('a character XML does not allow', xml.search(BAD_CHAR));
    if (xml.startsWith('<?xml') && /^<\?xml[ \t\n]/.test(xml)) this.skipPi(true);
    let root: XmlElement | undefined;
    while (this.pos < xml.length) {
      this.skipSpaces();
      if (this.pos >= xml.length) break;
      if (!xml.startsWith('<', this.pos)) this.fail('text outside the root element');
      if (xml.startsWith('<?', this.pos)) this.skipPi(false);
      else if (xml.startsWith('<!--', this.pos)) this.skipComment();
      else if (xml.startsWith('<!', this.pos) || xml.startsWith('</', this.pos))
        this.fail('markup outside the root element');
      else if (root !== undefined) this.fail('a second root element');
      else root = this.element();
    }
    if (root === undefined) this.fail('no root element');
    return root;
  }

  /** The element at pos and everything in it, read with an explicit stack. */
  private element(): XmlElement {
    const { xml } = this;
    const stack: XmlElement[] = [];
    let root: XmlElement | undefined;
    for (;;) {
      // At a start tag.
      const element = this.startTag();
      const parent = stack[stack.length - 1];
      if (parent) parent.children.push(element);
      else root = element;
      if (xml.startsWith('/>', this.pos)) {
        this.pos += 2;
        if (!parent) return root!;
      } else {
        this.pos += 1; // '>'
        stack.push(element);
        if (stack.length > MAX_DEPTH) this.fail(`elements nested deeper than ${MAX_DEPTH}`);
      }
      // Content until the next start tag, or until the stack empties.
      for (;;) {
        const current = stack[stack.length - 1]!;
        this.text(current);
        if (this.pos >= xml.length) this.fail(`<${current.name}> is not closed`);
        if (xml.startsWith('</', this.pos)) {
          this.endTag(current);
          stack.pop();
          if (stack.length === 0) return root!;
        } else if (xml.startsWith('<!--', this.pos)) this.skipComment();
        else if (xml.startsWith('<![CDATA[', this.pos)) this.cdata(current);
        else if (xml.startsWith('<?', this.pos)) this.skipPi(false);
        else if (xml.startsWith('<!', this.pos)) this.fail('a declaration inside an element');
        else break;
      }
    }
  }

  /** `<name attributes`, leaving pos at '>' or '/>'. */
  private startTag(): XmlElement {
    this.pos += 1;
    const name = this.name('an element name');
    let attributes: Map<string, string> | undefined;
    for (;;) {
      const before = this.pos;
      this.skipSpaces();
      const c = this.xml.charCodeAt(this.pos);
      if (c === 0x3e /* > */ || (c === 0x2f /* / */ && this.xml.charCodeAt(this.pos + 1) === 0x3e))
        break;
      if (this.pos === before) this.fail(`a malformed start tag <${name}>`);
      const attribute = this.name('an attribute name');
      this.skipSpaces();
      if (this.xml.charCodeAt(this.pos) !== 0x3d /* = */)
        this.fail(`attribute ${attribute} has no value`);
      this.pos += 1;
      this.skipSpaces();
      attributes ??= new Map();
      if (attributes.has(attribute)) this.fail(`attribute ${attribute} given twice`);
      attributes.set(attribute, this.attributeValue());
    }
    return { name, attributes: attributes ?? NO_ATTRIBUTES, children: [] };
  }

  private attributeValue(): string {
    const { xml } = this;
    const quote = xml[this.pos];
    if (quote !== '"' && quote !== "'") this.fail('an attribute value without quotes');
    const end = xml.indexOf(quote, this.pos + 1);
    if (end === -1) this.fail('an attribute value not closed');
    const raw = xml.slice(this.pos + 1, end);
    if (raw.includes('<')) this.fail("'<' in an attribute value", this.pos + raw.indexOf('<'));
    const value = raw.includes('&') ? this.references(raw, this.pos + 1) : raw;
    this.pos = end + 1;
    // XML 1.0 §3.3.3: each white space character is read as a space (CDATA-typed attributes).
    return raw.includes('\t') || raw.includes('\n') ? value.replace(/[\t\n]/g, ' ') : value;
  }

  private endTag(current: XmlElement): void {
    this.pos += 2;
    const name = this.name('an end tag name');
    this.skipSpaces();
    if (this.xml.charCodeAt(this.pos) !== 0x3e) this.fail(`a malformed end tag </${name}>`);
    if (name !== current.name) this.fail(`</${name}> closes <${current.name}>`);
    this.pos += 1;
  }

  /** Character data up to the next '<', references decoded, added to `parent`. */
  private text(parent: XmlElement): void {
    const { xml } = this;
    let end = xml.indexOf('<', this.pos);
    if (end === -1) end = xml.length;
    if (end === this.pos) return;
    const raw = xml.slice(this.pos, end);
    if (raw.includes(']]>')) this.fail("']]>' in text", this.pos + raw.indexOf(']]>'));
    const value = raw.includes('&') ? this.references(raw, this.pos) : raw;
    this.pos = end;
    this.addText(parent, value);
  }

  private cdata(parent: XmlElement): void {
    const start = this.pos + '<![CDATA['.length;
    const end = this.xml.indexOf(']]>', start);
    if (end === -1) this.fail('a CDATA section not closed');
    this.pos = end + 3;
    if (end > start) this.addText(parent, this.xml.slice(start, end));
  }

  private addText(parent: XmlElement, value: string): void {
    if (this.dropWhitespace && WHITESPACE_ONLY.test(value)) return;
    parent.children.push(value);
  }

  /** `raw` (which starts at `offset`) with its references replaced; a bad reference fails. */
  private references(raw: string, offset: number): string {
    let out = '';
    let from = 0;
    for (let amp = raw.indexOf('&'); amp !== -1; amp = raw.indexOf('&', from)) {
      const semicolon = raw.indexOf(';', amp + 1);
      if (semicolon === -1) this.fail("an '&' that starts no reference", offset + amp);
      const ref = raw.slice(amp + 1, semicolon);
      out += raw.slice(from, amp) + this.reference(ref, offset + amp);
      from = semicolon + 1;
    }
    return out + raw.slice(from);
  }

  private reference(ref: string, at: number): string {
    const named = PREDEFINED.get(ref);
    if (named !== undefined) return named;
    const digits = /^#(?:x([0-9a-fA-F]{1,6})|([0-9]{1,7}))$/.exec(ref);
    if (!digits) this.fail(`an unknown reference &${ref.slice(0, 20)};`, at);
    const code = digits[1] !== undefined ? parseInt(digits[1], 16) : Number(digits[2]);
    const allowed =
      code === 0x9 ||
      code === 0xa ||
      code === 0xd ||
      (code >= 0x20 && code <= 0xd7ff) ||
      (code >= 0xe000 && code <= 0xfffd) ||
      (code >= 0x10000 && code <= 0x10ffff);
    if (!allowed) this.fail(`a reference to a character XML does not allow: &${ref};`, at);
    return String.fromCodePoint(code);
  }

  private skipComment(): void {
    const start = this.pos + 4;
    const end = this.xml.indexOf('--', start);
    if (end === -1) this.fail('a comment not closed');
    if (this.xml.charCodeAt(end + 2) !== 0x3e) this.fail("'--' inside a comment", end);
    this.pos = end + 3;
  }

  /** `<?target …?>`; the XML declaration only at the very start (`declaration`). */
  private skipPi(declaration: boolean): void {
    this.pos += 2;
    const target = this.name('a processing instruction target');
    if (!declaration && target.toLowerCase() === 'xml')
      this.fail('an XML declaration not at the start');
    const end = this.xml.indexOf('?>', this.pos);
    if (end === -1) this.fail('a processing instruction not closed');
    if (end > this.pos && !/[ \t\n]/.test(this.xml[this.pos]!))
      this.fail('a malformed processing instruction');
    this.pos = end + 2;
  }

  private name(what: string): string {
    const { xml } = this;
    const start = this.pos;
    // The common all-ASCII name without a regular expression; any other falls back to NAME.
    if (ASCII_NAME[xml.charCodeAt(start)] === 1) {
      let end = start + 1;
      let c = xml.charCodeAt(end);
      while (c < 0x80 && ASCII_NAME[c] !== 0) c = xml.charCodeAt(++end);
      if (!(c >= 0x80)) {
        this.pos = end;
        return xml.slice(start, end);
      }
    }
    NAME.lastIndex = start;
    const match = NAME.exec(xml);
    if (!match) this.fail(`${what} was expected`);
    this.pos = NAME.lastIndex;
    return match[0];
  }

  private skipSpaces(): void {
    const { xml } = this;
    let c = xml.charCodeAt(this.pos);
    while (c === 0x20 || c === 0x0a || c === 0x09) c = xml.charCodeAt(++this.pos);
  }

  private fail(message: string, at = this.pos): never {
    let line = 1;
    for (let i = this.xml.indexOf('\n'); i !== -1 && i < at; i = this.xml.indexOf('\n', i + 1))
      line++;
    throw new MalformedXml(message, line);
  }
}
