// A CLI process that makes several runs in turn, for the project's tests (tests/support/cli-pool.ts):
// each run is `conformance ARGS` as a process of its own runs it (lib/runner/cli/main.ts, evaluated
// again with the run's argv and environment), with its own stdout, stderr and exit code, while
// node, vitest, tsx and the harness modules are loaded once instead of once a run.
//
// The parent sends {args, env} over the IPC channel, one run at a time, and gets back
// {code, stdout, stderr}. Every run sets up what it uses (transport, rate limit, request counter,
// signal handlers, the quota ledger from its environment): lib/runner/cli/run.ts.

// As scripts/conformance-from-source.js: the plain-JS packages a run loads, before tsx's hooks.
import { loadBeforeTsx } from '../../scripts/load-before-tsx.js';

await loadBeforeTsx(true);

const MAIN = new URL('../../lib/runner/cli/main.ts', import.meta.url).href;
const SCRIPT = new URL('../../scripts/conformance-from-source.js', import.meta.url).pathname;
const BASE_ENV = { ...process.env };
let runs = 0;

/** Replaces process.env's contents (not the object: modules hold it) with `wanted`. */
function setEnv(wanted) {
  for (const name of Object.keys(process.env)) if (!(name in wanted)) delete process.env[name];
  Object.assign(process.env, wanted);
}

/** Captures what `stream.write` is given until the returned function is called. */
function capture(stream) {
  const chunks = [];
  const write = stream.write;
  stream.write = (chunk, encoding, done) => {
    chunks.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
    const callback = typeof encoding === 'function' ? encoding : done;
    if (typeof callback === 'function') process.nextTick(callback);
    return true;
  };
  return () => {
    stream.write = write;
    return chunks.join('');
  };
}

/**
 * Forgets what a run left in the harness's process-wide slots (globalThis[Symbol.for(
 * 'soap-rest-conformance.…')]: the provisioned projects, broken preconditions, handed sessions,
 * transport, rate limit): a process of its own starts without them.
 */
function clearHarnessSlots() {
  for (const key of Object.getOwnPropertySymbols(globalThis))
    if (key.description?.startsWith('soap-rest-conformance.')) delete globalThis[key];
}

async function runOnce(args, env) {
  clearHarnessSlots();
  setEnv({ ...BASE_ENV, ...env });
  process.argv = [process.argv[0], SCRIPT, ...args];
  process.exitCode = undefined;
  const stdout = capture(process.stdout);
  const stderr = capture(process.stderr);
  let code;
  try {
    // main.ts runs the command as it is evaluated: a new query makes a new evaluation (its imports
    // are the modules already loaded).
    await import(`${MAIN}?run=${++runs}`);
    code = typeof process.exitCode === 'number' ? process.exitCode : 0;
  } catch (error) {
    process.stderr.write(`cli-driver: ${error?.stack ?? String(error)}\n`);
    code = -1;
  }
  process.exitCode = undefined;
  setEnv(BASE_ENV);
  return { code, stdout: stdout(), stderr: stderr() };
}

process.on('disconnect', () => process.exit(0));
process.on('message', (message) => {
  void runOnce(message.args, message.env).then((answer) => process.send?.(answer));
});
process.send?.({ ready: true });
