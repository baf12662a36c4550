import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startReferenceServer, type RunningServer } from '../../../reference-server/listen.ts';
import { HttpClient } from './http.ts';
import { REDACTED } from './redact.ts';
import { reproduceScript } from './reproduce.ts';
import { Transcript } from './transcript.ts';
import { SoapClient } from '../soap/client.ts';

let server: RunningServer;
beforeAll(async () => {
  server = await startReferenceServer();
});
afterAll(() => server.close());

const SEEDED = { ALICE_PASSWORD: 'alice-pass', BOB_PASSWORD: 'bob-pass' };

/** Runs a script with bash, the passwords in the variables it names (async: the server runs in this process). */
async function runScript(script: string, env: Record<string, string> = SEEDED) {
  return promisify(execFile)('bash', ['-c', script], {
    timeout: 20_000,
    env: { ...process.env, ALICE_PASSWORD: undefined, BOB_PASSWORD: undefined, ...env },
  }).then(
    ({ stdout }) => stdout,
    (error: { stdout: string; stderr: string; code: number }) =>
      `exit ${error.code}\n${error.stderr}${error.stdout}`,
  );
}

describe('reproduceScript', () => {
  test('a REST request made with a token: the script obtains a token for the same account, then sends it', async () => {
    const transcript = new Transcript();
    transcript.secrets.add('alice-pass');
    const http = new HttpClient(server.url, transcript, 5000);
    const token = (
      await http.send({
        method: 'POST',
        path: '/api/tokens',
        json: { username: 'alice', password: 'alice-pass' },
      })
    ).json<{ token: string; user_id: string }>();
    await http.send({
      path: '/api/projects/102',
      headers: { 'X-Auth-Token': token.token, 'X-Auth-UserId': token.user_id },
    });
    const script = reproduceScript(transcript.exchanges, 1, transcript.secrets);
    expect(script).not.toContain(token.token);
    expect(script).not.toContain('alice-pass');
    expect(script).toContain('${ALICE_PASSWORD:?set ALICE_PASSWORD to the password of alice}');
    expect(script.split('\n').slice(0, 2)).toEqual(['#!/usr/bin/env bash', 'set -euo pipefail']);
    const output = await runScript(script);
    expect(output, 'the private project is readable with the fresh token').toMatch(
      /^HTTP\/1.1 200/,
    );
    expect(output).toContain('"shortname":"private-project"');
  });

  test('a SOAP call made with a session key: the script logs in as the same account, then calls', async () => {
    const transcript = new Transcript();
    transcript.secrets.add('bob-pass');
    const http = new HttpClient(server.url, transcript, 5000);
    const login = await SoapClient.login(http).raw('login', [
      { name: 'loginname', type: 'xsd:string', value: 'bob' },
      { name: 'passwd', type: 'xsd:string', value: 'bob-pass' },
    ]);
    const key = (login.value as { session_hash: string }).session_hash;
    await SoapClient.project(http).call('getProjectServicesUsage', {
      session_key: key,
      group_id: 101,
    });
    const script = reproduceScript(transcript.exchanges, 1, transcript.secrets);
    expect(script).not.toContain(key);
    expect(script).not.toContain('bob-pass');
    const output = await runScript(script);
    expect(output, 'bob is a member, not an admin: the same fault 3203').toContain(
      '<faultcode>3203</faultcode>',
    );
  });

  test('HTTP Basic: the user is kept, the password read from the variable the script names', () => {
    const transcript = new Transcript();
    transcript.record({
      method: 'GET',
      url: 'http://h/api/projects',
      requestHeaders: { authorization: `Basic ${Buffer.from('bob:bob-pass').toString('base64')}` },
      requestBody: '',
      status: 200,
      durationMs: 1,
    });
    const script = reproduceScript(transcript.exchanges, 0, transcript.secrets);
    expect(script.split('\n').at(-1)).toBe(
      `curl -sS -i -X GET -u 'bob:'"\${BOB_PASSWORD:?set BOB_PASSWORD to the password of bob}" 'http://h/api/projects'`,
    );
  });

  test('a password that JSON must escape reaches the token route as valid JSON (401 for a wrong one, not 400)', async () => {
    const transcript = new Transcript();
    const http = new HttpClient(server.url, transcript, 5000);
    const token = (
      await http.send({
        method: 'POST',
        path: '/api/tokens',
        json: { username: 'alice', password: 'alice-pass' },
      })
    ).json<{ token: string; user_id: string }>();
    await http.send({
      path: '/api/projects/102',
      headers: { 'X-Auth-Token': token.token, 'X-Auth-UserId': token.user_id },
    });
    const script = reproduceScript(transcript.exchanges, 1, transcript.secrets);
    const output = await runScript(script, { ALICE_PASSWORD: 'a"b\\c<&' });
    expect(output).toMatch(
      /^exit 1\nreproduce: POST \/api\/tokens for 'alice' answered HTTP 401: check the password/,
    );
  });

  test('the script stops, naming the variable, when it is not set, and when the login is refused', async () => {
    const transcript = new Transcript();
    const http = new HttpClient(server.url, transcript, 5000);
    const login = await SoapClient.login(http).raw('login', [
      { name: 'loginname', type: 'xsd:string', value: 'bob' },
      { name: 'passwd', type: 'xsd:string', value: 'bob-pass' },
    ]);
    const key = (login.value as { session_hash: string }).session_hash;
    await SoapClient.project(http).call('getProjectServicesUsage', {
      session_key: key,
      group_id: 101,
    });
    const script = reproduceScript(transcript.exchanges, 1, transcript.secrets);
    const unset = await runScript(script, {});
    expect(unset).toMatch(/^exit 1\n.*BOB_PASSWORD: set BOB_PASSWORD to the password of bob\n$/);
    expect(unset, 'one hint: the variable, not a refused login too').not.toContain(
      'check the password',
    );
    expect(script).toContain(
      '# Needs BOB_PASSWORD in the environment (BOB_PASSWORD: the password of bob).',
    );
    expect(await runScript(script, { BOB_PASSWORD: 'wrong' })).toMatch(
      /^exit 1\nreproduce: the SOAP login of 'bob' gave no session: check the password/,
    );
  });

  test('a token whose login the transcript does not show (traffic): read from a variable the script names, not left redacted', async () => {
    const transcript = new Transcript();
    const http = new HttpClient(server.url, new Transcript(), 5000);
    const token = (
      await http.send({
        method: 'POST',
        path: '/api/tokens',
        json: { username: 'alice', password: 'alice-pass' },
      })
    ).json<{ token: string; user_id: string }>();
    await new HttpClient(server.url, transcript, 5000).send({
      path: '/api/projects/102',
      headers: { 'X-Auth-Token': token.token, 'X-Auth-UserId': token.user_id },
    });
    transcript.secrets.add(token.token);
    const script = reproduceScript(transcript.exchanges, 0, transcript.secrets);
    expect(script).not.toContain(token.token);
    expect(script).not.toContain(REDACTED);
    expect(script).toContain(
      `# Needs AUTH_TOKEN_1 in the environment (AUTH_TOKEN_1: a token of user ${token.user_id} (POST /api/tokens, §5.2.3)).`,
    );
    expect(await runScript(script, { AUTH_TOKEN_1: token.token })).toMatch(/^HTTP\/1.1 200/);
    const unset = await runScript(script, {});
    expect(unset).toMatch(/^exit 1\n.*AUTH_TOKEN_1: set AUTH_TOKEN_1 to a token of user/);
    expect(unset.trim().split('\n')).toHaveLength(2);
  });

  test("a login sent in the request itself: its password read from the account's variable", async () => {
    const transcript = new Transcript();
    transcript.secrets.add('alice-pass');
    await new HttpClient(server.url, transcript, 5000).send({
      method: 'POST',
      path: '/api/tokens',
      json: { username: 'alice', password: 'alice-pass' },
    });
    const script = reproduceScript(transcript.exchanges, 0, transcript.secrets);
    expect(script).not.toContain(REDACTED);
    expect(script).toContain('ALICE_PASSWORD');
    expect(await runScript(script)).toMatch(/^HTTP\/1.1 200/);
  });

  test('a SOAP session key whose login the transcript does not show: read from SESSION_KEY_1', () => {
    const transcript = new Transcript();
    const envelope = (key: string) =>
      `<?xml version="1.0"?><soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/"><soapenv:Body><getProjectServicesUsage><sessionKey>${key}</sessionKey><group_id>101</group_id></getProjectServicesUsage></soapenv:Body></soapenv:Envelope>`;
    transcript.record({
      method: 'POST',
      url: 'http://h/soap/project/',
      requestHeaders: { 'content-type': 'text/xml' },
      requestBody: envelope('0123456789abcdef'),
      status: 200,
      durationMs: 1,
    });
    const script = reproduceScript(transcript.exchanges, 0, transcript.secrets);
    expect(script).not.toContain('0123456789abcdef');
    expect(script).not.toContain(REDACTED);
    expect(script).toContain('# Needs SESSION_KEY_1 in the environment');
    expect(script).toContain(`<sessionKey>'"\${SESSION_KEY_1:?set SESSION_KEY_1 to a session key`);
  });
});
