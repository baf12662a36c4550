/**
 * node-soap's requests (the WSDL, then the call) through the harness's HttpClient: recorded in the
 * test's transcript, sent through the run's transport (proxy, TLS), rate limit and idle-close
 * retry, like every other request of the run.
 */
import type { IHttpClient } from 'soap';
import type { HttpClient } from '../clients/http.ts';

export function nodeSoapHttpClient(http: HttpClient): IHttpClient {
  return {
    request(url, data, callback, extraHeaders) {
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries((extraHeaders ?? {}) as Record<string, unknown>))
        if (value !== undefined && name.toLowerCase() !== 'content-length')
          headers[name] = String(value);
      const sent = http
        .send({
          method: data === null || data === undefined ? 'GET' : 'POST',
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
