/**
 * What a test did to the target, read from its wire transcript: the successful calls that create
 * or change something (SOAP operations, tokens, artifacts) and the reads that show a prior state.
 * Read from the wire, so every suite is covered without declaring anything.
 */
import type { Exchange } from '../clients/transcript.ts';
import { SOAP_NS } from '../soap/envelope.ts';
import { soapBodyRoot } from '../soap/references.ts';
import { parseXml, type XmlNode } from '../xml/tree.ts';
import { scalarText } from '../scalar-text.ts';

export type WireAction =
  | {
      kind: 'soap';
      operation: string;
      /** The parts' texts in the order sent (§4.2 gives each operation's order). */
      args: string[];
      ok: boolean;
      /** The output part of a successful call. */
      answer?: XmlNode;
    }
  | { kind: 'token'; userId: string; token: string }
  | { kind: 'token-deleted'; token: string }
  /** `tracker`: from the request's JSON, else the answer's; absent when neither says. */
  | { kind: 'artifact'; id: string; tracker?: string }
  /** A user group's users read (GET /api/user_groups/<id>/users, the real system's route). */
  | { kind: 'user-group-read'; group: string; users: Array<{ id: string; username: string }> };

export function wireActions(exchanges: readonly Exchange[]): WireAction[] {
  return exchanges.flatMap((e) => {
    const action = e.status === undefined ? undefined : actionOf(e);
    return action ? [action] : [];
  });
}

function actionOf(e: Exchange): WireAction | undefined {
  const path = new URL(e.url).pathname.replace(/^\/api(?=\/)/, '');
  const ok = e.status! >= 200 && e.status! < 300;
  if (e.method === 'POST' && /^\/soap(\/project)?\/?$|^\/soap\/index\.php$/.test(path))
    return soapAction(e);
  if (e.method === 'POST' && path === '/tokens' && ok) {
    const body = json(e.responseBody);
    const token = body?.['token'];
    const userId = body?.['user_id'];
    return typeof token === 'string' ? { kind: 'token', token, userId: String(userId) } : undefined;
  }
  if (e.method === 'DELETE' && path.startsWith('/tokens/') && ok)
    return { kind: 'token-deleted', token: decodeURIComponent(path.slice('/tokens/'.length)) };
  const group = /^\/user_groups\/([^/]+)\/users$/.exec(path)?.[1];
  if (e.method === 'GET' && group !== undefined && e.status === 200) {
    const users = jsonArray(e.responseBody);
    // A page of the collection is not the whole group: only a complete answer is a prior state.
    const size = Number(e.responseHeaders?.['x-pagination-size'] ?? users?.length);
    if (users === undefined || size !== users.length) return undefined;
    return {
      kind: 'user-group-read',
      group: decodeURIComponent(group),
      users: users.map((u) => ({
        id: scalarText((u as { id?: unknown }).id) ?? '?',
        username: scalarText((u as { username?: unknown }).username) ?? '?',
      })),
    };
  }
  if (e.method === 'POST' && path === '/artifacts' && ok) {
    const id =
      e.responseHeaders?.['location']?.match(/(\d+)\/?$/)?.[1] ??
      scalarText(json(e.responseBody)?.['id']) ??
      '?';
    const trackerOf = (body: string | undefined) =>
      scalarText((json(body)?.['tracker'] as { id?: unknown } | undefined)?.id);
    const tracker = trackerOf(e.requestBody) ?? trackerOf(e.responseBody);
    return { kind: 'artifact', id, ...(tracker === undefined ? {} : { tracker }) };
  }
  return undefined;
}

function soapAction(e: Exchange): WireAction | undefined {
  const call = soapBody(e.requestBody);
  if (!call) return undefined;
  const answer = e.status === 200 ? soapBody(e.responseBody ?? '') : undefined;
  const ok = answer !== undefined && answer.name === `${call.name}Response`;
  return {
    kind: 'soap',
    operation: call.name,
    args: call.children.map((p) => p.text),
    ok,
    ...(ok && answer.children[0] ? { answer: answer.children[0] } : {}),
  };
}

/** The SOAP Body's first entry (references resolved), or undefined when the text is no envelope. */
function soapBody(text: string): XmlNode | undefined {
  try {
    const root = parseXml(text);
    if (root.name !== 'Envelope' || root.ns !== SOAP_NS.env) return undefined;
    return soapBodyRoot(root);
  } catch {
    return undefined;
  }
}

function json(text: string | undefined): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text ?? '');
    return typeof value === 'object' && value !== null
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

function jsonArray(text: string | undefined): unknown[] | undefined {
  try {
    const value: unknown = JSON.parse(text ?? '');
    return Array.isArray(value) ? value : undefined;
  } catch {
    return undefined;
  }
}
