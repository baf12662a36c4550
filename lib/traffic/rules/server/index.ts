/** The rules of the server's side: what `monitor` and `analyze` judge on answers. */
import type { RuleFactory } from '../../rule.ts';
import { paginationPageRule } from './pagination-page.ts';
import { soapFaultRule } from './soap-fault.ts';
import { soapMediaTypeRule } from './soap-media-type.ts';
import { soapOutputRule } from './soap-output.ts';

export const SERVER_RULES: readonly RuleFactory[] = [
  soapMediaTypeRule,
  soapFaultRule,
  soapOutputRule,
  paginationPageRule,
];
