/** The rules of the server's side: what `monitor` and `analyze` judge on answers. */
import type { RuleFactory } from '../../rule.ts';

export const SERVER_RULES: readonly RuleFactory[] = [];
