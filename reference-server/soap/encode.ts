/**
 * rpc/encoded response envelopes as PHP's SoapServer writes them (shared/notes/stack.md §2):
 * xsi:type on every value, arrays as SOAP-ENC:arrayType with <item> elements, unqualified parts.
 * A WireStyle writes the same values as another SOAP 1.1 stack may (the variants of
 * wire-style.ts): other prefixes, a default namespace, other member names, no array size.
 */
import type { ArrayType, Scalar, SoapType, Struct } from './soap-types.ts';
import { escapeText, scalarText } from '../xml.ts';

export const NS = {
  env: 'http://schemas.xmlsoap.org/soap/envelope/',
  enc: 'http://schemas.xmlsoap.org/soap/encoding/',
  xsd: 'http://www.w3.org/2001/XMLSchema',
  xsi: 'http://www.w3.org/2001/XMLSchema-instance',
} as const;

export interface WireStyle {
  /** Prefixes of the envelope, SOAP-ENC, XML Schema, its instance and the service namespace. */
  prefix: { env: string; enc: string; xsd: string; xsi: string; tns: string };
  /** Namespace declarations in the order written (PHP: env, tns, enc or xsd, xsi). */
  order: ReadonlyArray<keyof WireStyle['prefix']>;
  /** Where the service namespace is declared: on the Envelope (PHP) or on the response element. */
  tnsDeclaredOn: 'envelope' | 'response';
  /**
   * The response element in the default namespace (<getXResponse xmlns="{tns}">): its parts then
   * reset it (xmlns="") to stay unqualified. (The Envelope stays prefixed: zeep 4.2 reads no
   * unqualified faultcode inside a Fault in a default namespace.)
   */
  defaultNamespace: boolean;
  /** The element name of an array member (SOAP 1.1 §5.4.2: insignificant). */
  memberName(item: Struct): string;
  /** SOAP-ENC:arrayType with the member count ('T[3]') or asserting none ('T[]', §5.4.2). */
  arraySize: boolean;
  /** Arrays typed as the WSDL declares them (ns1:ArrayOfX, PHP) or as SOAP-ENC:Array (NuSOAP). */
  arrayXsiType: 'declared' | 'soap-enc';
  /** A fault's envelope declares only the envelope namespace (PHP, tuleap-facts A.1). */
  bareFaultEnvelope: boolean;
  /** Line breaks and indentation between elements. */
  indent: boolean;
  /**
   * Structs and arrays as multi-reference values (SOAP 1.1 §5.2.1, as Axis writes them): the
   * accessor carries href="#idN", the value is an independent <multiRef id="idN"> of the Body.
   */
  multiRef: boolean;
}

export const PHP_STYLE: WireStyle = {
  prefix: { env: 'SOAP-ENV', enc: 'SOAP-ENC', xsd: 'xsd', xsi: 'xsi', tns: 'ns1' },
  order: ['env', 'tns', 'xsd', 'xsi', 'enc'],
  tnsDeclaredOn: 'envelope',
  defaultNamespace: false,
  memberName: () => 'item',
  arraySize: true,
  arrayXsiType: 'declared',
  bareFaultEnvelope: false,
  indent: false,
  multiRef: false,
};

type PrefixName = keyof WireStyle['prefix'];

/**
 * The fixed strings of one style and namespace: qualified type names, start tags, envelope heads.
 * Computed once and shared by every answer written in them (issue 16), not rebuilt per value.
 */
class Vocabulary {
  private readonly cache = new Map<string, string>();
  /** Between the elements of a compound value and around the Body: '' or a line and indent. */
  readonly sep: string;
  readonly end: string;

  constructor(
    readonly style: WireStyle,
    readonly namespace: string,
  ) {
    this.sep = style.indent ? '\n  ' : '';
    this.end = style.indent ? '\n' : '';
  }

  private once(key: string, make: () => string): string {
    let text = this.cache.get(key);
    if (text === undefined) {
      text = make();
      this.cache.set(key, text);
    }
    return text;
  }

  /** 'xsd:int' or 'tns:ServiceValue' with this style's prefixes. */
  typeName(type: string): string {
    const [prefix, local] = type.split(':') as [string, string];
    return `${prefix === 'xsd' ? this.style.prefix.xsd : this.style.prefix.tns}:${local}`;
  }

  /** An element of the envelope namespace: Envelope, Body, Fault. */
  env(local: string): string {
    return `${this.style.prefix.env}:${local}`;
  }

  /** `<tag attributes xsi:type="T">` of a scalar value. */
  scalarOpen(tag: string, type: Scalar, attributes: string): string {
    return this.once(
      `s ${tag} ${type} ${attributes}`,
      () => `<${tag}${attributes} ${this.style.prefix.xsi}:type="${this.typeName(type)}">`,
    );
  }

  /** The xsi:type attribute of a struct. */
  structTyping(type: Struct): string {
    return this.once(
      `t ${type.name}`,
      () => `${this.style.prefix.xsi}:type="${this.typeName(`tns:${type.name}`)}"`,
    );
  }

  /** The typing attributes of an array of `size` members ('' when the style states none). */
  arrayTyping(type: ArrayType, size: string): string {
    const { xsi, enc } = this.style.prefix;
    const [head, tail] = [
      this.once(
        `a ${type.name}`,
        () => `${enc}:arrayType="${this.typeName(`tns:${type.item.name}`)}[`,
      ),
      this.once(`A ${type.name}`, () => {
        const arrayType =
          this.style.arrayXsiType === 'soap-enc'
            ? `${enc}:Array`
            : this.typeName(`tns:${type.name}`);
        return `]" ${xsi}:type="${arrayType}"`;
      }),
    ];
    return head + size + tail;
  }

  /** The XML declaration, the Envelope's start tag declaring `names`, and the Body's. */
  head(names: readonly PrefixName[]): string {
    return this.once(`h ${names.join(' ')}`, () => {
      const uri = { ...NS, tns: this.namespace };
      const declarations = this.style.order
        .filter((name) => names.includes(name))
        .map((name) => ` xmlns:${this.style.prefix[name]}="${escapeText(uri[name])}"`)
        .join('');
      const encodingStyle = names.includes('enc')
        ? ` ${this.style.prefix.env}:encodingStyle="${NS.enc}"`
        : '';
      return (
        `<?xml version="1.0" encoding="UTF-8"?>\n` +
        `<${this.env('Envelope')}${declarations}${encodingStyle}>${this.sep}<${this.env('Body')}>`
      );
    });
  }

  /** The Body's and the Envelope's end tags. */
  tail(): string {
    return this.once('e', () => `</${this.env('Body')}>${this.end}</${this.env('Envelope')}>\n`);
  }
}

/** Vocabularies by style, then namespace (a namespace follows the request's Host: bounded). */
const VOCABULARIES = new WeakMap<WireStyle, Map<string, Vocabulary>>();
const MAX_NAMESPACES = 64;

function vocabularyOf(style: WireStyle, namespace: string): Vocabulary {
  let byNamespace = VOCABULARIES.get(style);
  if (!byNamespace) VOCABULARIES.set(style, (byNamespace = new Map()));
  let vocabulary = byNamespace.get(namespace);
  if (!vocabulary) {
    if (byNamespace.size >= MAX_NAMESPACES) byNamespace.clear();
    vocabulary = new Vocabulary(style, namespace);
    byNamespace.set(namespace, vocabulary);
  }
  return vocabulary;
}

/** One answer's values, written with a vocabulary. */
class Writer {
  /** The independent elements of multi-reference values, written after the response element. */
  readonly independents: string[] = [];

  constructor(readonly v: Vocabulary) {}

  value(tag: string, type: SoapType, value: unknown, attributes = ''): string {
    const { style } = this.v;
    if (value === null || value === undefined)
      return `<${tag}${attributes} ${style.prefix.xsi}:nil="true"/>`;
    if (typeof type === 'string') {
      const text =
        type === 'xsd:boolean'
          ? value
            ? 'true'
            : 'false'
          : type === 'xsd:int'
            ? String(Math.trunc(Number(value)))
            : escapeText(scalarText(value));
      return `${this.v.scalarOpen(tag, type, attributes)}${text}</${tag}>`;
    }
    let content = '';
    if (type.kind === 'struct') {
      const record = value as Record<string, unknown>;
      for (const [name, fieldType] of type.fields)
        content += this.v.sep + this.value(name, fieldType, record[name]);
      return this.compound(tag, attributes, this.v.structTyping(type), content);
    }
    const items = value as unknown[];
    const member = style.memberName(type.item);
    for (const item of items) content += this.v.sep + this.value(member, type.item, item);
    const size = style.arraySize ? String(items.length) : '';
    return this.compound(tag, attributes, this.v.arrayTyping(type, size), content);
  }

  /**
   * A struct or an array (`content`: its members, '' for none): in place, or (multiRef)
   * referenced from here and written apart.
   */
  private compound(tag: string, attributes: string, typing: string, content: string): string {
    if (!this.v.style.multiRef) return element(tag, attributes, typing, content, this.v.end);
    const id = `id${this.independents.length}`;
    const extra = ` id="${id}" ${this.v.style.prefix.enc}:root="0"`;
    this.independents.push(element('multiRef', extra, typing, content, this.v.end));
    return `<${tag}${attributes} href="#${id}"/>`;
  }
}

function element(name: string, extra: string, typing: string, content: string, end: string) {
  return content === ''
    ? `<${name}${extra} ${typing}/>`
    : `<${name}${extra} ${typing}>${content}${end}</${name}>`;
}

/** §4.1: the response message <op>Response, its output part named <op> (none when type is null). */
export function encodeResponse(
  namespace: string,
  operation: string,
  type: SoapType | null,
  value: unknown,
  partName = operation,
  style: WireStyle = PHP_STYLE,
): string {
  const v = vocabularyOf(style, namespace);
  const w = new Writer(v);
  const tnsHere = style.tnsDeclaredOn === 'response' || style.defaultNamespace;
  const envelopeNames = (['env', 'tns', 'xsd', 'xsi', 'enc'] as const).filter(
    (n) => !(n === 'tns' && tnsHere),
  );
  const element = style.defaultNamespace
    ? `${operation}Response`
    : `${style.prefix.tns}:${operation}Response`;
  const declared =
    (style.defaultNamespace ? ` xmlns="${escapeText(namespace)}"` : '') +
    (tnsHere ? ` xmlns:${style.prefix.tns}="${escapeText(namespace)}"` : '');
  const unqualified = style.defaultNamespace ? ' xmlns=""' : '';
  const part = type === null ? '' : w.value(partName, type, value, unqualified);
  return (
    v.head(envelopeNames) +
    (part === '' ? `<${element}${declared}/>` : `<${element}${declared}>${part}</${element}>`) +
    w.independents.join('') +
    v.tail()
  );
}

/** A SOAP 1.1 fault; faultcode is the bare §7.1 number, or SOAP-ENV:Client/Server for bad requests. */
export function encodeFault(
  namespace: string,
  faultcode: string,
  faultstring: string,
  style: WireStyle = PHP_STYLE,
  detail?: string,
): string {
  const v = vocabularyOf(style, namespace);
  // A qualified faultcode names its prefix: the one this style binds to the envelope namespace.
  const code = faultcode.replace(/^SOAP-ENV:/, `${style.prefix.env}:`);
  const members = [
    `<faultcode>${escapeText(code)}</faultcode>`,
    `<faultstring>${escapeText(faultstring)}</faultstring>`,
    ...(detail === undefined ? [] : [`<detail>${escapeText(detail)}</detail>`]),
  ];
  return (
    v.head(style.bareFaultEnvelope ? ['env'] : ['env', 'tns', 'xsd', 'xsi', 'enc']) +
    `<${v.env('Fault')}>${members.map((m) => v.sep + m).join('')}${v.end}</${v.env('Fault')}>` +
    v.tail()
  );
}
