/**
 * `conformance monitor` as a user runs it: the ready line names the port, it stops after
 * --exchanges N, after --duration S and on SIGINT, prints its status, writes summary.json (with
 * `traffic`, mode 'monitor'), index.html and junit.xml, and exits with the judgement's code. An
 * https upstream is reached with --ca or --insecure, and refused without.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startReferenceServer, type RunningServer } from '../reference-server/listen.ts';
import { ROOT, newReportDir, readSummary, runCommand } from './support/cli.ts';
import { rawRoundTrip } from './support/monitor-harness.ts';
import { startMonitorCli } from './support/monitor-cli.ts';

let server: RunningServer;

beforeAll(async () => {
  server = await startReferenceServer({});
});
afterAll(async () => {
  await server?.close();
});

const get = (path: string) => `GET ${path} HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n`;

function expectReports(reportDir: string, exchanges: number) {
  const summary = readSummary(reportDir);
  expect(summary.traffic).toMatchObject({ mode: 'monitor', source: server.url, exchanges });
  expect(existsSync(join(reportDir, 'index.html'))).toBe(true);
  expect(existsSync(join(reportDir, 'junit.xml'))).toBe(true);
  return summary;
}

describe('the monitor stops, reports and exits', () => {
  test('after --exchanges N', async () => {
    const reportDir = newReportDir();
    const monitor = await startMonitorCli([
      '--upstream',
      server.url,
      '--port',
      '0',
      '--exchanges',
      '3',
      '--report-dir',
      reportDir,
    ]);
    expect(monitor.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    for (const path of ['/api/projects', '/api/projects/101', '/soap/project/?wsdl'])
      expect((await rawRoundTrip(monitor.url, [get(path)])).toString('latin1')).toMatch(
        /^HTTP\/1\.1 200 /,
      );
    const { code, stdout } = await monitor.ended;
    expect(stdout).toMatch(/monitor stopped after 3 exchanges: monitor: 3 exchanges \(/);
    expect(stdout).toMatch(
      /requirements judged, MUST requirements failing so far: server \d+, client \d+/,
    );
    const summary = expectReports(reportDir, 3);
    expect(code).toBe(summary.exitCode);
    // The command that ran (tests/support/monitor-cli.ts: node and the script), not a reconstruction.
    expect(summary.command).toBe(
      `node scripts/conformance-from-source.js monitor --upstream ${server.url} --port 0 --exchanges 3 --report-dir ${reportDir}`,
    );
  });

  test('after --duration S', async () => {
    const reportDir = newReportDir();
    const monitor = await startMonitorCli([
      '--upstream',
      server.url,
      '--port',
      '0',
      '--duration',
      '1',
      '--report-dir',
      reportDir,
    ]);
    const { code, stdout } = await monitor.ended;
    expect(stdout).toMatch(/monitor stopped after 1 s/);
    expect(code).toBe(0);
    const summary = expectReports(reportDir, 0);
    expect(summary.verdict?.text).toMatch(/No MUST requirement failed in 0 exchanges/);
  });

  test.each(['SIGINT', 'SIGTERM'] as const)('on %s, with what passed before', async (signal) => {
    const reportDir = newReportDir();
    const monitor = await startMonitorCli([
      '--upstream',
      server.url,
      '--port',
      '0',
      '--report-dir',
      reportDir,
    ]);
    await rawRoundTrip(monitor.url, [get('/api/projects')]);
    monitor.child.kill(signal);
    const { code, stdout } = await monitor.ended;
    expect(stdout).toMatch(new RegExp(`monitor stopped on ${signal}: monitor: 1 exchanges`));
    expect(stdout).toMatch(/^reports: /m);
    expectReports(reportDir, 1);
    expect(code).toBe(0);
  });

  test("without --upstream, the profile's base URL is the upstream", async () => {
    const monitor = await startMonitorCli([
      '--profile',
      join(ROOT, 'examples/profile.example.json'),
      '--port',
      '0',
      '--duration',
      '0.5',
      '--report-dir',
      newReportDir(),
    ]);
    expect(monitor.stdout()).toMatch(
      /^monitoring http:\/\/127\.0\.0\.1:\d+ → https:\/\/tuleap\.example\.org$/m,
    );
    expect((await monitor.ended).code).toBe(0);
  });

  test.each([
    [[], /give --upstream URL/],
    [['--upstream', 'http://127.0.0.1:1/api'], /give an origin only/],
    [['--upstream', 'ftp://h'], /an http or https URL/],
    [['--upstream', 'http://h', '--duration', '1', '--exchanges', '2'], /not both/],
    [['--upstream', 'http://h', '--port', '70000'], /--port/],
    [['--upstream', 'http://h', '--side', 'upstream'], /--side is server, client or both/],
  ])('a bad option is one line and exit 2: %j', async (args, message) => {
    const run = await runCommand(['monitor', ...args]);
    expect(run.code).toBe(2);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(message);
  });
});

describe('an https upstream', () => {
  let dir: string;
  let https: Server;
  let httpsUrl: string;
  const hasOpenssl = (() => {
    try {
      execFileSync('openssl', ['version'], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  })();

  beforeAll(async () => {
    if (!hasOpenssl) return;
    dir = mkdtempSync(join(tmpdir(), 'monitor-tls-'));
    const ssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'ignore' });
    ssl(
      ...'req -x509 -newkey rsa:2048 -nodes -days 2 -subj /CN=monitor-test-ca'.split(' '),
      '-keyout',
      'ca.key',
      '-out',
      'ca.pem',
    );
    ssl(
      ...'req -newkey rsa:2048 -nodes -subj /CN=localhost'.split(' '),
      '-keyout',
      'server.key',
      '-out',
      'server.csr',
    );
    writeFileSync(join(dir, 'ext.cnf'), 'subjectAltName=DNS:localhost,IP:127.0.0.1\n');
    ssl(
      ...'x509 -req -in server.csr -CA ca.pem -CAkey ca.key -CAcreateserial'.split(' '),
      ...'-out server.pem -days 2 -extfile ext.cnf'.split(' '),
    );
    https = createServer(
      { key: readFileSync(join(dir, 'server.key')), cert: readFileSync(join(dir, 'server.pem')) },
      (req, res) => res.writeHead(200, { 'X-Over': 'tls' }).end(`secure ${req.url}`),
    );
    await new Promise<void>((resolve) => https.listen(0, '127.0.0.1', resolve));
    const address = https.address();
    httpsUrl = `https://localhost:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(() => {
    https?.close();
  });

  const through = async (args: string[]) => {
    const monitor = await startMonitorCli([
      '--upstream',
      httpsUrl,
      '--port',
      '0',
      '--exchanges',
      '1',
      '--report-dir',
      newReportDir(),
      ...args,
    ]);
    const answer = (await rawRoundTrip(monitor.url, [get('/tls')])).toString('latin1');
    if (answer === '') monitor.child.kill('SIGINT');
    return { answer, ...(await monitor.ended) };
  };

  test.skipIf(!hasOpenssl)(
    'with --ca (skipped without openssl: apt-get install openssl)',
    async () => {
      const { answer, code } = await through(['--ca', join(dir, 'ca.pem')]);
      expect(answer).toMatch(
        /^HTTP\/1\.1 200 OK\r\nX-Over: tls\r\n[\s\S]*\r\n\r\n[\s\S]*secure \/tls/,
      );
      expect(code).toBe(0);
    },
  );

  test.skipIf(!hasOpenssl)('with --insecure', async () => {
    const { answer } = await through(['--insecure']);
    expect(answer).toMatch(/secure \/tls/);
  });

  test.skipIf(!hasOpenssl)(
    'refused without: the client gets the close, stderr says why',
    async () => {
      const { answer, stderr } = await through([]);
      expect(answer).toBe('');
      expect(stderr).toMatch(/a connection to https:\/\/localhost:\d+ failed: .*certificate/);
    },
  );
});
