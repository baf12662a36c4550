/** §8 as data: the limits the specification states, and the pagination headers it names. */
export const LIMITS = {
  /** §8 "Token lifetime", §5.2.5. */
  tokenLifetimeHours: 24,
  /** §8 "Page size of paginated collections": one of these, depending on the route. */
  pageSizes: [10, 50, 100],
} as const;

/** §8 pagination rule 2. */
export const PAGINATION_HEADERS = {
  limit: 'X-PAGINATION-LIMIT',
  offset: 'X-PAGINATION-OFFSET',
  size: 'X-PAGINATION-SIZE',
  limitMax: 'X-PAGINATION-LIMIT-MAX',
} as const;
