/** The default profile names the reference server's seeded accounts (docs/reference-server.md, "Seeded accounts"). */
import { expect, test } from 'vitest';
import { defaultProfile } from '../lib/target/default-profile.ts';
import { SEEDED_USERS } from '../reference-server/domain/seed.ts';

test('every account of the default profile is a seeded, active user with that password', () => {
  const profile = defaultProfile('http://x');
  for (const [role, account] of Object.entries(profile.accounts)) {
    const user = SEEDED_USERS.find((u) => u.username === account.username);
    expect(user, role).toBeDefined();
    expect(user?.password, role).toBe(account.password);
    expect(user?.status, role).toBe('active');
  }
  expect(
    SEEDED_USERS.find((u) => u.username === profile.accounts.siteAdmin.username)?.siteAdmin,
  ).toBe(true);
});
