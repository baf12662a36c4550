/**
 * rpc/encoded response envelopes as PHP's SoapServer writes them (docs/real-system.md, "SOAP
 * envelopes"):
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
  /** A fault's envelope declares only the envelope namespace (PHP, docs/real-system.md). */
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

interface FieldTags {
  opens: readonly string[];
  closes: readonly string[];
}

/**
 * The fixed strings of one style and namespace: qualified type names, start tags, envelope heads.
 * Computed once and shared by every answer written in them, not rebuilt per value.
 */
class Vocabulary {
  /** Between the elements of a compound value and around the Body: '' or a line and indent. */
  readonly sep: string;
  readonly end: string;
  /** The Body's and the Envelope's end tags. */
  readonly tail: string;
  private readonly heads = new Map<readonly PrefixName[], string>();
  private readonly fieldTags = new Map<Struct, FieldTags>();
  private readonly joints = new Map<Struct, Map<string, readonly string[]>>();
  private readonly typings = new Map<Struct | ArrayType, readonly [string, string]>();

  constructor(
    readonly style: WireStyle,
    readonly namespace: string,
  ) {
    this.sep = style.indent ? '\n  ' : '';
    this.end = style.indent ? '\n' : '';
    this.tail = flat(`</${this.env('Body')}>${this.end}</${this.env('Envelope')}>\n`);
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
  scalarOpen(tag: string, type: Scalar, attributes = ''): string {
    return `<${tag}${attributes} ${this.style.prefix.xsi}:type="${this.typeName(type)}">`;
  }

  /** The start and end tags of each field of a struct, in order. */
  fieldsOf(type: Struct): FieldTags {
    let tags = this.fieldTags.get(type);
    if (!tags) {
      tags = {
        opens: type.fields.map(([name, fieldType]) => flat(this.scalarOpen(name, fieldType))),
        closes: type.fields.map(([name]) => flat(`</${name}>`)),
      };
      this.fieldTags.set(type, tags);
    }
    return tags;
  }

  /**
   * A struct written as <tag> with no attribute and no nil field, as the fixed strings between its
   * fields' texts: the start tag and the first field's, each field's end tag and the next one's
   * start tag, the last field's end tag and the struct's (fewer pieces to join per answer).
   */
  jointsOf(type: Struct, tag: string): readonly string[] {
    let byTag = this.joints.get(type);
    if (!byTag) this.joints.set(type, (byTag = new Map<string, readonly string[]>()));
    let joints = byTag.get(tag);
    if (!joints) {
      const { opens, closes } = this.fieldsOf(type);
      const built = [`<${tag} ${this.typingOf(type)[0]}>${this.sep}${opens[0]}`];
      for (let i = 1; i < opens.length; i++) built.push(closes[i - 1]! + this.sep + opens[i]!);
      built.push(`${closes[closes.length - 1]}${this.end}</${tag}>`);
      byTag.set(tag, (joints = built.map(flat)));
    }
    return joints;
  }

  /**
   * The typing attributes of a struct; of an array, around its member count (SOAP-ENC:arrayType
   * then xsi:type).
   */
  typingOf(type: Struct | ArrayType): readonly [string, string] {
    let typing = this.typings.get(type);
    if (!typing) {
      const { xsi, enc } = this.style.prefix;
      if (type.kind === 'struct')
        typing = [`${xsi}:type="${this.typeName(`tns:${type.name}`)}"`, ''];
      else {
        const arrayType =
          this.style.arrayXsiType === 'soap-enc'
            ? `${enc}:Array`
            : this.typeName(`tns:${type.name}`);
        typing = [
          `${enc}:arrayType="${this.typeName(`tns:${type.item.name}`)}[`,
          `]" ${xsi}:type="${arrayType}"`,
        ];
      }
      typing = [flat(typing[0]), flat(typing[1])];
      this.typings.set(type, typing);
    }
    return typing;
  }

  /** The XML declaration, the Envelope's start tag declaring `names`, and the Body's. */
  head(names: readonly PrefixName[]): string {
    let head = this.heads.get(names);
    if (head === undefined) {
      const uri = { ...NS, tns: this.namespace };
      const declarations = this.style.order
        .filter((name) => names.includes(name))
        .map((name) => ` xmlns:${this.style.prefix[name]}="${escapeText(uri[name])}"`)
        .join('');
      const encodingStyle = names.includes('enc')
        ? ` ${this.style.prefix.env}:encodingStyle="${NS.enc}"`
        : '';
      head =
        `<?xml version="1.0" encoding="UTF-8"?>\n` +
        `<${this.env('Envelope')}${declarations}${encodingStyle}>${this.sep}<${this.env('Body')}>`;
      head = flat(head);
      this.heads.set(names, head);
    }
    return head;
  }
}

/**
 * An exact flat copy of `text`. V8 keeps a concatenation as a tree, walked again each time it is
 * copied: a prepared string, copied into every answer, is made flat once (a join's result is).
 */
function flat(text: string): string {
  return text.length < 2 ? text : text.split('').join('');
}

/** The namespaces an envelope declares: all, all but the service's (declared further in), one. */
const ALL_NAMES: readonly PrefixName[] = ['env', 'tns', 'xsd', 'xsi', 'enc'];
const ALL_BUT_TNS: readonly PrefixName[] = ['env', 'xsd', 'xsi', 'enc'];
const ENV_ONLY: readonly PrefixName[] = ['env'];

/** Vocabularies by style, then namespace (a namespace follows the request's Host: bounded). */
const VOCABULARIES = new WeakMap<WireStyle, Map<string, Vocabulary>>();
const MAX_NAMESPACES = 64;

function vocabularyOf(style: WireStyle, namespace: string): Vocabulary {
  let byNamespace = VOCABULARIES.get(style);
  if (!byNamespace) VOCABULARIES.set(style, (byNamespace = new Map<string, Vocabulary>()));
  let vocabulary = byNamespace.get(namespace);
  if (!vocabulary) {
    if (byNamespace.size >= MAX_NAMESPACES) byNamespace.clear();
    vocabulary = new Vocabulary(style, namespace);
    byNamespace.set(namespace, vocabulary);
  }
  return vocabulary;
}

/**
 * One answer's values, written with a vocabulary: pieces pushed in order and joined once (a join
 * copies each piece once; a chain of concatenations is copied again when it is sent).
 */
class Writer {
  /** The independent elements of multi-reference values, written after the response element. */
  readonly independents: string[] = [];

  constructor(readonly v: Vocabulary) {}

  /** Pushes the element `tag` holding `value` onto `out`. `open`, `close`: a struct field's tags. */
  value(
    out: string[],
    tag: string,
    type: SoapType,
    value: unknown,
    attributes = '',
    open?: string,
    close?: string,
  ): void {
    const { style } = this.v;
    if (value === null || value === undefined) {
      out.push(`<${tag}${attributes} ${style.prefix.xsi}:nil="true"/>`);
      return;
    }
    if (typeof type === 'string') {
      out.push(
        open ?? this.v.scalarOpen(tag, type, attributes),
        scalarContent(type, value),
        close ?? `</${tag}>`,
      );
      return;
    }
    if (type.kind === 'struct' && attributes === '' && !style.multiRef && this.whole(type, value)) {
      const joints = this.v.jointsOf(type, tag);
      const record = value as Record<string, unknown>;
      const { fields } = type;
      out.push(joints[0]!);
      for (let i = 0; i < fields.length; i++) {
        const [name, fieldType] = fields[i]!;
        out.push(scalarContent(fieldType, record[name]), joints[i + 1]!);
      }
      return;
    }
    const { sep } = this.v;
    // A compound written apart (multiRef) gathers its members first: theirs take the lower ids.
    const content = style.multiRef ? [] : out;
    let empty = true;
    let typing: string;
    const at = this.compoundStart(out);
    if (type.kind === 'struct') {
      const record = value as Record<string, unknown>;
      const { opens, closes } = this.v.fieldsOf(type);
      const { fields } = type;
      for (let i = 0; i < fields.length; i++) {
        const [name, fieldType] = fields[i]!;
        if (sep !== '') content.push(sep);
        this.value(content, name, fieldType, record[name], '', opens[i], closes[i]);
      }
      empty = fields.length === 0;
      typing = this.v.typingOf(type)[0];
    } else {
      const items = value as unknown[];
      const member = style.memberName(type.item);
      for (const item of items) {
        if (sep !== '') content.push(sep);
        this.value(content, member, type.item, item);
      }
      empty = items.length === 0;
      const [head, tail] = this.v.typingOf(type);
      typing = style.arraySize ? `${head}${items.length}${tail}` : head + tail;
    }
    this.compoundEnd(out, at, tag, attributes, typing, content, empty);
  }

  /** A struct with fields, none of them null or undefined (written nil). */
  private whole(type: Struct, value: unknown): boolean {
    const record = value as Record<string, unknown>;
    const { fields } = type;
    for (let i = 0; i < fields.length; i++) {
      const field = record[fields[i]![0]];
      if (field === null || field === undefined) return false;
    }
    return fields.length > 0;
  }

  /** Reserves the start tag's place (written once the typing is known); -1 when written apart. */
  private compoundStart(out: string[]): number {
    if (this.v.style.multiRef) return -1;
    out.push('');
    return out.length - 1;
  }

  /**
   * A struct or an array (`content`: its members, empty or not): in place, or (multiRef)
   * referenced from here and written apart.
   */
  private compoundEnd(
    out: string[],
    at: number,
    tag: string,
    attributes: string,
    typing: string,
    content: string[],
    empty: boolean,
  ): void {
    if (at >= 0) {
      out[at] = empty ? `<${tag}${attributes} ${typing}/>` : `<${tag}${attributes} ${typing}>`;
      if (!empty) out.push(this.v.end, `</${tag}>`);
      return;
    }
    const id = `id${this.independents.length}`;
    const extra = ` id="${id}" ${this.v.style.prefix.enc}:root="0"`;
    this.independents.push(
      empty
        ? `<multiRef${extra} ${typing}/>`
        : `<multiRef${extra} ${typing}>${content.join('')}${this.v.end}</multiRef>`,
    );
    out.push(`<${tag}${attributes} href="#${id}"/>`);
  }
}

/** The text of a scalar value that is not null. */
function scalarContent(type: Scalar, value: unknown): string {
  if (type === 'xsd:boolean') return value ? 'true' : 'false';
  if (type === 'xsd:int') return String(Math.trunc(Number(value)));
  return escapeText(scalarText(value));
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
  const element = style.defaultNamespace
    ? `${operation}Response`
    : `${style.prefix.tns}:${operation}Response`;
  const declared =
    (style.defaultNamespace ? ` xmlns="${escapeText(namespace)}"` : '') +
    (tnsHere ? ` xmlns:${style.prefix.tns}="${escapeText(namespace)}"` : '');
  const unqualified = style.defaultNamespace ? ' xmlns=""' : '';
  const out = [v.head(tnsHere ? ALL_BUT_TNS : ALL_NAMES)];
  if (type === null) out.push(`<${element}${declared}/>`);
  else {
    out.push(`<${element}${declared}>`);
    w.value(out, partName, type, value, unqualified);
    out.push(`</${element}>`);
  }
  for (const independent of w.independents) out.push(independent);
  out.push(v.tail);
  return out.join('');
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
    v.head(style.bareFaultEnvelope ? ENV_ONLY : ALL_NAMES) +
    `<${v.env('Fault')}>${members.map((m) => v.sep + m).join('')}${v.end}</${v.env('Fault')}>` +
    v.tail
  );
}
