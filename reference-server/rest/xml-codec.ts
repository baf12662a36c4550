/**
 * XML for the artifact routes (§4.5, docs/real-system.md, "XML"). Output: root <response>, object
 * members as
 * elements, every array element as <item> (§4.5.4, also for arrays of integers), null as an empty
 * element. Input: root <request> (§4.5.3), children mirroring the JSON keys; values, and
 * bind_value_ids are arrays of <item>; ids are integers. A DOCTYPE is refused, so no entity is
 * ever declared or expanded; only XML's five predefined entities and character references exist.
 */
import { XMLValidator } from 'fast-xml-parser';
import { escapeText, scalarText, xmlParser } from '../xml.ts';
import { RestError } from './rest-error.ts';

/** root: the answer's root element, 'response' as the real system (another with a variant; not shown). */
export function encodeXml(value: unknown, options: { root?: string } = {}): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n${element(options.root ?? 'response', value)}`;
}

function element(name: string, value: unknown): string {
  if (value === null || value === undefined) return `<${name}/>`;
  if (Array.isArray(value))
    return `<${name}>${value.map((v) => element('item', v)).join('')}</${name}>`;
  if (typeof value === 'object') {
    const members = Object.entries(value).map(([key, v]) => element(key, v));
    return `<${name}>${members.join('')}</${name}>`;
  }
  return `<${name}>${escapeText(scalarText(value))}</${name}>`;
}

const MAX_DEPTH = 32;

const parser = xmlParser({ ignoreAttributes: true });

type Ordered = Record<string, unknown>;

/** Keys whose children are <item> entries. */
const ARRAY_KEYS = new Set(['values', 'bind_value_ids']);
/** Keys holding integers. */
const INTEGER_KEYS = new Set(['id', 'field_id']);

/** Decodes a <request> document into the plain object the JSON body would have been. */
export function decodeXmlRequest(text: string, expectedRoot = 'request'): Record<string, unknown> {
  if (/<!DOCTYPE/i.test(text)) throw new RestError(400, 'Malformed XML: a DOCTYPE is not allowed');
  if (nestingDepth(text) > MAX_DEPTH)
    throw new RestError(400, `Malformed XML: elements nested deeper than ${MAX_DEPTH}`);
  const valid = XMLValidator.validate(text);
  if (valid !== true)
    throw new RestError(400, `Malformed XML: ${valid.err.msg} at line ${valid.err.line}`);
  const roots = (parser.parse(text) as Ordered[]).filter((node) => !nameOf(node).startsWith('?'));
  const root = roots[0];
  if (!root || nameOf(root) !== expectedRoot)
    throw new RestError(
      400,
      `Malformed XML: the root element must be <${expectedRoot}>, not <${root ? nameOf(root) : ''}>`,
    );
  return objectOf(root);
}

function nameOf(node: Ordered): string {
  return Object.keys(node).find((k) => k !== ':@') ?? '';
}

function childrenOf(node: Ordered): Ordered[] {
  return (node[nameOf(node)] as Ordered[] | undefined) ?? [];
}

function elementsOf(node: Ordered): Ordered[] {
  return childrenOf(node).filter((child) => nameOf(child) !== '#text');
}

function textOf(node: Ordered): string {
  return childrenOf(node)
    .map((child) => (nameOf(child) === '#text' ? String(child['#text']) : ''))
    .join('');
}

function objectOf(node: Ordered): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  for (const child of elementsOf(node)) {
    const key = nameOf(child);
    if (key in object)
      throw new RestError(400, `Malformed XML: <${key}> appears twice in <${nameOf(node)}>`);
    object[key] = valueOf(key, child);
  }
  return object;
}

function valueOf(key: string, node: Ordered): unknown {
  const elements = elementsOf(node);
  if (ARRAY_KEYS.has(key)) {
    const stray = elements.find((e) => nameOf(e) !== 'item');
    if (stray)
      throw new RestError(
        400,
        `Malformed XML: <${key}> holds <${nameOf(stray)}>; each entry is an <item>`,
      );
    return elements.map((item) =>
      elementsOf(item).length > 0 ? objectOf(item) : scalarOf(key, item),
    );
  }
  if (elements.length > 0) return objectOf(node);
  return scalarOf(key, node);
}

function scalarOf(key: string, node: Ordered): unknown {
  const text = textOf(node);
  const integer = INTEGER_KEYS.has(key) || key === 'bind_value_ids';
  return integer && /^\s*[+-]?\d+\s*$/.test(text) ? Number(text) : text;
}

/** Depth of element nesting, by a linear scan (bounds the recursive parser on hostile input). */
function nestingDepth(text: string): number {
  let depth = 0;
  let max = 0;
  for (const match of text.matchAll(/<(\/?)[A-Za-z_][^>]*?(\/?)>/g)) {
    if (match[1] === '/') depth -= 1;
    else if (match[2] !== '/') max = Math.max(max, ++depth);
  }
  return max;
}
