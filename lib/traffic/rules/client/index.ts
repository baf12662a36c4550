/** The rules of the client's side: what `monitor` and `analyze` judge on requests. */
import type { RuleFactory } from '../../rule.ts';
import { artifactBodyRule } from './artifact-body.ts';
import { limitWithinMaxRule } from './limit-within-max.ts';
import { pageParametersRule } from './page-parameters.ts';
import { pagingForwardRule } from './paging-forward.ts';
import { preconditionEchoRule } from './precondition-echo.ts';
import { preconditionHeaderRule } from './precondition-header.ts';
import { queryBodyRule } from './query-body.ts';
import { soapActionRule } from './soap-action.ts';
import { soapEnvelopeRule } from './soap-envelope.ts';
import { soapPartsRule } from './soap-parts.ts';
import { soapSessionFirstRule } from './soap-session-first.ts';
import { soapXsiTypesRule } from './soap-xsi-types.ts';
import { tokenAfter401Rule } from './token-after-401.ts';
import { tokenHeadersRule } from './token-headers.ts';
import { tokenRequestRule } from './token-request.ts';
import { tokenUserIdRule } from './token-user-id.ts';
import { xmlContentTypeRule } from './xml-content-type.ts';
import { xmlRequestRule } from './xml-request.ts';

export const CLIENT_RULES: readonly RuleFactory[] = [
  soapEnvelopeRule,
  soapActionRule,
  soapPartsRule,
  soapSessionFirstRule,
  soapXsiTypesRule,
  tokenRequestRule,
  tokenHeadersRule,
  tokenUserIdRule,
  tokenAfter401Rule,
  queryBodyRule,
  artifactBodyRule,
  preconditionHeaderRule,
  preconditionEchoRule,
  pageParametersRule,
  limitWithinMaxRule,
  pagingForwardRule,
  xmlContentTypeRule,
  xmlRequestRule,
];
