import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startReferenceServer, type RunningServer } from '../../reference-server/listen.ts';
import { HttpClient } from './http.ts';
import { reproduceScript } from './reproduce.ts';
import { Transcript } from './transcript.ts';
import { SoapClient } from '../soap/client.ts';

let server: RunningServer;
beforeAll(async () => {
  server = await startReferenceServer();
});
afterAll(() => server.close());

/** Runs a script with bash, the placeholders replaced by the seeded passwords (async: the server runs in this process). */
async function runScript(script: string): Promise<string> {
  const filled = script
    .replaceAll('<password of alice>', 'alice-pass')
    .replaceAll('<password of bob>', 'bob-pass');
  const { stdout } = await promisify(execFile)('bash', ['-c', filled], { timeout: 20_000 });
  return stdout;
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
    expect(script).toContain('<password of alice>');
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

  test('HTTP Basic: the user is kept, the password is a placeholder', () => {
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
    expect(script).toBe(`curl -sS -i -X GET -u 'bob:<password of bob>' 'http://h/api/projects'`);
  });
});
