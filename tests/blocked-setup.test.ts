/**
 * One root cause, reported once (docs/reading-the-report.md): a planted fault that breaks a rule
 * the setup relies
 * on fails that rule's requirement, with the read-back as evidence (exit 1), and the tests that
 * depend on it are blocked, naming it; they neither pass nor fail.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { blockedReason } from '../lib/kit/blocked.ts';
import { runAgainstFault, type CliRun } from './support/cli.ts';

async function runWithFault(fault: string, suites: readonly string[]): Promise<CliRun> {
  return runAgainstFault(
    fault,
    suites.flatMap((s) => ['--suite', s]),
  );
}

describe("addProject does not make the sessionKey user the project's admin: the provisioning breaks", () => {
  const cause = 'soap.addProject.session-key-admin';
  let run: CliRun;
  beforeAll(async () => {
    run = await runWithFault('soap-add-project-admin-not-set', ['rest/auth', 'soap/membership']);
  }, 240_000);

  test('exit 1, the requirement named and failed with the provisioning read-back as evidence', () => {
    expect(run.code, run.stderr.slice(-500)).toBe(1);
    const summary = run.summary();
    expect(summary.requirements.find((r) => r.id === cause)?.status).toBe('fail');
    const failure = summary.tests.find((t) => t.requirements.includes(cause));
    expect(failure?.message).toMatch(/getProjectServicesUsage on it with the session of '[^']+'/);
    expect(failure?.transcript).toContain('addProject');
    expect(run.stdout).toContain(`failing MUST requirements (1):\n  ${cause} (§4.2)`);
  });

  test('every test of the suites is blocked on it, and nothing else failed', () => {
    const summary = run.summary();
    const suiteTests = summary.tests.filter((t) => t.file.startsWith('suites/'));
    expect(suiteTests.length).toBeGreaterThan(10);
    for (const t of suiteTests) {
      expect(t.status, t.name).toBe('blocked');
      expect(t.message).toBe(blockedReason(cause));
      expect(t.blockedBy?.requirement).toBe(cause);
    }
    expect(summary.requirements.filter((r) => r.status === 'fail').map((r) => r.id)).toEqual([
      cause,
    ]);
    expect(summary.harnessErrors).toEqual([]);
  });

  test('index.html shows the root cause once, the blocked tests under it; junit skips them', () => {
    const html = readFileSync(join(run.reportDir, 'index.html'), 'utf8');
    expect(html.match(/data-root-cause="/g)).toHaveLength(1);
    expect(html).toContain(`data-root-cause="${cause}"`);
    const junit = readFileSync(join(run.reportDir, 'junit.xml'), 'utf8');
    expect(junit).toContain(`<skipped message="${blockedReason(cause)}"/>`);
  });
});

describe('addProjectMember answers true but adds nobody: the REST tests acting as the member', () => {
  const cause = 'soap.addProjectMember.effect';
  let run: CliRun;
  beforeAll(async () => {
    run = await runWithFault('soap-member-add-not-applied', ['rest/auth', 'rest/projects']);
  }, 240_000);

  test('the membership read back through SOAP fails addProjectMember, even with no SOAP suite run', () => {
    expect(run.code, run.stderr.slice(-500)).toBe(1);
    const summary = run.summary();
    const requirement = summary.requirements.find((r) => r.id === cause);
    expect(requirement?.status).toBe('fail');
    expect(requirement?.reason).toMatch(/removeProjectMember of \S+ then answered fault 3203/);
  });

  test('the tests that need the member are blocked, not failed; the others are judged', () => {
    const summary = run.summary();
    const status = (id: string) => summary.requirements.find((r) => r.id === id)?.status;
    for (const id of ['rest.auth.token-headers', 'rest.auth.basic', 'rest.projects.list'])
      expect(status(id), id).toBe('blocked');
    expect(status('rest.auth.anonymous')).toBe('pass');
    expect(status('rest.projects.private-hidden')).toBe('pass');
    const failing = summary.requirements.filter((r) => r.status === 'fail').map((r) => r.id);
    expect(failing).toEqual([cause]);
  });
});
