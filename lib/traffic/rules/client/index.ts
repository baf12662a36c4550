/** The rules of the client's side: what `monitor` and `analyze` judge on requests. */
import type { RuleFactory } from '../../rule.ts';

export const CLIENT_RULES: readonly RuleFactory[] = [];
