// `npm test`'s first step: the type check and the linter, side by side (each is one core's work:
// tsc ~11 s, eslint ~28 s of CPU; in turn they would leave the second core of a 2-core CI idle).
// Each one's output is printed whole when it ends, never interleaved; the exit code is the first
// failure's, 0 when both pass.
import { spawn } from 'node:child_process';

const CHECKS = [
  ['npm', ['run', '--silent', 'typecheck']],
  ['npx', ['--no-install', 'eslint', '.']],
];

function check([command, args]) {
  return new Promise((done) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const out = [];
    child.stdout.on('data', (chunk) => out.push(chunk));
    child.stderr.on('data', (chunk) => out.push(chunk));
    child.on('error', (error) => done({ code: 1, text: `${command}: ${error.message}\n` }));
    child.on('close', (code) => done({ code: code ?? 1, text: Buffer.concat(out).toString() }));
  });
}

const results = await Promise.all(CHECKS.map(check));
for (const [i, { code, text }] of results.entries()) {
  process.stdout.write(
    `> ${CHECKS[i][0]} ${CHECKS[i][1].join(' ')}${code ? ` (exit ${code})` : ''}\n`,
  );
  process.stdout.write(text);
}
process.exitCode = results.find((r) => r.code !== 0)?.code ?? 0;
