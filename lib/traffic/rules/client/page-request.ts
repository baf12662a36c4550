/** The limit and offset query parameters of a request (§4.3 rule 1, §8), when they are integers. */
import type { ExchangeView } from '../../view.ts';

const INTEGER = /^\d+$/;

export interface PageParameters {
  limit?: number;
  offset?: number;
}

export function pageParameters(view: ExchangeView): PageParameters {
  const params = view.url.searchParams;
  const limit = integerOf(params.get('limit'));
  const offset = integerOf(params.get('offset'));
  return {
    ...(limit !== undefined ? { limit } : {}),
    ...(offset !== undefined ? { offset } : {}),
  };
}

/** An answer's X-PAGINATION-* header as an integer. */
export function pageHeader(view: ExchangeView, name: string): number | undefined {
  return integerOf(view.responseHeader(name) ?? null);
}

function integerOf(text: string | null): number | undefined {
  if (text === null || !INTEGER.test(text.trim())) return undefined;
  const value = Number(text.trim());
  return Number.isSafeInteger(value) ? value : undefined;
}
