/** The rules of the server's side: what `monitor` and `analyze` judge on answers. */
import type { RuleFactory } from '../../rule.ts';
import { artifactVersionHeadersRule } from './artifact-version-headers.ts';
import { lastModifiedMovesRule } from './last-modified-moves.ts';
import { paginationAcrossRule } from './pagination-across.ts';
import { paginationPageRule } from './pagination-page.ts';
import { preconditionsRule } from './preconditions.ts';
import { privateRefusedRule } from './private-refused.ts';
import { soapAnswerNamespaceRule } from './soap-answer-namespace.ts';
import { soapFaultRule } from './soap-fault.ts';
import { soapMediaTypeRule } from './soap-media-type.ts';
import { soapOutputRule } from './soap-output.ts';
import { tokenAnswerRule } from './token-answer.ts';
import { tokensInUseRule } from './tokens-in-use.ts';
import { wsdlRule } from './wsdl.ts';
import { xmlAnswersRule } from './xml-answers.ts';

export const SERVER_RULES: readonly RuleFactory[] = [
  soapMediaTypeRule,
  soapFaultRule,
  soapOutputRule,
  soapAnswerNamespaceRule,
  paginationPageRule,
  paginationAcrossRule,
  artifactVersionHeadersRule,
  tokenAnswerRule,
  preconditionsRule,
  lastModifiedMovesRule,
  privateRefusedRule,
  tokensInUseRule,
  wsdlRule,
  xmlAnswersRule,
];
