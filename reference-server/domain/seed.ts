/**
 * The seeded accounts of the reference server (documented in docs/reference-server.md). lib/target/default-profile.ts
 * names the same accounts for targets run without a profile; tests/default-profile.test.ts keeps
 * the two in step.
 */
import type { TrackerBlueprint } from './trackers.ts';
import type { User } from './users.ts';

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

/** Services of the template project, by rank: [short name, is used]. Created projects copy them. */
export const TEMPLATE_SERVICES: ReadonlyArray<readonly [string, boolean]> = [
  ['summary', true],
  ['admin', true],
  ['homepage', false],
  ['forum', true],
  ['mail', true],
  ['news', true],
  ['file', true],
  ['plugin_tracker', true],
  ['svn', false],
  ['wiki', false],
  ['plugin_git', true],
];

/**
 * Seeded projects: 100 the default template (§4.2), two projects administered by alice with bob as
 * member — one public, one private — for the REST side and the permission cases, and a private
 * one administered by bob (a profile's foreignProjectId: an admin of another project, §5.1.2).
 * Each has the static user group 'developers' (ids from 101, in this order); the public project
 * has 'testers' too. The template's second static group, 'reviewers' (106), is made after the
 * others (the ids above stay): a project created from it has two, as `prepare` needs for the
 * static user group checks (fixtures.staticUgroups).
 */
export const TEMPLATE_LATER_UGROUPS = ['reviewers'] as const;

export const SEEDED_PROJECTS = [
  {
    id: 100,
    shortName: 'template',
    publicName: 'Default Site Template',
    privacy: 'public',
    isTemplate: true,
    admins: [101],
    members: [101],
    ugroups: ['developers'],
  },
  {
    id: 101,
    shortName: 'public-project',
    publicName: 'Public Project',
    privacy: 'public',
    isTemplate: false,
    admins: [102],
    members: [102, 103],
    // Two static user groups (ids 102 and 103): the default profile's fixtures.staticUgroups.
    ugroups: ['developers', 'testers'],
  },
  {
    id: 102,
    shortName: 'private-project',
    publicName: 'Private Project',
    privacy: 'private',
    isTemplate: false,
    admins: [102],
    members: [102, 103],
    ugroups: ['developers'],
  },
  {
    id: 103,
    shortName: 'member-project',
    publicName: 'Member Project',
    privacy: 'private',
    isTemplate: false,
    admins: [103],
    members: [103],
    ugroups: ['developers'],
  },
] as const;

/** The tracker of the template and of the seeded projects: one field of each supported type. */
export const ISSUES_TRACKER = {
  label: 'Issues',
  itemName: 'issue',
  description: 'Requests and defects',
  fields: [
    { name: 'summary', label: 'Summary', type: 'string' },
    { name: 'details', label: 'Details', type: 'text' },
    { name: 'effort', label: 'Effort', type: 'int' },
    { name: 'status', label: 'Status', type: 'sb', values: ['New', 'Open', 'Closed'] },
    { name: 'labels', label: 'Labels', type: 'msb', values: ['bug', 'feature', 'docs', 'ui'] },
  ],
} as const satisfies TrackerBlueprint;
