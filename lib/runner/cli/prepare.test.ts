import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { writeProfileIds } from './prepare.ts';

test('prepare writes the ids into the profile as written: other fields, order, indent and env references kept', () => {
  const file = join(mkdtempSync(join(tmpdir(), 'profile-')), 'p.json');
  const text = `{
    "$schema": "../schemas/profile.schema.json",
    "accounts": { "siteAdmin": { "username": "admin", "password": { "env": "ADMIN_PW" } } },
    "fixtures": { "templateProjectId": 100, "publicProjectId": 7 },
    "projectQuotaPerHour": 10
}
`;
  writeFileSync(file, text);
  writeProfileIds(file, { privateProjectId: 8, soapProjectId: 9 });
  const written = readFileSync(file, 'utf8');
  expect(JSON.parse(written)).toEqual({
    $schema: '../schemas/profile.schema.json',
    accounts: { siteAdmin: { username: 'admin', password: { env: 'ADMIN_PW' } } },
    fixtures: { templateProjectId: 100, publicProjectId: 7, privateProjectId: 8, soapProjectId: 9 },
    projectQuotaPerHour: 10,
  });
  expect(written).toMatch(/^ {4}"\$schema"/m);
  expect(Object.keys(JSON.parse(written) as object)).toEqual([
    '$schema',
    'accounts',
    'fixtures',
    'projectQuotaPerHour',
  ]);
});

test('prepare changes only the fixtures text: every other byte of the profile stays (one-line account objects, order, indent)', () => {
  const file = join(mkdtempSync(join(tmpdir(), 'profile-')), 'p.json');
  const head = `{
  "$schema": "../schemas/profile.schema.json",
  "baseUrl": "https://tuleap.example.org",
  "accounts": {
    "siteAdmin":     { "username": "admin", "password": { "env": "ADMIN_PW" } },
    "projectAdmin":  { "username": "alice", "password": { "env": "ALICE_PW" } }
  },
  "fixtures": { "templateProjectId": 100, "publicProjectId": 7 },`;
  const tail = `
  "projectQuotaPerHour": 10
}
`;
  writeFileSync(file, head + tail);
  writeProfileIds(file, { privateProjectId: 8, publicProjectId: 70 });
  expect(readFileSync(file, 'utf8')).toBe(
    head.replace(
      '{ "templateProjectId": 100, "publicProjectId": 7 }',
      '{ "templateProjectId": 100, "publicProjectId": 70, "privateProjectId": 8 }',
    ) + tail,
  );
  // Fixtures written over several lines get a line per new key, at their indent.
  const multi = `{
\t"accounts": {"siteAdmin": {"username": "admin", "password": "x"}},
\t"fixtures": {
\t\t"templateProjectId": 100
\t}
}
`;
  writeFileSync(file, multi);
  writeProfileIds(file, { staticUgroups: { projectId: 7, ugroupIds: [101, 102] } });
  expect(readFileSync(file, 'utf8')).toBe(
    multi.replace(
      '"templateProjectId": 100\n',
      '"templateProjectId": 100,\n\t\t"staticUgroups": {"projectId":7,"ugroupIds":[101,102]}\n',
    ),
  );
  // Without fixtures: the object is added last, the rest kept.
  const none = `{ "accounts": {"siteAdmin": {"username": "admin", "password": "x"}} }\n`;
  writeFileSync(file, none);
  writeProfileIds(file, { soapProjectId: 9 });
  expect(readFileSync(file, 'utf8')).toBe(
    `{ "accounts": {"siteAdmin": {"username": "admin", "password": "x"}}, "fixtures": { "soapProjectId": 9 } }\n`,
  );
});
