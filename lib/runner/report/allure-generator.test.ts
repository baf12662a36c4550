import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from 'vitest';
import { allureGenerator } from './allure-generator.ts';

const exec = promisify(execFile);

/** Two results, one with an attachment, as allure-vitest writes them. */
function resultsDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'conformance-allure-'));
  const results = join(dir, 'allure-results');
  mkdirSync(results);
  const attachment = '5e0ad0e2-8f1c-4a55-9a1f-3f3f0c1d2b10-attachment.txt';
  writeFileSync(join(results, attachment), 'GET /api/tokens\n200 OK\n');
  for (const [uuid, name, status] of [
    ['0b0d8a48-5ad4-4bd4-b1a3-2d2b2b3d9c01', 'a', 'passed'],
    ['1c1e9b59-6be5-4ce5-82b4-3e3c3c4eac12', 'b', 'failed'],
  ] as const)
    writeFileSync(
      join(results, `${uuid}-result.json`),
      JSON.stringify({
        uuid,
        name,
        fullName: `suites/rest/tokens.test.ts#${name}`,
        status,
        statusDetails: status === 'failed' ? { message: 'expected 200, got 500' } : {},
        stage: 'finished',
        start: 1,
        stop: 2,
        labels: [{ name: 'suite', value: 'tokens' }],
        steps: [],
        attachments:
          name === 'b' ? [{ name: 'transcript.txt', source: attachment, type: 'text/plain' }] : [],
      }),
    );
  return dir;
}

/** What differs from one generation to the next: ids, times, the order results were read in. */
function mask(text: string): string {
  return text
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, 'UUID')
    .replace(/\b[0-9a-f]{32}\b/g, 'HASH')
    .replace(/"[A-Za-z0-9_-]{21}"/g, 'NANOID')
    .replace(/\b1[78]\d{11}\b/g, 'TIME')
    .replace(/"order":\d+/g, 'ORDER');
}

const DATA = /d\("([^"]*)","([A-Za-z0-9+/=]*)"\)/g;

/** The report's data files, decoded and masked, their JSON's pieces sorted. */
function reportData(html: string): string[] {
  const files = [...html.matchAll(DATA)].map(([, name, value]) =>
    mask(`${name}\n${Buffer.from(value!, 'base64').toString('utf8')}`)
      .split(/[,{}[\]]/)
      .sort()
      .join('\n'),
  );
  return files.sort();
}

async function generate(script: string, dir: string, out: string): Promise<string> {
  const config = join(dir, `${out}.mjs`);
  const options = { singleFile: true, reportLanguage: 'en', groupBy: ['parentSuite', 'suite'] };
  writeFileSync(
    config,
    `export default ${JSON.stringify({ name: 'Conformance', output: join(dir, out), plugins: { awesome: { options } } })};\n`,
  );
  await exec(
    process.execPath,
    [script, 'generate', '--config', config, join(dir, 'allure-results')],
    {
      cwd: dir,
    },
  );
  return readFileSync(join(dir, out, 'index.html'), 'utf8');
}

test("the bundled generator writes the report allure's own CLI writes", async () => {
  const generator = await allureGenerator();
  // The project's checkout has esbuild (vite's, tsx's): the bundle is made.
  expect(generator.bundled).toBe(true);
  const cli = join(generator.script.split('node_modules')[0]!, 'node_modules', 'allure', 'cli.js');
  const dir = resultsDir();
  const bundled = await generate(generator.script, dir, 'bundled');
  const own = await generate(cli, dir, 'own');
  expect(reportData(bundled).length).toBeGreaterThan(5);
  expect(reportData(bundled)).toEqual(reportData(own));
  // What is not data (the web app, its loader, the head) is the same byte for byte.
  const shell = (html: string) => mask(html.replace(DATA, 'd()'));
  expect(shell(bundled)).toBe(shell(own));
}, 60_000);
