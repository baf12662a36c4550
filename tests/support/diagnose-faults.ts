/**
 * Exact diagnosis, measured by hand: each planted fault (all, or those named) against a default
 * run (or the `--suite`s given), in two runs at a time, and what the report says of it
 * (tests/support/diagnosis.ts): the extra failing MUST requirements with the tests that failed
 * them, the missing ones, the harness errors. self-validation judges the same in npm test, on
 * each fault's own suites (SELF_VALIDATION_SUITES=all: every suite).
 *
 *   node --import tsx tests/support/diagnose-faults.ts [--suite S]… [--out FILE] [FAULT…]
 */
import { writeFileSync } from 'node:fs';
import { PLANTED_FAULTS } from '../../reference-server/faults/index.ts';
import { startReferenceServer } from '../../reference-server/listen.ts';
import { runCli } from './cli.ts';
import { diagnose, inexactLine } from './diagnosis.ts';

const args = process.argv.slice(2);
const suites: string[] = [];
const names: string[] = [];
let out = 'reports/diagnose-faults.json';
for (let i = 0; i < args.length; i++) {
  const arg = args[i]!;
  if (arg === '--suite') suites.push(args[++i]!);
  else if (arg === '--out') out = args[++i]!;
  else names.push(arg);
}
const unknown = names.filter((n) => !PLANTED_FAULTS.some((f) => f.name === n));
if (unknown.length > 0) throw new Error(`no such planted fault: ${unknown.join(', ')}`);
const faults = PLANTED_FAULTS.filter((f) => names.length === 0 || names.includes(f.name));

const found: Record<string, unknown> = {};
let exact = 0;
let next = 0;
async function worker(): Promise<void> {
  while (next < faults.length) {
    const fault = faults[next++]!;
    const server = await startReferenceServer({ testControl: true, faults: [fault.name] });
    try {
      const run = await runCli([
        '--target',
        server.url,
        '--seed',
        '7',
        '--runs',
        '10',
        ...suites.flatMap((s) => ['--suite', s]),
      ]);
      let summary;
      try {
        summary = run.summary();
      } catch {
        found[fault.name] = { exitCode: run.code, stderr: run.stderr.slice(-600) };
        process.stdout.write(
          `${fault.name}: no report (exit ${run.code}) ${run.stderr.slice(-300)}\n`,
        );
        continue;
      }
      const d = diagnose(fault.breaks, summary, run.code);
      if (d.exact) exact += 1;
      const by = (id: string) =>
        summary.tests
          .filter(
            (t) => (t.outcomes?.[id]?.status ?? t.status) === 'fail' && t.requirements.includes(id),
          )
          .map((t) => `${t.id} :: ${(t.outcomes?.[id]?.message ?? t.message ?? '').slice(0, 400)}`);
      found[fault.name] = {
        ...d,
        breaks: fault.breaks,
        extraBy: Object.fromEntries(d.extra.map((id) => [id, by(id)])),
        blocked: summary.tests.filter((t) => t.status === 'blocked').length,
      };
      process.stdout.write(
        `${d.exact ? 'exact' : inexactLine(fault.name, d)}${d.exact ? `: ${fault.name}` : ''}\n`,
      );
    } finally {
      await server.close();
    }
  }
}
await Promise.all([worker(), worker()]);
writeFileSync(out, `${JSON.stringify(found, null, 1)}\n`);
process.stdout.write(`exact: ${exact} of ${faults.length} planted faults; details in ${out}\n`);
