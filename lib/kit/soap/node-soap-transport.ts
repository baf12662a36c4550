/**
 * node-soap's requests (the WSDL, then the call) through the harness's HttpClient: recorded in the
 * test's transcript, sent through the run's transport (proxy, TLS), rate limit and idle-close
 * retry, like every other request of the run. A GET follows redirects, as node-soap's own does.
 */
import type { IHttpClient } from 'soap';
import type { HttpClient, HttpRequest, HttpResponse } from '../clients/http.ts';

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const MAX_REDIRECTS = 5;

/** As node-soap's own client (axios) does: a GET follows redirects (Tuleap redirects /soap/?wsdl). */
async function sendFollowing(http: HttpClient, req: HttpRequest): Promise<HttpResponse> {
  let url = http.url(req.path);
  let answer = await http.send(req);
  for (let n = 0; n < MAX_REDIRECTS && req.method === 'GET' && REDIRECTS.has(answer.status); n++) {
    const location = answer.headers['location'];
    if (location === undefined) break;
    url = new URL(location, url).href;
    answer = await http.send({ ...req, path: url });
  }
  return answer;
}

export function nodeSoapHttpClient(http: HttpClient): IHttpClient {
  return {
    request(url, data, callback, extraHeaders) {
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(extraHeaders ?? {}))
        if (value !== undefined && name.toLowerCase() !== 'content-length')
          headers[name] = String(value);
      const method = data === null || data === undefined ? 'GET' : 'POST';
      const sent = sendFollowing(http, {
        method,
        path: url,
        headers,
        ...(typeof data === 'string' ? { body: data } : {}),
      })
        .then((answer) => {
          // The shape node-soap reads of axios' answers: status, headers, data.
          const response = { status: answer.status, headers: answer.headers, data: answer.text };
          callback(null, response, answer.text);
          return response;
        })
        .catch((error: unknown) => {
          callback(error);
          throw error;
        });
      // node-soap ignores the returned promise's rejection; keep it from being unhandled.
      sent.catch(() => undefined);
      return sent as unknown as ReturnType<IHttpClient['request']>;
    },
  };
}
