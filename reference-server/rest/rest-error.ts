/**
 * A refusal of a REST request: status, a "<Reason>: <detail>" message (docs/real-system.md, "REST
 * tokens").
 */
const REASONS: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  412: 'Precondition Failed',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  428: 'Precondition Required',
  500: 'Internal Server Error',
};

export class RestError extends Error {
  constructor(
    readonly status: number,
    detail: string,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(`${REASONS[status] ?? 'Error'}: ${detail}`);
  }
}
