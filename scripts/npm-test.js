// `npm test`: the type check and the linter side by side with vitest (ARGS: vitest's, after
// `npm test --`). Each check is one core's work, and vitest's first project (the units) runs in one
// worker: started together they keep both cores of a 2-core CI busy, where the checks, then vitest,
// each left one idle for a while. A check's output is printed whole when it ends, never inside
// vitest's: when one fails, vitest is stopped and the exit code is the check's; else it is vitest's.
import { spawn } from 'node:child_process';

const CHECKS = [
  ['npm', ['run', '--silent', 'typecheck']],
  ['npx', ['--no-install', 'eslint', '.']],
];

function start(command, args, keep) {
  const child = spawn(command, args, {
    stdio: ['ignore', keep ? 'pipe' : 'inherit', keep ? 'pipe' : 'inherit'],
    // Its own process group: stopped with everything it started.
    detached: !keep,
  });
  const out = [];
  child.stdout?.on('data', (chunk) => out.push(chunk));
  child.stderr?.on('data', (chunk) => out.push(chunk));
  const ended = new Promise((done) => {
    child.on('error', (error) => done({ code: 1, text: `${command}: ${error.message}\n` }));
    child.on('close', (code, signal) =>
      done({ code: code ?? (signal ? 1 : 0), text: Buffer.concat(out).toString() }),
    );
  });
  return { child, ended };
}

const vitest = start(
  'npx',
  ['--no-install', 'vitest', 'run', '--coverage', ...process.argv.slice(2)],
  false,
);
const stopVitest = () => {
  try {
    process.kill(-vitest.child.pid, 'SIGTERM');
  } catch {
    // already ended
  }
};
// A Ctrl-C reaches this process's group; vitest's is its own.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stopVitest());

const checks = CHECKS.map(([command, args]) => ({
  name: `${command} ${args.join(' ')}`,
  ...start(command, args, true),
}));
// The first check to fail stops vitest at once; the other check runs to its end.
for (const check of checks) void check.ended.then((r) => r.code !== 0 && stopVitest());
const results = await Promise.all(checks.map((c) => c.ended));
const failed = results.findIndex((r) => r.code !== 0);
const tests = await vitest.ended;
for (const [i, { code, text }] of results.entries()) {
  process.stdout.write(`> ${checks[i].name}${code ? ` (exit ${code})` : ''}\n`);
  process.stdout.write(text);
}
if (failed !== -1)
  process.stdout.write(`npm test: ${checks[failed].name} failed: vitest stopped\n`);
process.exitCode = failed !== -1 ? results[failed].code : tests.code;
