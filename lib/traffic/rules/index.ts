/** Every traffic rule, both sides. */
import type { RuleFactory } from '../rule.ts';
import { CLIENT_RULES } from './client/index.ts';
import { SERVER_RULES } from './server/index.ts';

export const TRAFFIC_RULES: readonly RuleFactory[] = [...SERVER_RULES, ...CLIENT_RULES];
