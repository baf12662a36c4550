/** §4.5: every endpoint §4.5.2 lists, in every direction (XML in, XML out, both). */
import { cellId, type MatrixCell } from './types.ts';

/**
 * xml-in: the body in XML (Content-type: application/xml), the answer asked in JSON; xml-out: the
 * body in JSON, the answer asked in XML (Accept: application/xml); both: XML each way (§4.5.1).
 */
export type Direction = 'xml-in' | 'xml-out' | 'both';

/** The three endpoints §4.5.2 states as tested, written as it writes them. */
export type XmlEndpoint = 'GET /artifacts/<id>' | 'POST /artifacts' | 'PUT /artifacts/<id>';

export interface RepresentationCell extends MatrixCell {
  endpoint: XmlEndpoint;
  direction: Direction;
}

interface EndpointFacts {
  endpoint: XmlEndpoint;
  /** GET carries no body: only its answer has a format. */
  directions: readonly Direction[];
}

const ENDPOINTS: readonly EndpointFacts[] = [
  { endpoint: 'GET /artifacts/<id>', directions: ['xml-out'] },
  { endpoint: 'POST /artifacts', directions: ['xml-in', 'xml-out', 'both'] },
  { endpoint: 'PUT /artifacts/<id>', directions: ['xml-in', 'xml-out', 'both'] },
];

const SENT: Record<Direction, string> = {
  'xml-in': 'a <request> document (Content-type: application/xml) and Accept: application/json',
  'xml-out': 'a JSON body and Accept: application/xml',
  both: 'a <request> document (Content-type: application/xml) and Accept: application/xml',
};

const XML_ANSWER =
  'in XML: Content-Type application/xml (parameters allowed), a well-formed document that agrees with the artifact';

const ANSWERED: Record<Direction, string> = {
  'xml-in': 'in JSON (Content-type sets the format of the request only)',
  'xml-out': XML_ANSWER,
  both: XML_ANSWER,
};

function expected(endpoint: XmlEndpoint, direction: Direction): string {
  if (endpoint === 'GET /artifacts/<id>')
    return `${endpoint} with Accept: application/xml answers 200 with the artifact ${XML_ANSWER}: its values are those last written`;
  const effect = endpoint === 'POST /artifacts' ? 'creates the artifact' : 'updates the artifact';
  return `${endpoint} with ${SENT[direction]} ${effect} and answers ${ANSWERED[direction]}; GET /api/artifacts/<id> as JSON then reads back the values sent`;
}

export const REPRESENTATION_CELLS: readonly RepresentationCell[] = ENDPOINTS.flatMap(
  ({ endpoint, directions }) =>
    directions.map((direction) => ({
      id: cellId('representation', endpoint, direction),
      dimension: 'representation' as const,
      sections: [
        '§4.3',
        '§4.5.1',
        '§4.5.2',
        ...(direction === 'xml-out' ? [] : ['§4.5.3']),
        '§4.5.4',
      ],
      expected: expected(endpoint, direction),
      endpoint,
      direction,
    })),
);
