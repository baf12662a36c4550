/**
 * The client's side of the contract: what a request must be, from the same statements as the
 * server's rules. Judged on requests by `monitor` and `analyze` (lib/traffic/rules/client/), never
 * by the suites, which are the client there.
 */
import { must, section, type Rows } from '../table.ts';
import type { Row } from '../types.ts';

const clientSection = <R extends Record<string, Row>>(name: string, rows: Readonly<R>): Rows<R> =>
  section(name, rows, 'client');

export const clientResources = clientSection('§2.2', {
  'client.rest.query-body': must(
    'The artifact query (the POST body, or the query parameter of GET) is a JSON object whose criteria give operator and value as strings (value: the id of a bound value, sent as a string).',
  ),
  'client.rest.creation-body': must(
    'The JSON artifact creation body is an object whose tracker is an object with an integer id, and whose values, when sent, is an array of objects each with an integer field_id and value or bind_value_ids (an array of integers).',
  ),
});

export const clientSoapTransport = clientSection('§4.1', {
  'client.soap.soap-action': must(
    'A SOAP request carries the SOAPAction {base_url}/soap/project#<operation> of the operation its body calls (SOAP 1.1 §6.1.1: the client sends the header).',
  ),
  'client.soap.envelope': must(
    'A SOAP request is a SOAP 1.1 envelope sent as text/xml whose body holds one element named after a §4.2 operation.',
  ),
  'client.soap.xsi-types': must(
    'A part of a SOAP request that states an xsi:type states its §4.2 input type, and an int part holds an integer (rpc/encoded; an untyped part is typed by the WSDL, SOAP 1.1 §5.1).',
  ),
});

export const clientSoapOperations = clientSection('§4.2', {
  'client.soap.parts': must(
    'A SOAP request sends the §4.2 inputs of its operation: every part, by name, in order, none other.',
  ),
});

export const clientRest = clientSection('§4.3', {
  'client.rest.token-request': must(
    'POST /api/tokens sends a JSON object with username and password strings.',
  ),
  'client.rest.page-parameters': must(
    'The limit and offset query parameters, when sent, are integers written in decimal digits (not 5.0, 1e1 or -1: offset is an index from 0, §8).',
  ),
});

export const clientConcurrency = clientSection('§4.4', {
  'client.rest.precondition-header': must(
    'A PUT /artifacts/<id> that sends a precondition sends If-match or If-Unmodified-Since: any other (If-None-Match, If-Modified-Since, …) leaves the update unchecked.',
  ),
  'client.rest.precondition-echo': must(
    'If-match and If-Unmodified-Since echo an Etag and a Last-Modified the server gave for that artifact.',
  ),
});

export const clientXml = clientSection('§4.5', {
  'client.rest.xml-content-type': must(
    'An XML request body is sent with Content-type application/xml.',
  ),
  'client.rest.xml-request': must(
    'An XML request document has the root request, children that mirror the JSON keys, and an item element for each array entry.',
  ),
  'client.rest.update-body': must(
    'The JSON artifact update body is what the XML request document mirrors: an object whose values, when sent, is an array of objects each with an integer field_id and value or bind_value_ids (an array of integers).',
  ),
});

export const clientAuth = clientSection('§5.1', {
  'client.soap.session-first': must(
    'The first part of every SOAP request is the session key (session_key or sessionKey).',
  ),
});

export const clientRestAuth = clientSection('§5.2', {
  'client.rest.token-headers-together': must(
    'A request that sends X-Auth-Token also sends X-Auth-UserId, and the reverse.',
  ),
  'client.rest.token-user-id': must('X-Auth-UserId is the user_id the token was returned with.'),
  'client.rest.new-token-after-401': must(
    'A token (with its user id) answered 401 is not sent again: the client obtains a new token (§5.2.5).',
  ),
});

export const clientLimits = clientSection('§8', {
  'client.rest.limit-within-max': must(
    'The limit query parameter does not exceed the X-PAGINATION-LIMIT-MAX the server announced for that route.',
  ),
  'client.rest.paging-forward': must(
    'Paging forward, the next request of a collection uses offset = previous offset + limit.',
  ),
});
