/** One REST request as the handlers see it, and the ways to answer it in the negotiated format. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ServerState } from '../server-state.ts';
import type { User } from '../domain/users.ts';
import {
  BodyTooLarge,
  readBody,
  restErrorBody,
  send,
  sendAndClose,
  sendTyped,
} from '../http-io.ts';
import type { Format } from './negotiation.ts';
import { requestFormat } from './negotiation.ts';
import type { Paginate } from './pagination.ts';
import { RestError } from './rest-error.ts';
import { decodeXmlRequest, encodeXml } from './xml-codec.ts';
import { xmlInCharset } from '../xml-charset.ts';

export interface RestContext {
  state: ServerState;
  req: IncomingMessage;
  res: ServerResponse;
  params: Readonly<Record<string, string>>;
  query: URLSearchParams;
  /** The answer's format (Accept); XML only where xmlAllowed (§4.5.2). */
  format: Format;
  xmlAllowed: boolean;
  /** {base_url}, for absolute Location headers. */
  baseUrl: string;
  /** Undefined: anonymous. */
  user: User | undefined;
  /** Cuts a collection into the page the query asks for (§8). */
  page: Paginate;
  /** The root element an XML request body must have (§4.5.3: request). */
  xmlRequestRoot: string;
  /** Rewrites an answer before it is serialized: set only by the hooks (hooked.ts). */
  rewriteAnswer?: (answer: Answer) => Answer;
  /** Writes a successful XML answer's text as bytes: set only by the hooks (hooked.ts). */
  xmlBytes?: (xml: string) => Buffer;
}

export interface Answer {
  status: number;
  value: unknown;
  headers: Record<string, string>;
}

/**
 * An answer's body text made before the answer (an artifact's, kept per version): JSON, and XML
 * for a given root element; where absent, the value is serialized as any other.
 */
export interface Serialized {
  json: () => string | Buffer;
  xml?: (root: string) => string;
}

export function reply(
  ctx: Pick<RestContext, 'res' | 'format' | 'rewriteAnswer' | 'xmlBytes'> & { state?: ServerState },
  status: number,
  value: unknown,
  headers: Record<string, string> = {},
  serialized?: Serialized,
): void {
  // A hook's rewrite changes the value: the text made before no longer says it.
  if (ctx.rewriteAnswer) {
    ({ status, value, headers } = ctx.rewriteAnswer({ status, value, headers }));
    serialized = undefined;
  }
  if (ctx.format === 'xml') {
    const { root } = xmlOptions(ctx.state);
    const xml = serialized?.xml?.(root) ?? encodeXml(value, { root });
    const { body, contentType } = ctx.state
      ? xmlInCharset(ctx.state.variants, xml, 'application/xml; charset=utf-8')
      : { body: xml, contentType: 'application/xml; charset=utf-8' };
    const written = ctx.xmlBytes ? ctx.xmlBytes(xml) : body;
    return sendTyped(ctx.res, status, written, contentType, headers);
  }
  const body = serialized?.json() ?? JSON.stringify(value);
  sendTyped(ctx.res, status, body, 'application/json; charset=utf-8', headers);
}

/**
 * One error body shape for every error (rest.errors.payload-shape): {"error":{"code","message"}},
 * in XML on the artifact routes when XML was asked for; a variant's shape otherwise (http-io.ts).
 */
export function replyError(
  ctx: Pick<RestContext, 'res' | 'format'> & { state: ServerState },
  error: RestError | BodyTooLarge,
): void {
  const status = error instanceof RestError ? error.status : 413;
  const message =
    error instanceof RestError ? error.message : `Payload Too Large: ${error.message}`;
  const headers = error instanceof RestError ? { ...error.headers } : {};
  const variants = ctx.state.variants;
  const shaped =
    ctx.format === 'xml' && !variants.on('rest-errors-plain-text')
      ? xmlInCharset(
          variants,
          encodeXml(errorValue(status, message, variants), xmlOptions(ctx.state)),
          'application/xml; charset=utf-8',
        )
      : restErrorBody(status, message, variants, 'application/json; charset=utf-8');
  const all = { 'Content-Type': shaped.contentType, ...headers };
  if (error instanceof BodyTooLarge) return sendAndClose(ctx.res, 413, shaped.body, all);
  send(ctx.res, status, shaped.body, all);
}

/** The error as a value, for XML: the real system's <error><code/><message/></error>, or a problem. */
function errorValue(status: number, message: string, variants: ServerState['variants']): unknown {
  return variants.on('rest-errors-problem-json')
    ? JSON.parse(restErrorBody(status, message, variants).body)
    : { error: { code: status, message } };
}

function xmlOptions(state: ServerState | undefined) {
  return { root: state?.variants.on('xml-root-result') ? 'result' : 'response' };
}

/** Stateless between calls: decode() without {stream: true} starts afresh each time. */
const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Reads a JSON (or, where allowed, XML) request body into a plain value. */
export async function readRequestBody(
  ctx: RestContext,
  options: { emptyAs?: unknown } = {},
): Promise<unknown> {
  const format = requestFormat(ctx.req.headers['content-type'], ctx.xmlAllowed);
  const bytes = await readBody(ctx.req);
  if (bytes.length === 0 && 'emptyAs' in options) return options.emptyAs;
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    throw new RestError(400, 'the body is not valid UTF-8');
  }
  if (format === 'xml') return decodeXmlRequest(text, ctx.xmlRequestRoot);
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new RestError(400, `the body is not valid JSON: ${(error as Error).message}`);
  }
}

/** A path parameter that must be an id: digits only (the real system: "abc" → 400). */
export function idParam(ctx: RestContext, name: string): number {
  const raw = ctx.params[name] ?? '';
  const id = Number(raw);
  if (!/^\d{1,15}$/.test(raw) || !Number.isSafeInteger(id))
    throw new RestError(400, `${name} must be an integer id, got '${raw.slice(0, 40)}'`);
  return id;
}
