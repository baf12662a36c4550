/** The whole domain state of one server instance: pure data and rules, no HTTP or SOAP types. */
import type { Clock } from './clock.ts';
import { Tokens } from './tokens.ts';
import { Users } from './users.ts';
import { SEEDED_USERS } from '../seed.ts';

export interface DomainState {
  clock: Clock;
  users: Users;
  tokens: Tokens;
}

export function createState(clock: Clock): DomainState {
  const users = new Users();
  for (const user of SEEDED_USERS) users.add(user);
  return { clock, users, tokens: new Tokens(clock) };
}
