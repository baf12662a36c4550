/** The REST endpoints (§4.3), concurrency (§4.4) and XML input and output (§4.5). */
import { info, must, section } from '../table.ts';

export const restRoutes = section('§4.3', {
  'rest.tokens.create': must(
    'POST /api/tokens with a JSON username and password answers 200 with the token response.',
  ),
  'rest.projects.list': must('GET /api/projects answers an array of project representations.'),
  'rest.projects.trackers': must(
    'GET /api/projects/<id>/trackers answers the collection of trackers, giving field and value ids.',
  ),
  'rest.trackers.get': must(
    'GET /api/trackers/<id> answers the tracker structure with field and value ids.',
  ),
  'rest.query.route': must(
    'POST /api/trackers/<id>/artifacts with a query body answers a paginated collection of the matching artifacts.',
  ),
  'rest.query.contains': must(
    "The 'contains' operator on a list field selects the artifacts whose field holds that bound value id.",
  ),
  'rest.query.other-operators': info(
    "Operators other than 'contains' are observed.",
    "Only 'contains': on list fields the bound value id, on string, text and int fields a case-insensitive substring (real system); keys are shortnames or field ids; a bare string means contains; any other operator, an unknown field or a value not bound to the field → 400.",
  ),
  'rest.artifacts.get': must('GET /api/artifacts/<id> answers one artifact.'),
  'rest.artifacts.create': must(
    'POST /artifacts with a creation body creates the artifact (read back by GET).',
  ),
  'rest.artifacts.update': must('PUT /artifacts/<id> updates the artifact (read back by GET).'),
  'rest.artifacts.update-body': info(
    'The request body of the artifact update is observed.',
    '{"values": [...]} with the entries of creation (real system; a comment member is ignored); fields not listed keep their values; 200 with the updated artifact (§4.3 table) and the new Etag and Last-Modified; an update that changes nothing keeps the Etag (real system).',
  ),
  'rest.routes.prefix': info(
    'Whether /artifacts and /api/artifacts are the same routes is observed.',
    'They are: every route is served with and without /api. The suites send each artifact route in the form the spec writes for it first (POST /artifacts, PUT /artifacts/<id>, GET /api/artifacts/<id>; GET /artifacts/<id> for XML, §4.5.2) and the other form when that one answers 404 or 405.',
  ),
  'rest.routes.shapes': info(
    'Response shapes of the tracker and artifact routes are observed (published JSON Schemas).',
    'As the real system (docs/real-system.md, "Tracker and artifact representations"); POST /artifacts answers 201 {id, uri, tracker} with Location, Etag and Last-Modified (the real system since 2016); an invalid body, an unknown tracker included, answers 400 with the reason.',
  ),
  'rest.pagination.accepts-limit-offset': must(
    'Paginated collections accept the query parameters limit and offset.',
  ),
  'rest.auth.invalid-credentials-fail': must(
    'A request with invalid credentials fails even when the resource is reachable anonymously.',
  ),
});

export const concurrency = section('§4.4', {
  'rest.concurrency.etag': must('Every GET of an artifact carries an Etag header.'),
  'rest.concurrency.last-modified': must(
    'Every GET of an artifact carries a Last-Modified header.',
  ),
  'rest.concurrency.last-modified-version': must(
    'Last-Modified is the timestamp of the last modification: an update made a second or more later changes it.',
  ),
  'rest.concurrency.if-match-fresh': must('A PUT whose If-match is the current Etag is applied.'),
  'rest.concurrency.if-unmodified-since-fresh': must(
    'A PUT whose If-Unmodified-Since is the current Last-Modified is applied.',
  ),
  'rest.concurrency.if-match-stale': must(
    'A PUT whose If-match does not match the current version answers 412 and changes nothing.',
  ),
  'rest.concurrency.if-unmodified-since-stale': must(
    'A PUT whose If-Unmodified-Since does not match the current version answers 412 and changes nothing.',
  ),
  'rest.concurrency.each-header-checked': must(
    'When a PUT sends both If-match and If-Unmodified-Since, each is checked: one value that does not match the current version answers 412 and changes nothing.',
  ),
  'rest.concurrency.no-header-overwrites': must(
    'A PUT without either header is not checked and overwrites the artifact.',
  ),
  'rest.concurrency.one-winner': must(
    'Of concurrent PUTs sending the same Etag, exactly one is applied and the others answer 412.',
  ),
  'rest.concurrency.tracker-artifacts-only': info(
    'Concurrency checking is available for tracker artifacts only (no other updatable resource exists here).',
    "Only artifacts carry Etag. Etag is a quoted hash of (artifact, version); If-match accepts it quoted or bare, in a list, or *. Last-Modified is an HTTP-date that grows with every version (bumped by a second when two changes share one, so it names one version); If-Unmodified-Since must name it exactly (the real system's rule); an unparseable date → 412.",
  ),
});

export const xml = section('§4.5', {
  'rest.xml.get': must(
    'GET /artifacts/<id> with Accept: application/xml answers the artifact as XML.',
  ),
  'rest.xml.post': must(
    'POST /artifacts with Content-type: application/xml and a <request> document creates the artifact.',
  ),
  'rest.xml.put': must(
    'PUT /artifacts/<id> with Content-type: application/xml updates the artifact.',
  ),
  'rest.xml.request-root': must(
    'The XML request document has the root element request; its children mirror the JSON keys.',
  ),
  'rest.xml.item-arrays': must(
    'Every array element is written as an item element (values, bind_value_ids).',
  ),
  'rest.xml.post-answer': must(
    'POST /artifacts with Accept: application/xml answers the created artifact in XML: Content-Type application/xml, a well-formed document that agrees with the artifact.',
    'A 201 <response> with id, uri and tracker (the real system); parameters of the media type (charset) are allowed.',
  ),
  'rest.xml.put-answer': must(
    'PUT /artifacts/<id> with Accept: application/xml answers the updated artifact in XML: Content-Type application/xml, a well-formed document that agrees with the artifact.',
    'A 200 <response> with the whole artifact (the real system); parameters of the media type (charset) are allowed.',
  ),
  'rest.xml.answer-follows-accept': must(
    'Content-type sets the format of the request only: a write sent as XML with Accept: application/json is answered in JSON.',
  ),
  'rest.xml.other-endpoints': info(
    'XML on endpoints other than the three artifact routes is observed.',
    'JSON only elsewhere: Accept: application/xml there → 406, an XML body → 415. On the artifact routes an unsupported Accept → 406 and an unsupported Content-type → 415 (the real system: 403). Input root <request> is required (the real system ignores it); a DOCTYPE → 400.',
  ),
});
