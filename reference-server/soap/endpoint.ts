/**
 * The SOAP endpoints: {base}/soap/project/ (§4.1, the 14 operations) and {base}/soap/ (the core
 * login that gives session keys, docs/real-system.md). GET ?wsdl serves the WSDL; POST a call.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { soapOperation } from '../../spec/soap-operations.ts';
import type { ServerState } from '../server-state.ts';
import type { Variants } from '../variants.ts';
import { DomainError } from '../domain/errors.ts';
import { BodyTooLarge, readBody, send } from '../http-io.ts';
import { encodeFault, encodeResponse, type WireStyle } from './encode.ts';
import { handleProject, isProjectOperation, LOGIN_OPERATIONS } from './operations.ts';
import { BadRequest, parseCall, readArgs } from './request.ts';
import { SESSION, typeOf } from './soap-types.ts';
import type { SoapWire } from './hooks.ts';
import {
  checkOwnName,
  faultTextOf,
  ownBase,
  serviceLocation,
  wireStyleOf,
  wsdlStyleOf,
} from './wire-style.ts';
import { loginWsdl, projectWsdl } from './wsdl.ts';
import { xmlInCharset } from '../xml-charset.ts';

const XML = 'text/xml; charset=utf-8';

/** The media type of SOAP answers and faults: text/xml (SOAP 1.1 §6), as the variant writes it. */
function answerMediaType(variants: Variants): string {
  return variants.on('soap-media-type-bare') ? 'Text/XML' : XML;
}
/** Strict: a body that is not UTF-8 is refused, not repaired. */
const UTF8 = new TextDecoder('utf-8', { fatal: true });

export type SoapService = 'project' | 'login';

export function soapServiceOf(path: string): SoapService | undefined {
  if (path === '/soap/project/' || path === '/soap/project' || path === PROJECT_INDEX)
    return 'project';
  if (path === '/soap/' || path === '/soap' || path === '/soap/index.php') return 'login';
  return undefined;
}

/** Where the variant soap-wsdl-redirect serves the project WSDL (as Tuleap serves /soap/?wsdl). */
const PROJECT_INDEX = '/soap/project/index.php';

/** `wire`: the hook points of what is sent (hooks.ts); soapWire() for the correct one. */
export async function handleSoap(
  state: ServerState,
  wire: SoapWire,
  service: SoapService,
  requestBase: string,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const { variants } = state;
  const baseUrl = ownBase(variants, requestBase);
  // The project service's namespace, in the WSDL and in answers: {base}/soap/project (§4.1).
  const namespace = service === 'project' ? wire.namespace(`${baseUrl}/soap/project`) : baseUrl;
  // The namespace answers are written in: the WSDL's, unless the server names itself otherwise.
  const answerNamespace = service === 'project' ? wire.answerNamespace(namespace) : namespace;
  const style = wireStyleOf(variants);
  const answering: Answering = { res, variants, namespace: answerNamespace, style };
  const url = req.method === 'GET' ? new URL(req.url ?? '/', 'http://placeholder') : undefined;
  if (url && [...url.searchParams.keys()].some((k) => k.toLowerCase() === 'wsdl')) {
    if (
      service === 'project' &&
      variants.on('soap-wsdl-redirect') &&
      url.pathname !== PROJECT_INDEX
    )
      return send(res, 302, '', { Location: `${PROJECT_INDEX}?wsdl` });
    const wsdl =
      service === 'project'
        ? wire.wsdl(
            projectWsdl(baseUrl, {
              namespace,
              location: serviceLocation(variants, baseUrl),
              style: wsdlStyleOf(variants),
            }),
          )
        : loginWsdl(baseUrl);
    const answer = xmlInCharset(variants, wsdl, XML);
    return send(res, 200, answer.body, { 'Content-Type': answer.contentType });
  }
  if (req.method !== 'POST') {
    return sendFault(
      answering,
      405,
      'SOAP-ENV:Client',
      `Method Not Allowed: use POST for calls, GET ?wsdl for the WSDL`,
      { Allow: 'GET, POST' },
    );
  }
  let body: Buffer;
  try {
    body = await readBody(req);
  } catch (error) {
    if (error instanceof BodyTooLarge)
      return sendFault(
        answering,
        413,
        'SOAP-ENV:Client',
        `Request Entity Too Large: ${error.message}`,
      );
    throw error;
  }
  let operation: string | undefined;
  try {
    const xml = UTF8.decode(body);
    const call = parseCall(xml, { dropWhitespaceText: state.variants.on('php-whitespace') });
    operation = call.operation;
    const action = soapActionOf(req.headers['soapaction']);
    checkSoapAction(wire, action, call.operation);
    checkOwnName(variants, call, action.value, namespace);
    const answer = service === 'project' ? callProject(state, call) : callLogin(state, call);
    const encoded = encodeResponse(
      answerNamespace,
      call.operation,
      answer.type,
      answer.value,
      answer.part,
      style,
    );
    const sent = xmlInCharset(
      variants,
      wire.answer(encoded),
      wire.mediaType(operation, 'success', answerMediaType(variants)),
    );
    send(res, 200, sent.body, { 'Content-Type': sent.contentType });
  } catch (error) {
    const fault = (code: string, message: string) => {
      const sent = wire.fault({ status: 500, code, message });
      sendFault(answering, sent.status, sent.code, sent.message, {
        'Content-Type': wire.mediaType(operation, 'fault', answerMediaType(variants)),
      });
    };
    if (error instanceof DomainError) return fault(String(error.code), error.message);
    if (error instanceof BadRequest) return fault(error.faultcode, error.message);
    if (error instanceof TypeError && /decode|encoded data/i.test(error.message))
      return fault('SOAP-ENV:Client', 'Bad Request: the body is not valid UTF-8');
    throw error;
  }
}

/** Where and how a call's fault is written (the request's response, its namespace and style). */
interface Answering {
  res: ServerResponse;
  variants: Variants;
  namespace: string;
  style: WireStyle;
}

/** A module function, not a closure made per request (tsx names each closure made). */
function sendFault(
  { res, variants, namespace, style }: Answering,
  status: number,
  code: string,
  message: string,
  headers: Record<string, string> = {},
): void {
  const text = faultTextOf(variants, code, message);
  const { 'Content-Type': contentType = answerMediaType(variants), ...others } = headers;
  const answer = xmlInCharset(
    variants,
    encodeFault(namespace, code, text.faultstring, style, text.detail),
    contentType,
  );
  send(res, status, answer.body, { ...others, 'Content-Type': answer.contentType });
}

function callProject(state: ServerState, call: ReturnType<typeof parseCall>) {
  if (!isProjectOperation(call.operation))
    throw new BadRequest(`Procedure '${call.operation}' not present`, 'SOAP-ENV:Server');
  const operation = soapOperation(call.operation);
  const value = handleProject(state.projectAdmin, call.operation, readArgs(call, operation.inputs));
  return {
    type: operation.output === null ? null : typeOf(operation.output),
    value,
    part: call.operation,
  };
}

function callLogin(state: ServerState, call: ReturnType<typeof parseCall>) {
  const operation = Object.hasOwn(LOGIN_OPERATIONS, call.operation)
    ? LOGIN_OPERATIONS[call.operation as keyof typeof LOGIN_OPERATIONS]
    : undefined;
  if (!operation)
    throw new BadRequest(`Procedure '${call.operation}' not present`, 'SOAP-ENV:Server');
  const value = operation.handle(state.projectAdmin, readArgs(call, operation.inputs));
  return { type: call.operation === 'login' ? SESSION : null, value, part: 'return' };
}

/** The SOAPAction header as sent, and its value without the quotes. */
function soapActionOf(header: string | string[] | undefined): { raw: string; value: string } {
  const raw = (Array.isArray(header) ? header[0] : header)?.trim() ?? '';
  const quoted = raw.length >= 2 && raw.startsWith('"') && raw.endsWith('"');
  return { raw, value: quoted ? raw.slice(1, -1) : raw };
}

/**
 * §4.1: the SOAP action of an operation is {base_url}/soap/project#<op>. A header naming another
 * operation is refused; an absent or empty one is accepted (PHP ignores it; clients behind a proxy
 * may know the service under another host name, so only the operation is compared).
 */
function checkSoapAction(
  wire: SoapWire,
  action: { raw: string; value: string },
  operation: string,
): void {
  const { raw, value } = action;
  if (value === '') return;
  const named = value.slice(value.lastIndexOf('#') + 1);
  if (!value.includes('#') || named !== operation || wire.soapActionRefused(raw)) {
    throw new BadRequest(
      `SOAPAction '${value}' does not name the operation '${operation}' (expected …#${operation})`,
    );
  }
}
