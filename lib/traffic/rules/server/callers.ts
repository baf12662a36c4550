/**
 * Who made a REST request, as far as its headers say (§5.2): the user an X-Auth-UserId names
 * (sent with a token), the user of HTTP Basic, or nobody (anonymous). A «redacted» Basic header,
 * or a token header sent alone, names no one the traffic can tell apart: undefined.
 */
import { REDACTED } from '../../../kit/clients/redact.ts';
import type { ExchangeView } from '../../view.ts';

export function callerOf(view: ExchangeView): string | undefined {
  const token = view.requestHeader('x-auth-token');
  const userId = view.requestHeader('x-auth-userid');
  const authorization = view.requestHeader('authorization');
  if (userId !== undefined && token !== undefined && !userId.includes(REDACTED))
    return `user ${userId.trim()}`;
  if (authorization !== undefined) {
    const basic = /^Basic\s+(\S+)$/i.exec(authorization.trim());
    if (!basic || authorization.includes(REDACTED)) return undefined;
    const decoded = Buffer.from(basic[1]!, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    return colon > 0 ? `basic ${decoded.slice(0, colon)}` : undefined;
  }
  if (token !== undefined || userId !== undefined) return undefined;
  return 'anonymous';
}
