/**
 * rpc/encoded response envelopes as PHP's SoapServer writes them (shared/notes/stack.md §2):
 * xsi:type on every value, arrays as SOAP-ENC:arrayType with <item> elements, unqualified parts.
 * A WireStyle writes the same values as another SOAP 1.1 stack may (the variants of
 * wire-style.ts): other prefixes, a default namespace, other member names, no array size.
 */
import type { SoapType, Struct } from './soap-types.ts';
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

/** Qualified names and the layout of one answer, from its style. */
class Writer {
  /** The independent elements of multi-reference values, written after the response element. */
  readonly independents: string[] = [];

  constructor(
    readonly style: WireStyle,
    private readonly namespace: string,
  ) {}

  /** 'xsd:int' or 'tns:ServiceValue' with this style's prefixes. */
  typeName(type: string): string {
    const [prefix, local] = type.split(':') as [string, string];
    return `${prefix === 'xsd' ? this.style.prefix.xsd : this.style.prefix.tns}:${local}`;
  }

  /** An element of the envelope namespace: Envelope, Body, Fault. */
  env(local: string): string {
    return `${this.style.prefix.env}:${local}`;
  }

  join(parts: readonly string[]): string {
    return this.style.indent ? `\n  ${parts.join('\n  ')}\n` : parts.join('');
  }

  declarations(names: ReadonlyArray<keyof WireStyle['prefix']>): string {
    const uri = { ...NS, tns: this.namespace };
    return this.style.order
      .filter((name) => names.includes(name))
      .map((name) => ` xmlns:${this.style.prefix[name]}="${escapeText(uri[name])}"`)
      .join('');
  }

  value(tag: string, type: SoapType, value: unknown, attributes = ''): string {
    const { xsi, enc } = this.style.prefix;
    const open = `${tag}${attributes}`;
    if (value === null || value === undefined) return `<${open} ${xsi}:nil="true"/>`;
    if (typeof type === 'string') {
      const text =
        type === 'xsd:boolean'
          ? value
            ? 'true'
            : 'false'
          : type === 'xsd:int'
            ? String(Math.trunc(Number(value)))
            : escapeText(scalarText(value));
      return `<${open} ${xsi}:type="${this.typeName(type)}">${text}</${tag}>`;
    }
    if (type.kind === 'struct') {
      const record = value as Record<string, unknown>;
      const fields = type.fields.map(([name, fieldType]) =>
        this.value(name, fieldType, record[name]),
      );
      return this.compound(
        tag,
        attributes,
        `${xsi}:type="${this.typeName(`tns:${type.name}`)}"`,
        fields,
      );
    }
    const items = value as unknown[];
    const size = this.style.arraySize ? String(items.length) : '';
    const arrayType =
      this.style.arrayXsiType === 'soap-enc' ? `${enc}:Array` : this.typeName(`tns:${type.name}`);
    const array = `${enc}:arrayType="${this.typeName(`tns:${type.item.name}`)}[${size}]" ${xsi}:type="${arrayType}"`;
    const member = this.style.memberName(type.item);
    return this.compound(
      tag,
      attributes,
      array,
      items.map((item) => this.value(member, type.item, item)),
    );
  }

  /** A struct or an array: in place, or (multiRef) referenced from here and written apart. */
  private compound(tag: string, attributes: string, typing: string, content: string[]): string {
    const element = (name: string, extra: string) =>
      content.length === 0
        ? `<${name}${extra} ${typing}/>`
        : `<${name}${extra} ${typing}>${this.join(content)}</${name}>`;
    if (!this.style.multiRef) return element(tag, attributes);
    const id = `id${this.independents.length}`;
    this.independents.push(element('multiRef', ` id="${id}" ${this.style.prefix.enc}:root="0"`));
    return `<${tag}${attributes} href="#${id}"/>`;
  }

  envelope(body: string, names: ReadonlyArray<keyof WireStyle['prefix']>): string {
    const encodingStyle = names.includes('enc')
      ? ` ${this.style.prefix.env}:encodingStyle="${NS.enc}"`
      : '';
    return (
      `<?xml version="1.0" encoding="UTF-8"?>\n` +
      `<${this.env('Envelope')}${this.declarations(names)}${encodingStyle}>` +
      `${this.join([`<${this.env('Body')}>${body}</${this.env('Body')}>`])}</${this.env('Envelope')}>\n`
    );
  }
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
  const w = new Writer(style, namespace);
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
  return w.envelope(
    (part === '' ? `<${element}${declared}/>` : `<${element}${declared}>${part}</${element}>`) +
      w.independents.join(''),
    envelopeNames,
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
  const w = new Writer(style, namespace);
  // A qualified faultcode names its prefix: the one this style binds to the envelope namespace.
  const code = faultcode.replace(/^SOAP-ENV:/, `${style.prefix.env}:`);
  const members = [
    `<faultcode>${escapeText(code)}</faultcode>`,
    `<faultstring>${escapeText(faultstring)}</faultstring>`,
    ...(detail === undefined ? [] : [`<detail>${escapeText(detail)}</detail>`]),
  ];
  return w.envelope(
    `<${w.env('Fault')}>${w.join(members)}</${w.env('Fault')}>`,
    style.bareFaultEnvelope ? ['env'] : ['env', 'tns', 'xsd', 'xsi', 'enc'],
  );
}
