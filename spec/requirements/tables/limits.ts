/** Limits (§8) and versioning (§9). */
import { info, must, section } from '../table.ts';

export const limits = section('§8', {
  'rest.pagination.headers': must(
    'Paginated answers carry X-PAGINATION-LIMIT, -OFFSET, -SIZE and -LIMIT-MAX, all integers.',
  ),
  'rest.pagination.page-size': must(
    'The page size of each paginated route is 10, 50 or 100 (its default X-PAGINATION-LIMIT or its X-PAGINATION-LIMIT-MAX: the spec does not say which).',
  ),
  'rest.pagination.limit-chunk': must(
    'X-PAGINATION-LIMIT is the chunk size used: the body holds min(limit, size − offset) items, with or without a limit in the request.',
  ),
  'rest.pagination.offset': must(
    'X-PAGINATION-OFFSET is the index of the first item returned, starting at 0.',
  ),
  'rest.pagination.size': must('X-PAGINATION-SIZE is the total size of the collection.'),
  'rest.pagination.limit-max': must(
    "X-PAGINATION-LIMIT-MAX is the route's maximum allowed limit: a limit equal to it is served, a limit above it is never honoured (refused with a 4xx or capped).",
  ),
  'rest.pagination.paging-forward': must(
    'Paging forward with offset = offset + limit visits every item exactly once.',
  ),
  'rest.pagination.paginated-routes': must(
    'The collections (trackers, artifacts and others) are paginated.',
  ),
  'rest.pagination.over-max-status': info(
    'The answer to a limit over the maximum is observed.',
    '406 as the real system. Every collection route defaults to 10 and allows 50: /projects, /projects/<id>/trackers, /projects/<id>/user_groups, /user_groups/<id>/users, /trackers/<id>/artifacts (GET and POST); limit 0, a negative or non-integer value, or a repeated parameter → 400; an offset past the end → 200 with [].',
  ),
  'rest.pagination.small-limits': info(
    'Very small limits are observed (clients should not request them).',
    'limit 1 is served; limit 0 → 400.',
  ),
  'soap.quota.threshold': info(
    'The addProject quota threshold is observed.',
    '10 per hour, platform-wide (--project-quota).',
  ),
  'rest.limits.rate-and-payload': info(
    'Rate limits and payload size limits of the REST side are observed.',
    'No rate limit; bodies over 1 MiB → 413.',
  ),
});

export const versioning = section('§9', {
  'soap.versioning.fixed-namespace': must(
    'The SOAP target namespace is fixed at {base_url}/soap/project with no version marker.',
  ),
  'rest.versioning.xml-since-7-11': info(
    'XML support (from release 7.11 on) is observed with the XML requirements.',
    'Supported.',
  ),
  'rest.versioning.api-version': info(
    'REST version identifiers and compatibility rules are observed.',
    'None exposed.',
  ),
});
