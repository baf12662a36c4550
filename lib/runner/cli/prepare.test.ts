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
