/**
 * Polite to shared targets: --rate-limit holds over the whole run (every worker
 * thread), HTTP_PROXY is used, --insecure and --ca reach a self-signed HTTPS target, and a
 * password from the environment is written nowhere.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startReferenceServer, type RunningServer } from '../reference-server/listen.ts';
import { resolveProfile } from '../lib/target/default-profile.ts';
import { runCli } from './support/cli.ts';
import { busiestSecond, startCountingProxy, type CountingProxy } from './support/counting-proxy.ts';

let server: RunningServer;
beforeAll(async () => {
  server = await startReferenceServer({ testControl: true });
});
afterAll(() => server.close());

const NO_PROXY_ENV = {
  HTTP_PROXY: '',
  http_proxy: '',
  HTTPS_PROXY: '',
  https_proxy: '',
  NO_PROXY: '',
  no_proxy: '',
};

describe('--rate-limit N/s', () => {
  test('no second of the run holds more than N requests, over four worker threads; without it, many more', async () => {
    const front = await startCountingProxy(server.url);
    const limited = await startCountingProxy(server.url);
    try {
      const suites = ['--suite', 'rest/tokens', '--suite', 'rest/auth', '--concurrency', '4'];
      const [free, slow] = await Promise.all([
        runCli(['--target', front.url, ...suites], undefined, NO_PROXY_ENV),
        runCli(
          ['--target', limited.url, ...suites, '--rate-limit', '10/s'],
          undefined,
          NO_PROXY_ENV,
        ),
      ]);
      expect(free.code, free.stderr).toBe(0);
      expect(slow.code, slow.stderr).toBe(0);
      expect(busiestSecond(front.times)).toBeGreaterThan(10);
      expect(limited.times.length).toBeGreaterThan(30);
      // Requests leave 100 ms apart; one may arrive a few ms late and the next on time.
      expect(busiestSecond(limited.times)).toBeLessThanOrEqual(11);
      const span = limited.times.at(-1)! - limited.times[0]!;
      expect((limited.times.length - 1) / (span / 1000)).toBeLessThanOrEqual(10.2);
      // Said before the run: what it will cost (no count yet for this selection on a new ledger).
      expect(slow.stdout.split('\n').find((l) => l.startsWith('conformance:'))).toMatch(
        /^conformance: --rate-limit 10\/s: no count yet of the requests this selection sends \(a full run sends about [\d,]+, \d+ min at this rate\)$/,
      );
      // The run counts every request it sends: as many as reached the target.
      expect(slow.summary().requests).toBe(limited.times.length);
    } finally {
      await front.close();
      await limited.close();
    }
  });

  test('a rate that is no rate is refused (exit 2)', async () => {
    const run = await runCli(['--rate-limit', 'fast']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/--rate-limit: expected N\/s with N > 0/);
  });
});

test('HTTP_PROXY: every request of the run goes through the proxy', async () => {
  const proxy = await startCountingProxy(server.url);
  try {
    const run = await runCli(['--target', server.url, '--suite', 'rest/tokens'], undefined, {
      HTTP_PROXY: proxy.url,
      http_proxy: proxy.url,
      NO_PROXY: '',
      no_proxy: '',
    });
    expect(run.code, run.stderr).toBe(0);
    expect(proxy.proxied).toBeGreaterThan(10);
    expect(proxy.proxied).toBe(proxy.times.length);
  } finally {
    await proxy.close();
  }
});

test('the embedded reference server is reached directly, whatever proxy the environment names', async () => {
  const run = await runCli(['--suite', 'rest/tokens'], undefined, {
    HTTP_PROXY: 'http://127.0.0.1:9',
    http_proxy: 'http://127.0.0.1:9',
    NO_PROXY: '',
    no_proxy: '',
  });
  expect(run.code, run.stderr).toBe(0);
});

/** A self-signed certificate for 127.0.0.1, made by openssl (Debian: apt-get install -y openssl). */
function selfSigned(): { key: string; cert: string; certFile: string } | undefined {
  const dir = mkdtempSync(join(tmpdir(), 'self-signed-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
  } catch {
    return undefined;
  }
  return {
    key: readFileSync(join(dir, 'key.pem'), 'utf8'),
    cert: readFileSync(join(dir, 'cert.pem'), 'utf8'),
    certFile: join(dir, 'cert.pem'),
  };
}

const tls = selfSigned();

describe.skipIf(!tls)(
  'a self-signed HTTPS target (needs openssl: apt-get install -y openssl)',
  () => {
    let front: CountingProxy;
    beforeAll(async () => {
      front = await startCountingProxy(server.url, tls);
    });
    afterAll(() => front.close());

    test('refused without --insecure or --ca (exit 2, one line); judged with either', async () => {
      const suite = ['--target', front.url, '--suite', 'rest/tokens'];
      const [plain, insecure, ca] = await Promise.all([
        runCli(suite, undefined, NO_PROXY_ENV),
        runCli([...suite, '--insecure'], undefined, NO_PROXY_ENV),
        runCli([...suite, '--ca', tls!.certFile], undefined, NO_PROXY_ENV),
      ]);
      expect(plain.code).toBe(2);
      expect(plain.stderr).toMatch(/its TLS certificate is not trusted \(--ca FILE .*--insecure/);
      expect(insecure.code, insecure.stderr).toBe(0);
      expect(ca.code, ca.stderr).toBe(0);
    });

    test('--ca with a file that holds no certificate: one line, exit 2', async () => {
      const file = join(mkdtempSync(join(tmpdir(), 'ca-')), 'not-a-cert.pem');
      writeFileSync(file, 'hello');
      const run = await runCli(['--target', front.url, '--ca', file]);
      expect(run.code).toBe(2);
      expect(run.stderr.trim()).toMatch(/^conformance: --ca: .* holds no PEM certificate/);
    });
  },
);

test('a password from the environment ({"env": NAME}) is written into no report nor HAR', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'env-secret-'));
  const profile = join(dir, 'profile.json');
  const { accounts } = resolveProfile(server.url, undefined);
  const password = accounts.projectAdmin.password;
  writeFileSync(
    profile,
    JSON.stringify({
      accounts: {
        ...accounts,
        projectAdmin: {
          username: accounts.projectAdmin.username,
          password: { env: 'ADMIN_PASSWORD' },
        },
      },
    }),
  );
  const har = join(dir, 'run.har');
  const run = await runCli(
    [
      '--target',
      server.url,
      '--profile',
      profile,
      '--suite',
      'rest/tokens',
      '--suite',
      'soap/sessions',
      '--har',
      har,
    ],
    undefined,
    { ...NO_PROXY_ENV, ADMIN_PASSWORD: password },
  );
  expect(run.code, run.stderr).toBe(0);
  const files = (readdirSync(run.reportDir, { recursive: true }) as string[])
    .map((f) => join(run.reportDir, f))
    .filter((f) => statSync(f).isFile());
  for (const file of [...files, har, profile])
    expect(readFileSync(file, 'utf8').includes(password), file).toBe(false);
  expect(run.stdout.includes(password)).toBe(false);
});
