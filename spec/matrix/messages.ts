/** Every header or status a message must carry, on every message that must carry it (answers too). */
import { PAGINATION_HEADERS } from '../limits.ts';
import { SOAP_OPERATIONS, type OperationName } from '../soap-operations.ts';
import { cellId, type MatrixCell } from './types.ts';

/** The two answers every operation can give: its <op>Response, and a SOAP fault. */
export type SoapAnswerKind = 'success' | 'fault';

/**
 * §4.1 "SOAP over HTTP": the SOAP 1.1 HTTP binding sends every answer, faults included, as
 * text/xml (a charset parameter allowed), and a fault with HTTP 500 (SOAP 1.1 §6.2).
 */
export function soapMediaTypeCell(op: OperationName, answer: SoapAnswerKind): string {
  return cellId('message', 'soap', op, answer, 'Content-Type');
}

export function soapFaultStatusCell(op: OperationName): string {
  return cellId('message', 'soap', op, 'fault', 'status-500');
}

/**
 * The routes the suites read as paginated collections (§8 rule 1: trackers and artifacts; the
 * project list, whose pages the suites read and whose §8 boundaries they pin).
 */
export const PAGINATED_ROUTES = [
  'GET /api/projects',
  'GET /api/projects/<id>/trackers',
  'POST /api/trackers/<id>/artifacts',
] as const;

export type PaginatedRoute = (typeof PAGINATED_ROUTES)[number];
export type PaginationHeader = (typeof PAGINATION_HEADERS)[keyof typeof PAGINATION_HEADERS];

export function paginationHeaderCell(route: PaginatedRoute, header: PaginationHeader): string {
  return cellId('message', route, header);
}

/**
 * §4.4 rule 1 "every GET /artifacts/<id> response": the route as §4.3 writes it, as §4.4 writes it,
 * and the latter asked for XML (§4.5.2 lists it among the XML endpoints).
 */
export const ARTIFACT_GETS = [
  { form: 'GET /api/artifacts/<id> json', sections: ['§4.3', '§4.4'] },
  { form: 'GET /artifacts/<id> json', sections: ['§4.4'] },
  { form: 'GET /artifacts/<id> xml', sections: ['§4.4', '§4.5'] },
] as const;

export type ArtifactGet = (typeof ARTIFACT_GETS)[number]['form'];
export const VERSION_HEADERS = ['Etag', 'Last-Modified'] as const;
export type VersionHeader = (typeof VERSION_HEADERS)[number];

export function versionHeaderCell(form: ArtifactGet, header: VersionHeader): string {
  return cellId('message', form, header);
}

const SOAP_CELLS: MatrixCell[] = SOAP_OPERATIONS.flatMap(({ name }) => [
  ...(['success', 'fault'] as const).map((answer) => ({
    id: soapMediaTypeCell(name, answer),
    dimension: 'message' as const,
    sections: ['§4.1', ...(answer === 'fault' ? ['§7.1'] : [])],
    expected: `${answer === 'fault' ? 'a fault of' : 'a successful answer of'} ${name} is sent with Content-Type text/xml (a charset parameter allowed)`,
  })),
  {
    id: soapFaultStatusCell(name),
    dimension: 'message' as const,
    sections: ['§4.1', '§7.1'],
    expected: `a fault of ${name} is sent with HTTP status 500`,
  },
]);

const PAGINATION_CELLS: MatrixCell[] = PAGINATED_ROUTES.flatMap((route) =>
  Object.values(PAGINATION_HEADERS).map((header) => ({
    id: paginationHeaderCell(route, header),
    dimension: 'message' as const,
    sections: ['§2.2', '§8'],
    expected: `every page of ${route} carries ${header}, an integer`,
  })),
);

const VERSION_CELLS: MatrixCell[] = ARTIFACT_GETS.flatMap(({ form, sections }) =>
  VERSION_HEADERS.map((header) => ({
    id: versionHeaderCell(form, header),
    dimension: 'message' as const,
    sections,
    expected: `${form.replace(/ (json|xml)$/, '')} asked for ${form.endsWith('xml') ? 'XML' : 'JSON'} carries ${header === 'Etag' ? 'Etag, the hash of the current version' : 'Last-Modified, the time of the last modification'}`,
  })),
);

export const MESSAGE_CELLS: readonly MatrixCell[] = [
  ...SOAP_CELLS,
  ...PAGINATION_CELLS,
  ...VERSION_CELLS,
];
