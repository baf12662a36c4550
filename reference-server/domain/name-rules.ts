/**
 * §4.2 addProject name rules, as the real system checks them (docs/real-system.md, "Project name
 * rules"): the first
 * failing rule's message is the fault string.
 */
const RESERVED = new RegExp(
  '^(' +
    [
      '(www|cvs|shell|ftp|irc|news|mail|ns|download)[0-9]?',
      'pub',
      'users',
      'compile',
      'lists',
      'slayer',
      'orbital',
      'tokyojoe',
      'webdev',
      'projects',
      'monitor',
      'mirrors?',
      'root',
      'bin',
      'daemon',
      'adm',
      'lp',
      'sync',
      'shutdown',
      'halt',
      'uucp',
      'operator',
      'games',
      'mysql',
      'httpd',
      'nobody',
      'dummy',
      'munin',
      'mailman',
      'ftpadmin',
      'codendiadm',
      'imadmin-bot',
      'apache',
      'nscd',
      'git',
      'gitolite',
      'debian',
    ].join('|') +
    ')$',
  'i',
);

/** The reason the short name is invalid, or undefined when the rules accept it. */
export function shortNameProblem(
  name: string,
  taken: (name: string) => boolean,
): string | undefined {
  if (/[_.]/.test(name)) return 'Short name cannot contain underscore or dot.';
  if (/\s/.test(name)) return 'There cannot be any spaces in the short name.';
  if (!/^[A-Za-z]/.test(name)) return 'The name must start with a letter.';
  if (RESERVED.test(name) || /^forge__/i.test(name)) return 'Name is reserved.';
  if (/^anoncvs_/i.test(name)) return 'Name is reserved for CVS.';
  if (name.length < 3) return 'Name is too short. It must be at least 3 characters.';
  if (name.length > 30) return 'Name is too long. It must be less than 30 characters.';
  if (!/^[A-Za-z0-9-]+$/.test(name)) return 'Illegal character in name.';
  if (taken(name)) return 'Short name already exists';
  return undefined;
}

/** publicName is trimmed, then 3..40 characters. */
export function publicNameProblem(name: string): string | undefined {
  const trimmed = name.trim();
  if (trimmed.length < 3) return 'Name is too short. It must be at least 3 characters.';
  if (trimmed.length > 40) return 'Name is too long. It must be less than 40 characters.';
  return undefined;
}
