/** What the service does (§1), the SOAP types (§2.1) and the REST resources (§2.2). */
import { info, must, section } from '../table.ts';

export const discovery = section('§1', {
  'rest.discovery.links': must(
    'Ids and shortnames are found by following links: each resource lists its sub-resources.',
  ),
  'rest.discovery.anonymous-and-authenticated': must(
    'The REST interface is reachable anonymously and with authentication.',
  ),
  'rest.routes.complete-list': info(
    'The complete list of REST routes and payloads is observed.',
    "The §4.3 routes plus the real system's: GET /api/projects/<id>, DELETE /api/tokens and /api/tokens/<token>, GET /api/projects/<id>/user_groups, /api/user_groups/<id> and /users (ids <project>_3 members, <project>_4 admins, static ids), GET /api/users/<id>, and GET /api/trackers/<id>/artifacts[?query=<JSON>]; OPTIONS answers Allow on each; HEAD on every GET.",
  ),
});

export const soapTypes = section('§2.1', {
  'soap.types.session-key-string': must('Session keys are strings.'),
  'soap.types.rpc-named-parts': must(
    'All SOAP request values are named parts of an rpc-style message.',
  ),
  'soap.types.desc-field': must('DescField has id:int, name:string, is_mandatory:int.'),
  'soap.types.desc-field-value': must('DescFieldValue has id:int, value:string.'),
  'soap.types.service-value': must('ServiceValue has id:int, short_name:string, is_used:int.'),
  'soap.types.user-info': must(
    'UserInfo has identifier, username, id, real_name, email, ldap_id, all strings.',
  ),
  'soap.types.arrays': must(
    'ArrayOfDescFields, ArrayOfDescFieldsValues and ArrayOfServicesValues are arrays of DescField, DescFieldValue and ServiceValue.',
  ),
  'soap.types.flag-values': info(
    'Allowed values of is_mandatory and is_used are observed.',
    '0 or 1, as the real system.',
  ),
  'soap.types.user-info-meaning': info(
    'The meaning of each UserInfo field is observed.',
    'identifier and id are the user id; username the login; ldap_id empty.',
  ),
});

export const restResources = section('§2.2', {
  'rest.tokens.fields': must(
    'The token response has user_id (string), token (string) and uri (string).',
  ),
  'rest.tokens.uri-form': must('The token response uri has the form /api/tokens/<token>.'),
  'rest.projects.representation': must(
    'A project has id (integer), uri (projects/<id>), label (string), shortname (string) and resources.',
  ),
  'rest.projects.resources': must(
    'Each project resource has type (string) and uri of the form projects/<id>/<type>.',
  ),
  'rest.projects.other-members': info(
    'Other members of the project representation are observed.',
    'additional_informations {} as the real system.',
  ),
  'rest.query.body': must(
    'The artifact query body maps field shortnames to {operator, value}, value being a bound value id sent as a string.',
  ),
  'rest.artifacts.creation-body': must(
    'Artifact creation takes tracker {id} and values [{field_id, value | bind_value_ids}].',
  ),
  'rest.trackers.representation': info(
    'The fields of the tracker representation are observed.',
    'As the real system: id, uri, label, description, item_name, project {id, uri, label}, fields [{field_id, name, label, type (string, text, int, sb, msb), values [{id, label}] or null, bindings, required}], resources [{type: artifacts, uri: trackers/<id>/artifacts}].',
  ),
  'rest.artifacts.representation': info(
    'The fields of the artifact representation are observed.',
    'As the real system: id, uri, tracker {id, uri, label}, project {id, uri, label}, submitted_by, submitted_on and last_modified_date (ISO 8601), values: one entry per field that has a value, {field_id, type, label, value} (text adds format; int is a number) or {field_id, type, label, values [{id, label, color}], bind_value_ids} for lists.',
  ),
});
