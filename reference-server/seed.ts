/**
 * The seeded accounts of the reference server (documented in README). lib/target/default-profile.ts
 * names the same accounts for targets run without a profile; tests/default-profile.test.ts keeps
 * the two in step.
 */
import type { User } from './domain/users.ts';

export const SEEDED_USERS: ReadonlyArray<Omit<User, 'id'> & { id: number }> = [
  {
    id: 101,
    username: 'admin',
    password: 'admin-pass',
    realName: 'Site Admin',
    email: 'admin@example.org',
    status: 'active',
    siteAdmin: true,
  },
  {
    id: 102,
    username: 'alice',
    password: 'alice-pass',
    realName: 'Alice Admin',
    email: 'alice@example.org',
    status: 'active',
    siteAdmin: false,
  },
  {
    id: 103,
    username: 'bob',
    password: 'bob-pass',
    realName: 'Bob Member',
    email: 'bob@example.org',
    status: 'active',
    siteAdmin: false,
  },
  {
    id: 104,
    username: 'carol',
    password: 'carol-pass',
    realName: 'Carol Outsider',
    email: 'carol@example.org',
    status: 'active',
    siteAdmin: false,
  },
  {
    id: 105,
    username: 'dave',
    password: 'dave-pass',
    realName: 'Dave Suspended',
    email: 'dave@example.org',
    status: 'suspended',
    siteAdmin: false,
  },
];
