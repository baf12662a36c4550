/**
 * Judging the answer of an artifact route in the format the request asked for (§4.5.1: Accept
 * chooses the answer's format, Content-type the request's). The artifact's representation is
 * 'not shown' (rest.artifacts.representation): what the answer holds is compared with what was
 * written only where it is in the real system's shape (an id member, values [{field_id, …}]). A
 * write answered with no body (the real system's PUT: 200, empty) has no format to judge: the
 * write is judged by its read-back; a GET with no body is unjudgeable, never passed.
 */
import type { HttpResponse } from '../clients/http.ts';
import { parseXml, XmlError, type XmlNode } from '../xml/tree.ts';
import {
  normalised,
  readValuesJson,
  readValuesXml,
  type ModelValue,
  type ModelValues,
} from './artifact-values.ts';
import { BrokenFeature, excerpt, type Asked } from './broken.ts';
import { is2xx, jsonOf, XML_TYPE } from './requests.ts';
import { BODY_REFUSED } from './artifacts.ts';
import { Unjudgeable } from './unjudgeable.ts';

/** What the answer must agree with: the artifact's id when known, and the values just written. */
export interface Written {
  /** The rule of the write: named when the answer refuses it or shows other values. */
  rule: string;
  id?: number;
  values: ModelValues;
  /** Whether the answer must show the values (GET: the artifact itself); else only when it does. */
  valuesRequired: boolean;
  /**
   * The rule that states the JSON body the written one mirrors (§4.5.3), where the spec states it
   * (creation: rest.artifacts.creation-body): a write refused as not understood relies on it.
   */
  bodyRule?: string;
  /**
   * The rules the write's effect relies on beside its own (a read of the values written: the
   * JSON write of the same values, rest.artifacts.create or .update; a PUT sent without
   * concurrency headers, rest.concurrency.no-header-overwrites).
   */
  reliesOn?: readonly string[];
}

/** What the answer shows of the artifact: its id, when the answer has an id member or element. */
export interface Shown {
  id?: number;
}

/** The media type of an answer, lower case, without its parameters ('' when none). */
export function mediaType(answer: HttpResponse): string {
  return (answer.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
}

function described(answer: HttpResponse): string {
  const type = answer.headers['content-type'];
  return `${answer.status} with ${type === undefined ? 'no Content-Type' : `Content-Type ${type}`}: ${excerpt(answer)}`;
}

/** Whether the answer has a body to judge (a write's may have none). */
function hasBody(answer: HttpResponse, asked: Asked, written: Written, format: string): boolean {
  if (!is2xx(answer.status))
    throw new BrokenFeature(
      `${asked.what}: expected success with the artifact in ${format}, got ${described(answer)} (${written.rule})`,
      written.rule,
      [
        ...(written.reliesOn ?? []),
        ...(written.bodyRule !== undefined && BODY_REFUSED.has(answer.status)
          ? [written.bodyRule]
          : []),
      ],
    );
  if (answer.text.trim() !== '') return true;
  if (!written.valuesRequired) return false;
  throw new Unjudgeable(
    `could not judge the format of the answer: ${asked.what} answered ${answer.status} with no body, where §4.3 gives the artifact (its shape is 'not shown'; ${asked.rule})`,
  );
}

/**
 * An answer asked in XML (Accept: application/xml): 2xx, Content-Type application/xml (parameters
 * allowed), a well-formed document whose id and values, where it shows them, are the artifact's.
 */
export function judgeXmlAnswer(answer: HttpResponse, asked: Asked, written: Written): Shown {
  if (!hasBody(answer, asked, written, 'XML')) return {};
  if (mediaType(answer) !== XML_TYPE)
    throw new BrokenFeature(
      `${asked.what}: expected the answer in XML (Content-Type ${XML_TYPE}, §4.5.1), got ${described(answer)} (${asked.rule})`,
      asked.rule,
    );
  let root: XmlNode;
  try {
    root = parseXml(answer.text);
  } catch (error) {
    if (!(error instanceof XmlError)) throw error;
    throw new BrokenFeature(
      `${asked.what}: asked for XML, got ${notXml(error)} labelled ${XML_TYPE}: ${excerpt(answer)} (${asked.rule})`,
      asked.rule,
    );
  }
  const text = root.children.find((c) => c.name === 'id')?.text.trim();
  const id = text !== undefined && /^\d+$/.test(text) ? Number(text) : undefined;
  agreeOnId(id, asked, written);
  if (written.valuesRequired || root.children.some((c) => c.name === 'values'))
    agreeOnValues(readValuesXml(answer.text), asked, written, 'its XML answer');
  return id === undefined ? {} : { id };
}

/**
 * What a body labelled XML that does not parse is, in the domain's words (tree.ts): JSON, HTML,
 * text, or a document that is not well-formed XML (at which line).
 */
function notXml(error: XmlError): string {
  const words = error.message.replace(/, not XML$/, '');
  return words.startsWith('not well-formed')
    ? `a document that is ${words.replace(/\(line (\d+)\)$/, '(at line $1)')}`
    : words;
}

/**
 * An answer asked in JSON (Accept: application/json) to a request sent in XML: 2xx, a JSON body
 * not labelled as XML, whose id and values, where it shows them, are the artifact's.
 */
export function judgeJsonAnswer(answer: HttpResponse, asked: Asked, written: Written): Shown {
  if (!hasBody(answer, asked, written, 'JSON')) return {};
  const json = jsonOf(answer);
  if (json === undefined || mediaType(answer).endsWith('xml'))
    throw new BrokenFeature(
      `${asked.what}: expected the answer in JSON (Accept: application/json; Content-type sets the format of the request only, §4.5.1), got ${described(answer)} (${asked.rule})`,
      asked.rule,
    );
  const members: Record<string, unknown> =
    typeof json === 'object' && json !== null ? { ...json } : {};
  const id = Number.isInteger(members['id']) ? (members['id'] as number) : undefined;
  agreeOnId(id, asked, written);
  if (written.valuesRequired || Array.isArray(members['values']))
    agreeOnValues(readValuesJson(json), asked, written, 'its JSON answer');
  return id === undefined ? {} : { id };
}

function agreeOnId(shown: number | undefined, asked: Asked, written: Written): void {
  if (shown !== undefined && written.id !== undefined && shown !== written.id)
    throw new BrokenFeature(
      `${asked.what}: the answer names artifact ${shown}, not artifact ${written.id} (${written.rule})`,
      written.rule,
    );
}

function agreeOnValues(
  shown: Map<number, ModelValue>,
  asked: Asked,
  written: Written,
  where: string,
): void {
  const wrong = valuesDisagreement(shown, written.values);
  if (!wrong) return;
  // Only a list value differs in an XML answer: read through its <item> elements (§4.5.4).
  const scalars = new Map([...written.values].filter(([, value]) => !Array.isArray(value)));
  const itemsOnly = where.includes('XML') && valuesDisagreement(shown, scalars) === undefined;
  throw new BrokenFeature(`${asked.what}: ${where} ${wrong} (${written.rule})`, written.rule, [
    ...(written.reliesOn ?? []),
    ...(itemsOnly ? ['rest.xml.item-arrays'] : []),
  ]);
}

/** The first field whose value is not the one sent, in words; undefined when all agree. */
export function valuesDisagreement(
  shown: ReadonlyMap<number, ModelValue>,
  sent: ModelValues,
): string | undefined {
  for (const [field, value] of normalised(sent)) {
    const actual = shown.get(field);
    const same =
      JSON.stringify(actual) === JSON.stringify(value) ||
      (Array.isArray(value) && value.length === 0 && actual === undefined);
    if (!same)
      return `gives field ${field} the value ${JSON.stringify(actual) ?? '(none)'}, where ${JSON.stringify(value)} was sent`;
  }
  return undefined;
}
