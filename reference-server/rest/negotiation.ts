/**
 * Media types (§4.5.1): JSON everywhere; XML only on the three artifact routes (§4.5.2). An Accept
 * the route cannot satisfy answers 406; a request body of another type answers 415.
 */
import { RestError } from './rest-error.ts';

export type Format = 'json' | 'xml';

export function responseFormat(accept: string | undefined, xmlAllowed: boolean): Format {
  if (accept === undefined || accept.trim() === '') return 'json';
  const ranges = accept
    .split(',')
    .map((part, order) => {
      const [type = '', ...params] = part.split(';').map((s) => s.trim().toLowerCase());
      const q = params.find((p) => p.startsWith('q='));
      return { type, q: q === undefined ? 1 : Number(q.slice(2)), order };
    })
    .filter((range) => range.q > 0)
    .sort((a, b) => b.q - a.q || a.order - b.order);
  for (const { type } of ranges) {
    if (type === 'application/json' || type === 'application/*' || type === '*/*') return 'json';
    if (type === 'application/xml' && xmlAllowed) return 'xml';
  }
  throw new RestError(
    406,
    `cannot answer in ${accept}: this route answers application/json${xmlAllowed ? ' or application/xml' : ''}`,
  );
}

export function requestFormat(contentType: string | undefined, xmlAllowed: boolean): Format {
  const type = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (type === '' || type === 'application/json') return 'json';
  if (type === 'application/xml' && xmlAllowed) return 'xml';
  throw new RestError(
    415,
    `cannot read a body of type ${type}: this route takes application/json${xmlAllowed ? ' or application/xml' : ''}`,
  );
}
