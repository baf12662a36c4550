/** Entry point: `conformance run [options]` (npm run conformance) — see args.ts for the options. */
import { ProfileError } from '../target/profile.ts';
import { ExpectationsError } from '../results/expectations.ts';
import { HELP, parseRunArgs, UsageError } from './args.ts';
import { TargetUnreachable } from './preflight.ts';
import { run } from './run.ts';

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined || command === '--help' || command === 'help') {
    process.stdout.write(HELP);
    return command === undefined ? 2 : 0;
  }
  if (command !== 'run') throw new UsageError(`unknown command '${command}' (expected: run)`);
  const options = parseRunArgs(rest);
  if (options.help) {
    process.stdout.write(HELP);
    return 0;
  }
  return run(options, rest);
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  if (
    error instanceof UsageError ||
    error instanceof ProfileError ||
    error instanceof ExpectationsError ||
    error instanceof TargetUnreachable
  ) {
    process.stderr.write(
      `conformance: ${error.message}${error instanceof UsageError ? ' (see --help)' : ''}\n`,
    );
  } else {
    process.stderr.write(
      `conformance: the run could not be done: ${(error as Error).stack ?? String(error)}\n`,
    );
  }
  process.exitCode = 2;
}
